/* Invariant loads PRE carries from one iteration of a marked loop to the
   next, loaded again at the start of each iteration
   (gp_loop_reload_invariants).  */

#include "internal.h"

/* T, through copies and single-valued PHIs (loop-closed SSA's).  */
static tree
ri_strip (tree t)
{
  for (int steps = 0; steps < 16 && t && TREE_CODE (t) == SSA_NAME; steps++)
    {
      gimple *def = SSA_NAME_DEF_STMT (t);
      tree next = NULL_TREE;
      if (gphi *phi = dyn_cast<gphi *> (def))
	{
	  for (unsigned a = 0; a < gimple_phi_num_args (phi); a++)
	    {
	      tree arg = gimple_phi_arg_def (phi, a);
	      if (next && !operand_equal_p (arg, next, 0))
		return t;
	      next = arg;
	    }
	}
      else if (gimple_assign_ssa_name_copy_p (def))
	next = gimple_assign_rhs1 (def);
      if (!next)
	return t;
      t = next;
    }
  return t;
}

/* Whether VALUE is the value of memory reference REF in the memory state
   ENTRY: VALUE is REF's load in that state, or the value stored to REF by
   a store before it with nothing in between that may write REF.  */
static bool
ri_value_at (tree value, tree ref, tree entry)
{
  value = ri_strip (value);
  gimple *vdef = TREE_CODE (value) == SSA_NAME ? SSA_NAME_DEF_STMT (value) : NULL;
  bool value_is_load = vdef && gimple_assign_single_p (vdef) && gimple_vuse (vdef)
		       && operand_equal_p (gimple_assign_rhs1 (vdef), ref, 0);
  tree v = entry;
  for (int steps = 0; steps < 64 && v && TREE_CODE (v) == SSA_NAME; steps++)
    {
      if (value_is_load && gimple_vuse (vdef) == v)
	return true;
      gimple *s = SSA_NAME_DEF_STMT (v);
      if (gimple_nop_p (s) || gimple_code (s) == GIMPLE_PHI)
	return false;
      if (gimple_assign_single_p (s) && gimple_vdef (s)
	  && operand_equal_p (gimple_assign_lhs (s), ref, 0))
	{
	  tree stored = ri_strip (gimple_assign_rhs1 (s));
	  return stored == value
		 || (CONSTANT_CLASS_P (stored) && CONSTANT_CLASS_P (value)
		     && operand_equal_p (stored, value, 0));
	}
      if (stmt_may_clobber_ref_p (s, ref))
	return false;
      v = gimple_vuse (s);
    }
  return false;
}

/* Whether every SSA name in the address of REF is defined outside LOOP.  */
bool
ri_address_invariant (class loop *loop, tree ref)
{
  return !walk_tree_without_duplicates (
    &ref,
    [] (tree *sub, int *, void *d) -> tree {
      return TREE_CODE (*sub) == SSA_NAME && !defined_outside (*sub, (class loop *) d)
	     ? *sub : NULL_TREE;
    },
    (void *) loop);
}

unsigned
gp_loop_reload_invariants (unsigned num, const gp_tree *const *refs_in,
			   unsigned n)
{
  class loop *loop = get_loop (cfun, num);
  if (!loop || n == 0 || !loop->latch || loop->latch == loop->header
      || !single_succ_p (loop->latch))
    return 0;
  auto_vec<tree> refs;
  for (unsigned k = 0; k < n; k++)
    if (tree r = as_tree (refs_in[k]))
      refs.safe_push (r);
  edge entry_edge = loop_preheader_edge (loop);
  gphi *vphi = get_virtual_phi (loop->header);
  edge latch_edge = loop_latch_edge (loop);
  unsigned done = 0;
  for (gphi_iterator pi = gsi_start_phis (loop->header); !gsi_end_p (pi);)
    {
      gphi *phi = pi.phi ();
      tree res = gimple_phi_result (phi);
      tree from_latch = PHI_ARG_DEF_FROM_EDGE (phi, latch_edge);
      tree from_entry = PHI_ARG_DEF_FROM_EDGE (phi, entry_edge);
      gimple *load = TREE_CODE (from_latch) == SSA_NAME
		     ? SSA_NAME_DEF_STMT (from_latch) : NULL;
      if (virtual_operand_p (res) || !load || gimple_bb (load) != loop->latch
	  || !gimple_assign_single_p (load) || !gimple_vuse (load)
	  || !refs.contains (gimple_assign_rhs1 (load)))
	{
	  gsi_next (&pi);
	  continue;
	}
      tree ref = gimple_assign_rhs1 (load);
      /* The memory state at the loop's entry: the virtual PHI's value from
	 before the loop, or, with no store in the loop, the load's own.  */
      tree entry = vphi ? PHI_ARG_DEF_FROM_EDGE (vphi, entry_edge) : gimple_vuse (load);
      if (!useless_type_conversion_p (TREE_TYPE (res), TREE_TYPE (ref))
	  || !ri_address_invariant (loop, ref)
	  || !ri_value_at (from_entry, ref, entry))
	{
	  gsi_next (&pi);
	  continue;
	}
      done++;
      /* The PHI's result becomes the load's, at the start of the header,
	 in the memory state the header starts with.  */
      remove_phi_node (&pi, false);
      gassign *reload = gimple_build_assign (res, unshare_expr (ref));
      gimple_set_vuse (reload, vphi ? gimple_phi_result (vphi) : entry);
      gimple_stmt_iterator at = gsi_after_labels (loop->header);
      gsi_insert_before (&at, reload, GSI_SAME_STMT);
      update_stmt (reload);
      if (has_zero_uses (from_latch))
	{
	  gimple_stmt_iterator g = gsi_for_stmt (load);
	  gsi_remove (&g, true);
	  release_defs (load);
	}
    }
  return done;
}
