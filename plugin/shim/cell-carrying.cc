/* Cells updated in memory carried in registers across an inner loop
   (gp_loop_carry_cell).  */

#include "internal.h"

int
gp_loop_carry_cell (unsigned num, const gp_stmt *store_in,
		    const gp_stmt *const *loads_in, unsigned n, int apply)
{
  class loop *loop = get_loop (cfun, num);
  gimple *store = as_stmt (store_in);
  if (!loop || !store || !loop->latch
      || !gp_loop_sink_store (num, store_in, 0))
    return 0;
  if (n == 0)
    return gp_loop_sink_store (num, store_in, apply);
  tree ref = gimple_assign_lhs (store);
  tree value = gimple_assign_rhs1 (store);
  basic_block at = gimple_bb (store);
  /* The store runs in every iteration: its value is the next one's.  */
  calculate_dominance_info (CDI_DOMINATORS);
  if (!dominated_by_p (CDI_DOMINATORS, loop->latch, at))
    return 0;
  gphi *vphi = get_virtual_phi (loop->header);
  if (!vphi)
    return 0;
  auto_vec<gimple *> loads;
  for (unsigned k = 0; k < n; k++)
    {
      gimple *load = as_stmt (loads_in[k]);
      if (!load || load == store || !gimple_assign_single_p (load)
	  || !gimple_vuse (load) || gimple_vdef (load)
	  || gimple_has_volatile_ops (load)
	  || gimple_bb (load)->loop_father != loop
	  || TREE_CODE (gimple_assign_lhs (load)) != SSA_NAME
	  || !operand_equal_p (gimple_assign_rhs1 (load), ref, 0)
	  || !useless_type_conversion_p (TREE_TYPE (gimple_assign_lhs (load)),
					 TREE_TYPE (ref)))
	return 0;
      /* Before the store in the iteration.  */
      basic_block lb = gimple_bb (load);
      if (lb == at)
	{
	  gimple_stmt_iterator g = gsi_for_stmt (load);
	  for (; !gsi_end_p (g) && gsi_stmt (g) != store; gsi_next (&g))
	    ;
	  if (gsi_end_p (g))
	    return 0;
	}
      else if (!dominated_by_p (CDI_DOMINATORS, at, lb))
	return 0;
      if (!loads.contains (load))
	loads.safe_push (load);
    }
  if (!apply)
    return 1;
  location_t loc = gimple_location (store);
  tree type = TREE_TYPE (ref);
  edge entry = loop_preheader_edge (loop);
  /* The cell's value before the loop, in the memory state the loop
     starts with.  */
  tree before = make_ssa_name (type);
  gassign *first = gimple_build_assign (before, unshare_expr (ref));
  gimple_set_location (first, loc);
  gimple_set_vuse (first, PHI_ARG_DEF_FROM_EDGE (vphi, entry));
  gsi_insert_on_edge_immediate (entry, first);
  update_stmt (first);
  tree running = make_ssa_name (type);
  gphi *phi = create_phi_node (running, loop->header);
  add_phi_arg (phi, before, loop_preheader_edge (loop), loc);
  add_phi_arg (phi, value, loop_latch_edge (loop), loc);
  for (gimple *load : loads)
    {
      gimple_stmt_iterator g = gsi_for_stmt (load);
      gimple_assign_set_rhs_from_tree (&g, running);
      gimple_set_vuse (gsi_stmt (g), NULL_TREE);
      update_stmt (gsi_stmt (g));
    }
  return gp_loop_sink_store (num, store_in, 1);
}
