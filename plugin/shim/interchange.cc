/* Interchange of a perfect loop pair (gp_loop_interchange).  */

#include "internal.h"

/* Gives the counter C a copy in loop TO (incremented before TO_EXIT's
   test) and removes it; its uses take the copy.  */
static void
ix_move_counter (const ix_counter &c, class loop *to, edge to_exit,
		 bitmap dead)
{
  gimple_stmt_iterator incr = gsi_last_bb (to_exit->src);
  tree before, after;
  create_iv (unshare_expr (c.base), unshare_expr (c.step),
	     SSA_NAME_VAR (PHI_RESULT (c.phi)), to, &incr, false, &before,
	     &after);
  ix_replace_counter (c, before, to, dead);
}

gp_interchange_status
gp_loop_interchange (unsigned outer, int apply, gp_running_value *out)
{
  if (out)
    *out = {};
  ix_pair pair;
  ix_pair *pp = &pair;
  gp_interchange_status status = ix_analyse (outer, false, pp);
  if (status != GP_IX_OK)
    return status;
  class loop *o = pp->o, *n = pp->n;
  edge oe = pp->oe, ne = pp->ne;
  gphi *red = pp->red;
  ix_running &run = pp->run;
  if (red && out)
    {
      out->phi = to_gp (PHI_RESULT (red));
      out->next = to_gp (run.next);
      out->stored_after = run.store_after;
      out->lcssa = run.lcssa ? to_gp (PHI_RESULT (run.lcssa)) : NULL;
      out->store_block = pp->x->index;
    }
  if (!apply)
    return GP_IX_OK;
  if (!ix_enter_always (pp))
    return GP_IX_NOT_PERFECT;
  ix_counts_before (pp);
  tree o_count = pp->o_count, n_count = pp->n_count;
  const ix_counter *first = pp->first;

  auto_bitmap dead;
  /* The running value is stored every iteration and read back from its
     cell.  */
  if (red)
    {
      tree res = PHI_RESULT (red);
      if (run.store_after)
	{
	  gimple_stmt_iterator from = gsi_for_stmt (run.store);
	  gimple_stmt_iterator at = gsi_for_stmt (SSA_NAME_DEF_STMT (run.next));
	  unlink_stmt_vdef (run.store);
	  release_ssa_name (gimple_vdef (run.store));
	  gimple_set_vdef (run.store, NULL_TREE);
	  gimple_set_vuse (run.store, NULL_TREE);
	  gimple_assign_set_rhs1 (run.store, run.next);
	  gsi_move_after (&from, &at);
	  update_stmt (run.store);
	  gphi_iterator g = gsi_for_phi (run.lcssa);
	  remove_phi_node (&g, true);
	}
      gimple_stmt_iterator to = gsi_after_labels (n->header);
      tree val;
      if (run.load)
	{
	  gimple_stmt_iterator from = gsi_for_stmt (run.load);
	  gimple_set_vuse (run.load, NULL_TREE);
	  gsi_move_before (&from, &to);
	  update_stmt (run.load);
	  val = run.init;
	}
      else
	{
	  if (run.init_store)
	    {
	      gimple_stmt_iterator g = gsi_for_stmt (run.init_store);
	      unlink_stmt_vdef (run.init_store);
	      gsi_remove (&g, true);
	      release_defs (run.init_store);
	    }
	  tree cell = make_ssa_name (TREE_TYPE (res));
	  gimple *ld = gimple_build_assign (cell, unshare_expr (run.ref));
	  gsi_insert_before (&to, ld, GSI_SAME_STMT);
	  tree later = make_ssa_name (boolean_type_node);
	  tree counter = PHI_RESULT (first->phi);
	  tree start = PHI_ARG_DEF_FROM_EDGE (first->phi,
					      loop_preheader_edge (n));
	  gsi_insert_before (&to, gimple_build_assign (later, NE_EXPR, counter,
						       start),
			     GSI_SAME_STMT);
	  val = make_ssa_name (TREE_TYPE (res));
	  gsi_insert_before (&to, gimple_build_assign (val, COND_EXPR, later,
						       cell, run.init),
			     GSI_SAME_STMT);
	}
      if (run.store_after)
	{
	  /* The cell's address, computed in X, moves to N's start (before
	     the load of the cell just put there).  */
	  auto_bitmap needed;
	  ssa_op_iter oi;
	  tree u;
	  FOR_EACH_SSA_TREE_OPERAND (u, run.store, oi, SSA_OP_USE)
	    bitmap_set_bit (needed, SSA_NAME_VERSION (u));
	  auto_vec<gimple *> slice;
	  for (gimple_stmt_iterator gi = gsi_last_bb (pp->x); !gsi_end_p (gi);
	       gsi_prev (&gi))
	    {
	      gimple *d = gsi_stmt (gi);
	      tree lhs = is_gimple_assign (d) ? gimple_assign_lhs (d) : NULL_TREE;
	      if (!lhs || TREE_CODE (lhs) != SSA_NAME
		  || !bitmap_bit_p (needed, SSA_NAME_VERSION (lhs)))
		continue;
	      slice.safe_push (d);
	      FOR_EACH_SSA_TREE_OPERAND (u, d, oi, SSA_OP_USE)
		bitmap_set_bit (needed, SSA_NAME_VERSION (u));
	    }
	  gimple_stmt_iterator start = gsi_after_labels (n->header);
	  for (unsigned i = slice.length (); i-- > 0;)
	    {
	      gimple_stmt_iterator from2 = gsi_for_stmt (slice[i]);
	      gsi_move_before (&from2, &start);
	    }
	}
      imm_use_iterator it;
      use_operand_p up;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, res)
	{
	  if (is_gimple_debug (use))
	    {
	      gimple_debug_bind_reset_value (use);
	      update_stmt (use);
	      continue;
	    }
	  FOR_EACH_IMM_USE_ON_STMT (up, it)
	    SET_USE (up, val);
	  update_stmt (use);
	}
      gimple_stmt_iterator g = gsi_for_stmt (red);
      remove_phi_node (&g, true);
    }

  /* O's own statements run in N, before everything.  */
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  ix_outer_code_into_inner (pp, &to, dead);

  /* Each loop takes the other's counters and trip count.  */
  for (const ix_counter &c : pp->o_counters)
    ix_move_counter (c, n, ne, dead);
  for (const ix_counter &c : pp->n_counters)
    ix_move_counter (c, o, oe, dead);
  create_canonical_iv (o, oe, n_count);
  create_canonical_iv (n, ne, o_count);
  ix_finish (pp, dead, 0);
  return GP_IX_OK;
}
