/* Index-set splitting: a loop run as three, before, at and after one
   iteration (gp_loop_index_split and its variants).  */

#include "internal.h"

/* Whether a value defined in loop L is used after it (debug binds apart).  */
bool
is_value_out (class loop *l)
{
  basic_block *bbs = get_loop_body (l);
  bool out = any_value_defined (bbs, l->num_nodes, [&] (tree v) {
    imm_use_iterator it;
    use_operand_p use;
    FOR_EACH_IMM_USE_FAST (use, it, v)
      {
	gimple *u = USE_STMT (use);
	if (!is_gimple_debug (u) && !flow_bb_inside_loop_p (l, gimple_bb (u)))
	  return true;
      }
    return false;
  });
  free (bbs);
  return out;
}

/* Fills S, all but its P, for loop NUM and says whether NUM has the shape
   a split needs.  */
gp_split_status
is_analyse_loop (unsigned num, is_split *s)
{
  class loop *l = get_loop (cfun, num);
  if (!l || ix_marked (l))
    return GP_SPLIT_SHAPE;
  /* Nor a loop inside GCC marked: its copies would share its marks (a simd
     loop's simduid).  */
  for (auto x : loops_list (cfun, 0))
    if (flow_loop_nested_p (l, x) && ix_marked (x))
      return GP_SPLIT_SHAPE;
  /* The exit test ends each iteration: what follows it runs only when the
     loop goes on, and a copy's last iteration must still run it.  */
  edge x = exit_tested_last (l);
  if (!x || !loop_preheader_edge (l) || !can_duplicate_loop_p (l))
    return GP_SPLIT_SHAPE;
  /* Its values carried across iterations are counters; the exit test
     compares one's value for the next iteration with a bound.  */
  if (!ix_counters (l, l, &s->counters, NULL))
    return GP_SPLIT_COUNTER;
  tree a, b;
  enum tree_code go_on = exit_go_on (x, &a, &b);
  const ix_counter *c = NULL;
  for (const ix_counter &k : s->counters)
    if (!c && (PHI_ARG_DEF_FROM_EDGE (k.phi, loop_latch_edge (l)) == a
	       || PHI_ARG_DEF_FROM_EDGE (k.phi, loop_latch_edge (l)) == b))
      c = &k;
  if (!c)
    return GP_SPLIT_COUNTER;
  gphi *phi = c->phi;
  tree type = TREE_TYPE (PHI_RESULT (phi));
  if (!small_signed_counter_type (type) || !integer_onep (c->step))
    return GP_SPLIT_COUNTER;
  tree next = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (l));
  if (b == next)
    {
      std::swap (a, b);
      go_on = swap_tree_comparison (go_on);
    }
  if (a != next || (go_on != LT_EXPR && go_on != LE_EXPR)
      || !defined_outside (b, l) || !types_compatible_p (type, TREE_TYPE (b)))
    return GP_SPLIT_COUNTER;
  s->l = l;
  s->counter = phi;
  s->lo = PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (l));
  s->bound = b;
  s->go_on = go_on;
  s->p = NULL_TREE;
  return GP_SPLIT_OK;
}

/* A counter of loop O of type TYPE stepping by one from START, or from any
   constant where START is NULL; NULL where there is none.  */
static gphi *
is_outer_counter (class loop *o, tree type, tree start)
{
  auto_vec<ix_counter> ocs;
  gphi *other = NULL;
  if (!ix_counters (o, o, &ocs, &other))
    return NULL;
  for (const ix_counter &c : ocs)
    {
      tree init = PHI_ARG_DEF_FROM_EDGE (c.phi, loop_preheader_edge (o));
      if (integer_onep (c.step)
	  && types_compatible_p (type, TREE_TYPE (PHI_RESULT (c.phi)))
	  && (start ? operand_equal_p (init, start, 0)
	      : TREE_CODE (init) == INTEGER_CST && tree_fits_shwi_p (init)))
	return c.phi;
    }
  return NULL;
}

/* Fills S for loop NUM inside loop OUTER, with OUTER's counter of NUM's
   counter's type stepping by one in *K, from NUM's start where ALIKE, else
   from a constant, and says whether NUM has the shape to be split around
   that counter (plus a constant).  */
