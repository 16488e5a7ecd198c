/* A pair run by the diagonals of its iteration numbers (gp_loop_skew).  */

#include "internal.h"

/* Counter C of a skewed pair, as a counter of the new inner loop N that
   steps by STEP (in C's type) from START, an SSA name whose value the
   caller assigns before N; NULL_TREE where C stays computed from A or B
   (ix_counter_at).  Only for a type whose overflow is undefined: there a
   counter of its own lets SCEV see (long) i as affine, so that IVOPTs
   steps the addresses instead of multiplying them out in every iteration
   (seidel-2d's cells: three multiplications and eight sign extensions
   each).  Its values are the original counter's, but for the one after N's
   last iteration, which the caller checks fits the type.  */
static tree
sk_counter_iv (const ix_counter &c, class loop *n, edge exit, tree step,
	       tree *start)
{
  tree type = TREE_TYPE (PHI_RESULT (c.phi));
  if (!INTEGRAL_TYPE_P (type) || !TYPE_OVERFLOW_UNDEFINED (type) || c.move
      || !step)
    return NULL_TREE;
  *start = make_ssa_name (type);
  tree v, v_after;
  gimple_stmt_iterator incr = gsi_last_bb (exit->src);
  create_iv (*start, step, NULL_TREE, n, &incr, false, &v, &v_after);
  return v;
}

