/* A triangular pair run by its wavefronts (gp_loop_wavefront).  */

#include "internal.h"

/* A pair run by its wavefronts (gp_loop_wavefront): the pair; O's latch
   count A, N's latch count C0 + C1 * a in O's iteration a (C1 is 1 or
   -1) and its greatest value BMAX, 64-bit signed; N's counters.  */
struct wf_pair
{
  ix_pair pair;
  tree a_count, c0, bmax;
  int c1;
};

/* N's latch count in O's iteration a, C0 + C1 * a, from N's exit test and
   the guard of its entry, which must be the exit test's condition of the
   counter's start value (N runs while its counter, stepping by one from
   that value, stays below or above an invariant bound).  */
static bool
wf_inner_count (wf_pair *wp)
{
  ix_pair *pp = &wp->pair;
  class loop *o = pp->o, *n = pp->n;
  if (!pp->guard)
    return false;
  tree next, bound;
  enum tree_code go_on = exit_go_on (pp->ne, &next, &bound);
  const ix_counter *c = NULL;
  for (int side = 0; side < 2 && !c; side++)
    {
      for (const ix_counter &k : pp->n_counters)
	if (PHI_ARG_DEF_FROM_EDGE (k.phi, loop_latch_edge (n)) == next)
	  c = &k;
      if (!c && side == 0)
	{
	  std::swap (next, bound);
	  go_on = swap_tree_comparison (go_on);
	}
    }
  if (!c || !c->move || !defined_outside (bound, o))
    return false;
  tree type = TREE_TYPE (PHI_RESULT (c->phi));
  if (!INTEGRAL_TYPE_P (type) || !TYPE_OVERFLOW_UNDEFINED (type)
      || TYPE_PRECISION (type) > 32)
    return false;
  /* The guard: the same test of the start value.  */
  gcond *g = pp->guard;
  enum tree_code enter = gimple_cond_code (g);
  if (pp->skip->flags & EDGE_FALSE_VALUE)
    ;
  else
    enter = invert_tree_comparison (enter, false);
  tree start = PHI_ARG_DEF_FROM_EDGE (c->phi, loop_preheader_edge (n));
  tree gl = gimple_cond_lhs (g), gr = gimple_cond_rhs (g);
  if (gr == start)
    {
      std::swap (gl, gr);
      enter = swap_tree_comparison (enter);
    }
  if (gl != start || !operand_equal_p (gr, bound, 0) || enter != go_on)
    return false;
  /* Counting: with step 1, values below BOUND (up to it with <=); with
     step -1, above it.  */
  HOST_WIDE_INT step = tree_to_shwi (c->step);
  HOST_WIDE_INT b1 = tree_to_shwi (c->move);
  int below = step == 1 && (go_on == LT_EXPR || go_on == LE_EXPR);
  int above = step == -1 && (go_on == GT_EXPR || go_on == GE_EXPR);
  if (!below && !above)
    return false;
  int strict = go_on == LT_EXPR || go_on == GT_EXPR;
  wp->c1 = below ? -b1 : b1;
  if (wp->c1 != 1 && wp->c1 != -1)
    return false;
  tree s64 = long_long_integer_type_node;
  tree lo = below ? bound : c->base, hi = below ? c->base : bound;
  /* C0 = LO - HI - STRICT, a constant where the values' definitions say
     so (j = i + 1 over i = n - 1 against n).  */
  auto c0_of = [&] (tree l, tree h) {
    return fold_build2 (MINUS_EXPR, s64,
			fold_build2 (MINUS_EXPR, s64,
				     fold_convert (s64, unshare_expr (l)),
				     fold_convert (s64, unshare_expr (h))),
			build_int_cst (s64, strict));
  };
  tree expanded = c0_of (expand_simple_operations (lo),
			 expand_simple_operations (hi));
  wp->c0 = TREE_CODE (expanded) == INTEGER_CST ? expanded : c0_of (lo, hi);
  return true;
}

/* Fills WP for loop OUTER and says whether its pair can run by wavefronts
   (gp_loop_wavefront).  */