static gp_split_status
is_analyse_outer (unsigned num, unsigned outer, bool alike, is_split *s,
		  gphi **k)
{
  class loop *o = get_loop (cfun, outer);
  gp_split_status status = is_analyse_loop (num, s);
  if (status != GP_SPLIT_OK)
    return status;
  if (!o || !flow_loop_nested_p (o, s->l))
    return GP_SPLIT_SHAPE;
  *k = is_outer_counter (o, TREE_TYPE (PHI_RESULT (s->counter)),
			 alike ? s->lo : NULL_TREE);
  return *k ? GP_SPLIT_OK : GP_SPLIT_OUTER_COUNTER;
}

/* Fills S for loop NUM inside loop OUTER and says whether NUM can be split
   around the iteration where its counter equals OUTER's.  */
static gp_split_status
is_analyse (unsigned num, unsigned outer, is_split *s)
{
  /* OUTER's counter: the same type, start and step, so that the model's
     iteration numbers compare as the counters do.  */
  gphi *k;
  gp_split_status status = is_analyse_outer (num, outer, true, s, &k);
  if (status != GP_SPLIT_OK)
    return status;
  s->p = PHI_RESULT (k);
  if (is_value_out (s->l))
    return GP_SPLIT_VALUE_OUT;
  return GP_SPLIT_OK;
}

/* Fills S for loop NUM split around the iteration where its counter equals
   VALUE, a value computed before the loop, and says whether it can be.  */
static gp_split_status
is_analyse_at (unsigned num, tree value, is_split *s)
{
  gp_split_status status = is_analyse_loop (num, s);
  if (status != GP_SPLIT_OK)
    return status;
  calculate_dominance_info (CDI_DOMINATORS);
  basic_block pre = loop_preheader_edge (s->l)->src;
  basic_block def = value && TREE_CODE (value) == SSA_NAME
		      ? gimple_bb (SSA_NAME_DEF_STMT (value)) : NULL;
  if (!value || TREE_CODE (value) != SSA_NAME
      || !types_compatible_p (TREE_TYPE (PHI_RESULT (s->counter)),
			      TREE_TYPE (value))
      || (def && !dominated_by_p (CDI_DOMINATORS, pre, def))
      || (def && flow_bb_inside_loop_p (s->l, def)))
    return GP_SPLIT_VALUE;
  s->p = value;
  if (is_value_out (s->l))
    return GP_SPLIT_VALUE_OUT;
  return GP_SPLIT_OK;
}

/* Enters loop C only where ENTER holds: a test before C's preheader whose
   other edge skips to a new block after C's exit.  */
static void
is_guard (class loop *c, tree enter)
{
  basic_block after = split_edge (single_exit (c));
  basic_block g = split_edge (loop_preheader_edge (c));
  gimple_seq seq = NULL;
  tree t = force_gimple_operand (fold_convert (boolean_type_node,
					      unshare_expr (enter)),
				 &seq, true, NULL_TREE);
  gimple_stmt_iterator gsi = gsi_last_bb (g);
  gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);
  gsi_insert_after (&gsi, gimple_build_cond (NE_EXPR, t, boolean_false_node,
					     NULL_TREE, NULL_TREE),
		    GSI_NEW_STMT);
  edge in = single_succ_edge (g);
  in->flags &= ~EDGE_FALLTHRU;
  in->flags |= EDGE_TRUE_VALUE;
  in->probability = profile_probability::likely ();
  edge skip = make_edge (g, after, EDGE_FALSE_VALUE);
  skip->probability = profile_probability::unlikely ();
  /* C's preheader again: a block of its own after the test.  */
  split_edge (in);
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
}