gp_interchange_status
gp_loop_skew (unsigned outer, int factor, int apply)
{
  if (factor < 1 || factor > 16)
    return GP_IX_COUNT;
  ix_pair pair;
  ix_pair *pp = &pair;
  /* Diagonals up to FACTOR * 2^32 + 2^32 fit 64 signed bits.  */
  gp_interchange_status status = ix_recounted (outer, false, apply, pp);
  if (status != GP_IX_OK || !apply)
    return status;
  class loop *o = pp->o, *n = pp->n;
  tree s64 = long_long_integer_type_node;
  tree u64 = long_long_unsigned_type_node;
  tree f = build_int_cst (s64, factor);

  /* Diagonals pay for their bounds where the outer loop runs at least
     twice and the inner loop at least 16 * FACTOR times (measured: a
     diagonal of one cell, or about four, ran slower than the rows); then
     every diagonal also has a cell.  Elsewhere the pair runs as it is.  */
  tree enough
    = fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
		   fold_build2 (GE_EXPR, boolean_type_node,
				fold_convert (s64, unshare_expr (pp->n_count)),
				build_int_cst (s64, 16 * factor - 1)),
		   fold_build2 (GE_EXPR, boolean_type_node,
				fold_convert (s64, unshare_expr (pp->o_count)),
				build_int_cst (s64, 1)));
  if (!integer_onep (enough))
    {
      class loop *copy = version_loop_alone (o, enough);
      if (!copy)
	return GP_IX_NOT_PERFECT;
    }
  tree a_max = value_before (o, fold_convert (s64, pp->o_count));
  tree b_max = value_before (o, fold_convert (s64, pp->n_count));
  tree d_last = value_before (o, fold_convert (u64, fold_build2 (PLUS_EXPR, s64,
					fold_build2 (MULT_EXPR, s64, f, a_max),
					b_max)));

  auto_bitmap dead;
  /* O counts D; N counts K and runs A from max (0, ceil ((D - BMAX) / F))
     to min (AMAX, D / F), B = D - F * A.  */
  tree d_after, k_after;
  tree d = new_u64_counter (o, pp->oe, &d_after);
  tree k = new_u64_counter (n, pp->ne, &k_after);
  /* N's first A, LO, is computed before N once O's own code has moved
     into N (which takes what its preheader holds); A's value in N's
     header refers to it already.  */
  tree lo = make_ssa_name (s64);
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  tree a = force_gimple_operand_gsi (&to, fold_build2 (PLUS_EXPR, u64,
						       fold_convert (u64, lo),
						       k),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  tree b = force_gimple_operand_gsi (&to, fold_build2 (MINUS_EXPR, u64, d,
						       fold_build2 (MULT_EXPR,
								    u64,
								    fold_convert (u64, f),
								    a)),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  /* Counters of N's own where their type allows (sk_counter_iv): an outer
     counter steps by its step from its value at LO; an inner one by -F
     times its step from its value at D - F * LO.  After N's last iteration
     the outer one holds its value at A = HI + 1 <= AMAX + 1, which the
     pair computed too; the inner one its value at B = D - F * (HI + 1),
     at least -F: B in [-F, -1] gives values the pair did not compute,
     checked to fit its type here (base and step constant).  */
  auto_vec<std::pair<tree, tree>> starts;
  for (const ix_counter &c : pp->o_counters)
    {
      tree type = TREE_TYPE (PHI_RESULT (c.phi));
      tree start = NULL_TREE;
      tree v = sk_counter_iv (c, n, pp->ne, fold_convert (type, c.step), &start);
      if (v)
	starts.safe_push ({start, ix_counter_value (c, lo)});
      ix_replace_counter (c, v ? v : ix_counter_at (c, a, &to), n, dead);
    }
  for (const ix_counter &c : pp->n_counters)
    {
      tree type = TREE_TYPE (PHI_RESULT (c.phi));
      tree step = NULL_TREE, start = NULL_TREE;
      if (INTEGRAL_TYPE_P (type) && TREE_CODE (c.base) == INTEGER_CST
	  && TREE_CODE (c.step) == INTEGER_CST)
	{
	  widest_int st = wi::to_widest (c.step);
	  widest_int lowest = wi::to_widest (c.base) - st * factor;
	  widest_int per_a = -st * factor;
	  if (wi::fits_to_tree_p (lowest, type) && wi::fits_to_tree_p (per_a, type))
	    step = wide_int_to_tree (type, per_a);
	}
      tree v = sk_counter_iv (c, n, pp->ne, step, &start);
      if (v)
	starts.safe_push ({start, ix_counter_value (c, fold_build2 (MINUS_EXPR, u64, d,
								    fold_build2 (MULT_EXPR, u64,
										 fold_convert (u64, f),
										 fold_convert (u64, lo))))});
      ix_replace_counter (c, v ? v : ix_counter_at (c, b, &to), n, dead);
    }
  ix_outer_code_into_inner (pp, &to, dead);
  /* D's increment stays in O's exit block, where it went with the rest.  */
  gimple_stmt_iterator from = gsi_for_stmt (SSA_NAME_DEF_STMT (d_after));
  gimple_stmt_iterator at = gsi_last_bb (pp->oe->src);
  gsi_move_before (&from, &at);

  tree ds = fold_convert (s64, d);
  tree first = fold_build2 (MAX_EXPR, s64, build_int_cst (s64, 0),
			    fold_build2 (TRUNC_DIV_EXPR, s64,
					 fold_build2 (PLUS_EXPR, s64,
						      fold_build2 (MINUS_EXPR,
								   s64, ds,
								   b_max),
						      build_int_cst (s64,
								     factor
								     - 1)),
					 f));
  gsi_insert_on_edge_immediate (loop_preheader_edge (n),
				gimple_build_assign (lo, value_before (n,
								       first)));
  for (auto &sv : starts)
    gsi_insert_on_edge_immediate (loop_preheader_edge (n),
				  gimple_build_assign (sv.first,
						       value_before (n, sv.second)));
  tree last = fold_build2 (MIN_EXPR, s64, a_max,
			   fold_build2 (TRUNC_DIV_EXPR, s64,
					unshare_expr (ds), f));
  tree count = value_before (n, fold_convert (u64,
					      fold_build2 (MINUS_EXPR, s64,
							   last, lo)));
  wf_exit_past (pp->oe, d_after, d_last);
  wf_exit_past (pp->ne, k_after, count);
  ix_finish (pp, dead, factor);
  return GP_IX_OK;
}