static gp_interchange_status
wf_analyse (unsigned outer, wf_pair *wp)
{
  ix_pair *pp = &wp->pair;
  gp_interchange_status status = ix_shape (outer, false, true, pp);
  if (status != GP_IX_OK)
    return status;
  class loop *o = pp->o;
  tree a = ix_count (o, o);
  if (!a || TYPE_PRECISION (TREE_TYPE (a)) > 32)
    return GP_IX_COUNT;
  wp->a_count = fold_convert (long_long_integer_type_node, a);
  if (!ix_counters (o, o, &pp->o_counters, NULL)
      || !ix_counters (pp->n, o, &pp->n_counters, NULL, true))
    return GP_IX_CARRIED;
  if (!wf_inner_count (wp))
    return GP_IX_COUNT;
  /* The new inner loop's first iteration, b - C0 for C1 = 1, must be
     max (0, b - C0) without a MAX: C0 a constant at most zero; for
     C1 = -1 the new inner loop starts at zero.  */
  if (wp->c1 > 0
      && (TREE_CODE (wp->c0) != INTEGER_CST || tree_int_cst_sgn (wp->c0) > 0))
    return GP_IX_COUNT;
  /* The new outer loop's latch count: the greatest latch count of N, a
     constant below zero when N never runs.  */
  tree s64 = long_long_integer_type_node;
  wp->bmax = wp->c1 > 0 ? fold_build2 (PLUS_EXPR, s64, unshare_expr (wp->c0),
				       unshare_expr (wp->a_count))
			: unshare_expr (wp->c0);
  if (TREE_CODE (wp->bmax) == INTEGER_CST && tree_int_cst_sgn (wp->bmax) < 0)
    return GP_IX_COUNT;
  return ix_own_code (pp);
}

gp_interchange_status
gp_loop_wavefront (unsigned outer, int apply)
{
  wf_pair wp;
  gp_interchange_status status = wf_analyse (outer, &wp);
  if (status != GP_IX_OK || !apply)
    return status;
  ix_pair *pp = &wp.pair;
  class loop *o = pp->o, *n = pp->n;
  tree s64 = long_long_integer_type_node;
  tree u64 = long_long_unsigned_type_node;

  /* Where the new outer loop's latch count is negative N never runs:
     there the pair runs as it is.  */
  tree c0 = wp.c0, a_count = wp.a_count, bmax = wp.bmax;
  if (TREE_CODE (bmax) != INTEGER_CST)
    {
      tree runs = fold_build2 (GE_EXPR, boolean_type_node, unshare_expr (bmax),
			       build_zero_cst (s64));
      class loop *copy = version_loop_alone (o, runs);
      if (!copy)
	return GP_IX_NOT_PERFECT;
    }
  /* In every iteration of the new outer loop N runs at least once.  */
  ix_drop_guard (pp);
  bmax = value_before (o, bmax);
  tree a_max = value_before (o, unshare_expr (a_count));
  tree b_last = value_before (o, fold_convert (u64, bmax));

  auto_bitmap dead;
  /* O counts B, N's old iterations; N counts K, and runs O's old
     iterations A from max (0, B - C0) (C1 = 1) or 0 (C1 = -1).  */
  tree b_after, k_after;
  tree b = new_u64_counter (o, pp->oe, &b_after);
  tree k = new_u64_counter (n, pp->ne, &k_after);
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  tree first = wp.c1 > 0 ? fold_build2 (MINUS_EXPR, u64, b,
					fold_convert (u64, c0))
			 : build_int_cst (u64, 0);
  tree a = force_gimple_operand_gsi (&to, fold_build2 (PLUS_EXPR, u64, first,
						       k),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  ix_replace_counters (pp, a, b, a, &to, dead);
  ix_outer_code_into_inner (pp, &to, dead);

  /* N's latch count in iteration B: BMAX - B (C1 = 1), or
     min (A, C0 - B); its test compares K with it (a count that is a
     minimum stays out of the loop's values, where the model could not
     follow it).  */
  tree count;
  if (wp.c1 > 0)
    count = fold_build2 (MINUS_EXPR, u64, fold_convert (u64, bmax), b);
  else
    count = fold_convert (u64,
			  fold_build2 (MIN_EXPR, s64, a_max,
				       fold_build2 (MINUS_EXPR, s64, bmax,
						    fold_convert (s64, b))));
  count = value_before (n, count);
  wf_exit_past (pp->oe, b_after, b_last);
  wf_exit_past (pp->ne, k_after, count);
  ix_finish (pp, dead, 0);
  return GP_IX_OK;
}