/* A copy of loop L run before it (NULL where GCC could not copy it).  */
static class loop *
is_copy_before (class loop *l)
{
  calculate_dominance_info (CDI_DOMINATORS);
  answer_distribution_tests (l);
  initialize_original_copy_tables ();
  class loop *c
    = slpeel_tree_duplicate_loop_to_edge_cfg (l, NULL, loop_preheader_edge (l));
  /* The vectorizer copies innermost loops: the copy's inner loops keep,
     on their entry edges, the original's values in their header PHIs (a
     value the loop before them computed, or its exit PHI's).  Each is the
     copy's own, which the copying made the current definition of the
     original name.  */
  if (c)
    for (class loop *in : loops_list (cfun, 0, c))
      {
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE (e, ei, in->header->preds)
	  if (!flow_bb_inside_loop_p (in, e->src))
	    for (gphi_iterator g = gsi_start_phis (in->header); !gsi_end_p (g);
		 gsi_next (&g))
	      {
		use_operand_p u = PHI_ARG_DEF_PTR_FROM_EDGE (g.phi (), e);
		tree a = USE_FROM_PTR (u);
		if (TREE_CODE (a) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (a))
		  continue;
		basic_block d = gimple_bb (SSA_NAME_DEF_STMT (a));
		tree copy = d && flow_bb_inside_loop_p (l, d) ? get_current_def (a) : NULL_TREE;
		if (copy)
		  SET_USE (u, copy);
	      }
      }
  free_original_copy_tables ();
  delete_update_ssa ();
  return c;
}

/* The header PHI of copy C at the position of loop L's PHI.  */
static gphi *
is_phi_copy (class loop *l, gphi *phi, class loop *c)
{
  gphi_iterator g = gsi_start_phis (l->header);
  gphi_iterator h = gsi_start_phis (c->header);
  for (; !gsi_end_p (g) && !gsi_end_p (h); gsi_next (&g), gsi_next (&h))
    if (g.phi () == phi)
      return h.phi ();
  return NULL;
}

/* Splits S.l around the iteration where its counter equals S.p, which is
   at least its start S.lo (the rewrite of gp_loop_index_split and
   gp_loop_index_split_at).  */
static gp_split_status
is_rewrite (const is_split &s)
{
  class loop *l = s.l;
  tree type = TREE_TYPE (PHI_RESULT (s.counter));
  tree s64 = long_long_integer_type_node;
  auto wide = [&] (tree v) { return fold_convert (s64, unshare_expr (v)); };
  auto test = [&] (enum tree_code code, tree a, tree b) {
    return fold_build2 (code, boolean_type_node, a, b);
  };
  tree lo = wide (s.lo), p = wide (s.p), bound = wide (s.bound);
  tree p1 = fold_build2 (PLUS_EXPR, s64, p, build_int_cst (s64, 1));
  /* Each copy runs where its first iteration is one of the loop's: the
     loop's first, or one its exit test goes on to (computed in 64 bits,
     where P + 1 cannot wrap).  */
  tree before = test (LT_EXPR, lo, p);
  tree at = fold_build2 (TRUTH_OR_EXPR, boolean_type_node, test (EQ_EXPR, lo, p),
			 fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
				      test (LT_EXPR, lo, p),
				      test (s.go_on, p, bound)));
  tree after = fold_build2 (TRUTH_OR_EXPR, boolean_type_node,
			    test (LT_EXPR, p, lo), test (s.go_on, p1, bound));

  class loop *first = is_copy_before (l);
  if (!first)
    return GP_SPLIT_SHAPE;
  class loop *mid = is_copy_before (l);
  if (!mid)
    {
      /* The loop runs once more in FIRST: it must not.  */
      is_guard (first, boolean_false_node);
      mark_virtual_operands_for_renaming (cfun);
      update_ssa (TODO_update_ssa_only_virtuals);
      return GP_SPLIT_SHAPE;
    }
  is_guard (first, before);
  is_guard (mid, at);
  is_guard (l, after);

  /* FIRST runs while its counter stays below P: its bound becomes
     min (BOUND, P) (min (BOUND, P - 1) going on while <=), computed where
     it runs, after LO < P.  */
  gphi *fphi = is_phi_copy (l, s.counter, first);
  edge fx = single_exit (first);
  gcond *fcond = as_a<gcond *> (last_stmt (fx->src));
  tree fnext = PHI_ARG_DEF_FROM_EDGE (fphi, loop_latch_edge (first));
  tree last = s.go_on == LT_EXPR ? unshare_expr (s.p)
				  : fold_build2 (MINUS_EXPR, type,
						 unshare_expr (s.p),
						 build_int_cst (type, 1));
  tree fbound = value_before (first, fold_build2 (MIN_EXPR, type,
					       unshare_expr (s.bound), last));
  if (gimple_cond_lhs (fcond) == fnext)
    gimple_cond_set_rhs (fcond, fbound);
  else
    gimple_cond_set_lhs (fcond, fbound);
  update_stmt (fcond);

  /* MID runs iteration P alone.  */
  gphi *mphi = is_phi_copy (l, s.counter, mid);
  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (mphi, loop_preheader_edge (mid)),
	   s.p);
  wf_exit_past (single_exit (mid),
		PHI_ARG_DEF_FROM_EDGE (mphi, loop_latch_edge (mid)), s.p);

  /* L runs from P + 1 (P is at least LO), computed where it runs (P + 1
     is then at most the loop's last value).  */
  tree start = value_before (l, fold_build2 (PLUS_EXPR, type,
					  unshare_expr (s.p),
					  build_int_cst (type, 1)));
  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (s.counter, loop_preheader_edge (l)),
	   start);

  /* The other counters start at their values in the copies' first
     iterations: P - LO in MID, P + 1 - LO in L.  */
  tree u64 = long_long_unsigned_type_node;
  auto others_from = [&] (class loop *c, tree iter) {
    gimple_stmt_iterator to = gsi_last_bb (loop_preheader_edge (c)->src);
    for (const ix_counter &k : s.counters)
      if (k.phi != s.counter)
	{
	  ix_counter at = k;
	  at.phi = is_phi_copy (l, k.phi, c);
	  tree v = ix_counter_at (at, fold_convert (u64, unshare_expr (iter)),
				  &to);
	  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (at.phi, loop_preheader_edge (c)),
		   v);
	}
  };
  others_from (mid, fold_build2 (MINUS_EXPR, s64, p, lo));
  others_from (l, fold_build2 (MINUS_EXPR, s64, p1, lo));

  /* Debug binds after a copy of values it computes lose them: the copy
     may not run.  */
  for (class loop *c : {first, mid, l})
    {
      reset_debug_outside_loop (c);
      free_numbers_of_iterations_estimates (c);
    }
  scev_reset_htab ();
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return GP_SPLIT_OK;
}

