/* Collapse of a perfect loop pair into one loop (gp_loop_collapse).  */

#include "internal.h"

/* Fills PP for loop OUTER, a pair whose iterations are counted anew
   (collapse, skew): no running value, counts of at most 32 bits (their
   products and sums fit 64).  With APPLY, the pair is then versioned on
   the guard of its inner loop and its counts computed before it.  */
gp_interchange_status
ix_recounted (unsigned outer, bool marked_ok, int apply, ix_pair *pp)
{
  gp_interchange_status status = ix_analyse (outer, marked_ok, pp);
  if (status != GP_IX_OK)
    return status;
  if (pp->red)
    return GP_IX_CARRIED;
  if (TYPE_PRECISION (TREE_TYPE (pp->o_count)) > 32
      || TYPE_PRECISION (TREE_TYPE (pp->n_count)) > 32)
    return GP_IX_COUNT;
  if (!apply)
    return GP_IX_OK;
  if (!ix_enter_always (pp))
    return GP_IX_NOT_PERFECT;
  ix_counts_before (pp);
  return GP_IX_OK;
}

gp_interchange_status
gp_loop_collapse (unsigned outer, int apply)
{
  ix_pair pair;
  ix_pair *pp = &pair;
  gp_interchange_status status = ix_recounted (outer, true, apply, pp);
  if (status != GP_IX_OK || !apply)
    return status;
  class loop *o = pp->o, *n = pp->n;

  /* Before the pair: N's trip count and the pair's latch count, in
     unsigned 64 bits.  */
  tree u64 = long_long_unsigned_type_node;
  tree one = build_int_cst (u64, 1);
  tree n_trips = fold_build2 (PLUS_EXPR, u64, fold_convert (u64, pp->n_count),
			      one);
  tree o_trips = fold_build2 (PLUS_EXPR, u64, fold_convert (u64, pp->o_count),
			      one);
  tree latch = fold_build2 (MINUS_EXPR, u64,
			    fold_build2 (MULT_EXPR, u64, o_trips, n_trips),
			    one);
  n_trips = value_before (o, n_trips);
  latch = value_before (o, latch);

  /* N counts K over both loops' iterations; O's counters take K / N's
     trips, N's K % N's trips.  */
  auto_bitmap dead;
  tree k_after;
  tree k = new_u64_counter (n, pp->ne, &k_after);
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  tree q = force_gimple_operand_gsi (&to, fold_build2 (TRUNC_DIV_EXPR, u64, k,
						       n_trips),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  tree r = force_gimple_operand_gsi (&to, fold_build2 (TRUNC_MOD_EXPR, u64, k,
						       n_trips),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  ix_replace_counters (pp, q, r, NULL_TREE, &to, dead);
  /* O's own statements after the counters' values.  */
  ix_outer_code_into_inner (pp, &to, dead);

  /* N runs every iteration; O once.  The mark moves to N.  */
  create_canonical_iv (n, pp->ne, latch);
  create_canonical_iv (o, pp->oe, build_int_cst (u64, 0));
  n->can_be_parallel = o->can_be_parallel;
  o->can_be_parallel = false;
  ix_finish (pp, dead, -1);
  return GP_IX_OK;
}
