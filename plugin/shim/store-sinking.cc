/* A reduction's store into one memory cell moved after its loop
   (gp_loop_sink_store).  */

#include "internal.h"

int
gp_loop_sink_store (unsigned num, const gp_stmt *store_in, int apply)
{
  class loop *loop = get_loop (cfun, num);
  gimple *store = as_stmt (store_in);
  edge exit = loop ? single_exit (loop) : NULL;
  if (!exit || !loop->latch || !store || !gimple_assign_single_p (store)
      || !gimple_store_p (store) || gimple_has_volatile_ops (store)
      || gimple_bb (store)->loop_father != loop)
    return 0;
  tree ref = gimple_assign_lhs (store);
  tree value = gimple_assign_rhs1 (store);
  if (!is_gimple_reg_type (TREE_TYPE (ref))
      || (TREE_CODE (value) != SSA_NAME && !is_gimple_min_invariant (value))
      || !ri_address_invariant (loop, ref))
    return 0;
  /* The iteration that leaves the loop has stored: its value is the last
     the loop stores.  */
  calculate_dominance_info (CDI_DOMINATORS);
  if (!dominated_by_p (CDI_DOMINATORS, exit->src, gimple_bb (store)))
    return 0;
  if (!apply)
    return 1;
  location_t loc = gimple_location (store);
  gimple_stmt_iterator gsi = gsi_for_stmt (store);
  unlink_stmt_vdef (store);
  gsi_remove (&gsi, true);
  release_defs (store);
  /* GCC's split keeps loop-closed SSA: the values the loop hands to the
     PHIs after it go through PHIs of the new block.  */
  basic_block after
    = single_pred_p (exit->dest) ? exit->dest : split_loop_exit_edge (exit);
  edge into = single_pred_edge (after);
  /* Loop-closed SSA: a value of the loop leaves it through a PHI.  */
  if (TREE_CODE (value) == SSA_NAME && !defined_outside (value, loop))
    {
      gphi *phi = create_phi_node (make_ssa_name (TREE_TYPE (value)), after);
      add_phi_arg (phi, value, into, loc);
      value = gimple_phi_result (phi);
    }
  gassign *sunk = gimple_build_assign (unshare_expr (ref), value);
  gimple_set_location (sunk, loc);
  gimple_stmt_iterator at = gsi_after_labels (after);
  gsi_insert_before (&at, sunk, GSI_SAME_STMT);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return 1;
}