gp_split_status
gp_loop_index_split (unsigned num, unsigned outer)
{
  is_split s;
  gp_split_status status = is_analyse (num, outer, &s);
  return status != GP_SPLIT_OK ? status : is_rewrite (s);
}

/* Whether START, a loop's start, is a constant or an SSA name computed
   before loop L.  */
static bool
is_start_known (tree start, class loop *l)
{
  if (TREE_CODE (start) == INTEGER_CST)
    return tree_fits_shwi_p (start);
  return TREE_CODE (start) == SSA_NAME && defined_outside (start, l);
}

gp_split_status
gp_loop_split_start (unsigned num, int64_t *start, gp_tree **name,
		     gp_tree **base, int64_t *offset)
{
  is_split s;
  gp_split_status status = is_analyse_loop (num, &s);
  if (status != GP_SPLIT_OK)
    return status;
  if (!is_start_known (s.lo, s.l))
    return GP_SPLIT_START;
  *start = TREE_CODE (s.lo) == INTEGER_CST ? tree_to_shwi (s.lo) : 0;
  *name = TREE_CODE (s.lo) == SSA_NAME ? to_gp (s.lo) : NULL;
  *base = NULL;
  *offset = 0;
  /* A start X + C (`lo + 1`, `lo - 1`) in a type whose overflow is
     undefined: its value is X's plus C.  */
  gassign *def = TREE_CODE (s.lo) == SSA_NAME
		   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (s.lo)) : NULL;
  if (def && gimple_assign_rhs_code (def) == PLUS_EXPR
      && TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (s.lo))
      && TREE_CODE (gimple_assign_rhs1 (def)) == SSA_NAME
      && TREE_CODE (gimple_assign_rhs2 (def)) == INTEGER_CST
      && tree_fits_shwi_p (gimple_assign_rhs2 (def))
      && types_compatible_p (TREE_TYPE (gimple_assign_rhs1 (def)),
			     TREE_TYPE (s.lo)))
    {
      *base = to_gp (gimple_assign_rhs1 (def));
      *offset = tree_to_shwi (gimple_assign_rhs2 (def));
    }
  return GP_SPLIT_OK;
}

