/* Values a marked loop hands out through its exit, taken from where they
   are or computed again after it (gp_loop_recompute_exit_values).  */

#include "internal.h"

/* Whether V, the value of an exit PHI of LOOP, is one the loop does not
   compute (a constant, a value from before it) or computes alike in
   every iteration: an assignment with no memory access, no side effect
   and operands from before the loop.  */
static bool
rx_recomputable (tree v, class loop *loop)
{
  if (TREE_CODE (v) != SSA_NAME)
    return is_gimple_min_invariant (v);
  if (virtual_operand_p (v))
    return false;
  if (defined_outside (v, loop))
    return true;
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (!is_gimple_assign (def) || gimple_vuse (def)
      || gimple_has_side_effects (def) || stmt_could_throw_p (cfun, def))
    return false;
  for (unsigned i = 1; i < gimple_num_ops (def); i++)
    {
      tree op = gimple_op (def, i);
      if (!op || !(TREE_CODE (op) == SSA_NAME ? defined_outside (op, loop)
					       : is_gimple_min_invariant (op)))
	return false;
    }
  return true;
}

unsigned
gp_loop_recompute_exit_values (unsigned num)
{
  class loop *loop = get_loop (cfun, num);
  edge exit = loop ? single_exit (loop) : NULL;
  if (!exit)
    return 0;
  /* Nothing changes unless some exit value is one.  */
  bool any = false;
  for (gphi_iterator pi = gsi_start_phis (exit->dest); !gsi_end_p (pi) && !any;
       gsi_next (&pi))
    any = rx_recomputable (PHI_ARG_DEF_FROM_EDGE (pi.phi (), exit), loop);
  if (!any)
    return 0;
  /* A block of its own after the exit, whose PHIs have one argument each:
     theirs are the values the loop hands out.  */
  calculate_dominance_info (CDI_DOMINATORS);
  basic_block after = split_loop_exit_edge (exit, true);
  edge in = single_pred_edge (after);
  gimple_stmt_iterator at = gsi_after_labels (after);
  unsigned n = 0;
  for (gphi_iterator pi = gsi_start_phis (after); !gsi_end_p (pi);)
    {
      gphi *phi = pi.phi ();
      tree v = PHI_ARG_DEF_FROM_EDGE (phi, in);
      if (!rx_recomputable (v, loop))
	{
	  gsi_next (&pi);
	  continue;
	}
      tree value = v;
      if (TREE_CODE (v) == SSA_NAME && !defined_outside (v, loop))
	{
	  gimple *copy = gimple_copy (SSA_NAME_DEF_STMT (v));
	  value = make_ssa_name (TREE_TYPE (gimple_phi_result (phi)));
	  gimple_assign_set_lhs (copy, value);
	  gsi_insert_before (&at, copy, GSI_SAME_STMT);
	  update_stmt (copy);
	}
      replace_uses_by (gimple_phi_result (phi), value);
      remove_phi_node (&pi, true);
      n++;
    }
  return n;
}