/* Versions S's loop on COND and splits it where COND holds (is_rewrite),
   S.P computed by MAKE_P before it there when given; where COND fails the
   loop runs as it is, and the marking judges that copy on its own.  */
static gp_split_status
is_rewrite_where (is_split &s, tree cond, tree make_p = NULL_TREE)
{
  class loop *other = version_loop_alone (s.l, cond);
  if (!other)
    return GP_SPLIT_SHAPE;
  reset_debug_outside_loop (other);
  if (make_p)
    {
      gimple_seq seq = NULL;
      s.p = force_gimple_operand (unshare_expr (make_p), &seq, true,
				  NULL_TREE);
      if (seq)
	gsi_insert_seq_on_edge_immediate (loop_preheader_edge (s.l), seq);
    }
  return is_rewrite (s);
}

gp_split_status
gp_loop_index_split_at (unsigned num, const gp_tree *value)
{
  is_split s;
  gp_split_status status = is_analyse_at (num, as_tree (value), &s);
  if (status == GP_SPLIT_OK && !is_start_known (s.lo, s.l))
    status = GP_SPLIT_START;
  if (status != GP_SPLIT_OK)
    return status;
  /* Split where VALUE is at least the start, so that the last copy starts
     right after it (an affine start for the model); elsewhere every
     iteration comes after VALUE, and a copy of the loop runs them all.  */
  tree s64 = long_long_integer_type_node;
  return is_rewrite_where (s, fold_build2 (LE_EXPR, boolean_type_node,
					   fold_convert (s64, s.lo),
					   fold_convert (s64, s.p)));
}

gp_split_status
gp_loop_outer_start (unsigned num, unsigned outer, int64_t *start)
{
  is_split s;
  gphi *k;
  gp_split_status status = is_analyse_outer (num, outer, false, &s, &k);
  if (status == GP_SPLIT_OK)
    {
      edge pe = loop_preheader_edge (get_loop (cfun, outer));
      *start = tree_to_shwi (PHI_ARG_DEF_FROM_EDGE (k, pe));
    }
  return status;
}

gp_split_status
gp_loop_index_split_offset (unsigned num, unsigned outer, int64_t offset)
{
  is_split s;
  gphi *k;
  gp_split_status status = is_analyse_outer (num, outer, false, &s, &k);
  if (status != GP_SPLIT_OK)
    return status;
  tree type = TREE_TYPE (PHI_RESULT (s.counter));
  if (!is_start_known (s.lo, s.l))
    return GP_SPLIT_START;
  if (is_value_out (s.l))
    return GP_SPLIT_VALUE_OUT;
  /* P = K + OFFSET, exact in 64 bits (the counters have at most 32): the
     split runs where P is a value of the counter's type at least the
     start; elsewhere the loop runs as written (the marking judges that
     copy on its own).  */
  tree s64 = long_long_integer_type_node;
  tree p64 = fold_build2 (PLUS_EXPR, s64, fold_convert (s64, PHI_RESULT (k)),
			  build_int_cst (s64, offset));
  tree cond
    = fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
		   fold_build2 (LE_EXPR, boolean_type_node,
				fold_convert (s64, s.lo), p64),
		   fold_build2 (LE_EXPR, boolean_type_node, p64,
				fold_convert (s64, TYPE_MAX_VALUE (type))));
  return is_rewrite_where (s, cond, fold_convert (type, p64));
}

unsigned
gp_loop_constant_trips (unsigned num)
{
  class loop *l = get_loop (cfun, num);
  if (!l)
    return 0;
  tree n = number_of_latch_executions (l);
  if (!n || TREE_CODE (n) != INTEGER_CST || !tree_fits_uhwi_p (n)
      || tree_to_uhwi (n) >= (1u << 31) - 1)
    return 0;
  return tree_to_uhwi (n) + 1;
}
