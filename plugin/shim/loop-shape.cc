/* Shapes of loops the rewrites check before changing anything: exits
   and their tests, counters, inner loops counted one step at a time,
   chains of operations carried by an inner loop, statements that can be
   copied as they are.  */

#include "internal.h"

/* Loop properties an interchange would invalidate.  */
bool
ix_marked (class loop *l)
{
  return l->safelen > 0 || l->constraints != 0 || l->can_be_parallel
	 || l->dont_vectorize || l->force_vectorize
	 || l->in_oacc_kernels_region || l->simduid != NULL_TREE;
}

/* L's one exit when the block it leaves from ends in a condition and runs
   on every iteration.  */
edge
ix_exit (class loop *l)
{
  edge e = single_dom_exit (l);
  if (!e || !(e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE))
      || EDGE_COUNT (e->src->succs) != 2
      || !last_stmt (e->src)
      || gimple_code (last_stmt (e->src)) != GIMPLE_COND)
    return NULL;
  return e;
}

/* The comparison under which the loop of exit X goes on (X's test, or
   its inverse where X leaves when it holds), its operands in *A and *B.  */
enum tree_code
exit_go_on (edge x, tree *a, tree *b)
{
  gcond *cond = as_a<gcond *> (last_stmt (x->src));
  enum tree_code go_on = gimple_cond_code (cond);
  if (x->flags & EDGE_TRUE_VALUE)
    go_on = invert_tree_comparison (go_on, false);
  *a = gimple_cond_lhs (cond);
  *b = gimple_cond_rhs (cond);
  return go_on;
}

/* L's exit (ix_exit) where its test ends each iteration: the latch, empty,
   comes right after it (what follows the test runs only when L goes on);
   NULL otherwise.  */
edge
exit_tested_last (class loop *l)
{
  edge x = ix_exit (l);
  if (!x || !l->latch || !single_pred_p (l->latch) || single_pred (l->latch) != x->src
      || !gsi_end_p (gsi_start_phis (l->latch))
      || !gsi_end_p (gsi_start_nondebug_bb (l->latch)))
    return NULL;
  return x;
}

/* Whether NEXT is RES + 1, computed by an assignment (in block IN where IN
   is not NULL).  */
bool
next_of_step_one (tree res, tree next, basic_block in)
{
  gassign *inc = TREE_CODE (next) == SSA_NAME ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (next)) : NULL;
  return inc && (!in || gimple_bb (inc) == in) && gimple_assign_rhs_code (inc) == PLUS_EXPR
	 && gimple_assign_rhs1 (inc) == res && integer_onep (gimple_assign_rhs2 (inc));
}

/* Whether TYPE suits a counter whose values the rewrites compute in 64
   bits: signed (overflow undefined), integral, at most 32 bits.  */
bool
small_signed_counter_type (tree type)
{
  return INTEGRAL_TYPE_P (type) && TYPE_OVERFLOW_UNDEFINED (type) && TYPE_PRECISION (type) <= 32;
}

/* L's latch count as an expression over values defined before OUTER's
   preheader (OUTER is L or contains it), or NULL.  */
tree
ix_count (class loop *l, class loop *outer)
{
  tree n = number_of_latch_executions (l);
  if (!n || chrec_contains_undetermined (n))
    return NULL_TREE;
  n = analyze_scalar_evolution (loop_outer (l), n);
  n = instantiate_scev (loop_preheader_edge (outer), loop_outer (l), n);
  if (!n || chrec_contains_undetermined (n) || tree_contains_chrecs (n, NULL)
      || chrec_contains_symbols_defined_in_loop (n, outer->num)
      || !INTEGRAL_TYPE_P (TREE_TYPE (n)))
    return NULL_TREE;
  return n;
}

/* L's header PHIs: counters (over values defined before OUTER) into
   COUNTERS; at most one other, into *OTHER when OTHER is given.  With
   MOVING (L inside OUTER), a counter's start value may move with OUTER's
   iteration by a constant.  */
bool
ix_counters (class loop *l, class loop *outer, vec<ix_counter> *counters,
	     gphi **other, bool moving)
{
  edge pe = loop_preheader_edge (outer);
  for (gphi_iterator gsi = gsi_start_phis (l->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      tree var = PHI_RESULT (phi);
      if (virtual_operand_p (var))
	continue;
      tree ev = instantiate_scev (pe, l, analyze_scalar_evolution (l, var));
      tree base = NULL_TREE, move = NULL_TREE;
      if ((INTEGRAL_TYPE_P (TREE_TYPE (var)) || POINTER_TYPE_P (TREE_TYPE (var)))
	  && ev && !chrec_contains_undetermined (ev)
	  && TREE_CODE (ev) == POLYNOMIAL_CHREC
	  && CHREC_VARIABLE (ev) == (unsigned) l->num
	  && TREE_CODE (CHREC_RIGHT (ev)) == INTEGER_CST)
	{
	  base = CHREC_LEFT (ev);
	  if (moving && TREE_CODE (base) == POLYNOMIAL_CHREC
	      && CHREC_VARIABLE (base) == (unsigned) outer->num
	      && TREE_CODE (CHREC_RIGHT (base)) == INTEGER_CST)
	    {
	      move = CHREC_RIGHT (base);
	      base = CHREC_LEFT (base);
	    }
	  if (tree_contains_chrecs (base, NULL)
	      || chrec_contains_symbols_defined_in_loop (base, outer->num))
	    base = NULL_TREE;
	}
      if (base)
	{
	  counters->safe_push ({phi, base, CHREC_RIGHT (ev), move});
	  continue;
	}
      if (!other || *other)
	return false;
      *other = phi;
    }
  return true;
}

/* Whether the latch value of PHI, a header PHI of inner loop K, is
   computed from PHI's own value in K (a running value: each iteration
   waits for the one before).  */
bool
jm_chain (gphi *phi, class loop *k)
{
  tree res = PHI_RESULT (phi);
  auto_vec<tree, 16> work;
  hash_set<tree> seen;
  work.safe_push (PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (k)));
  while (!work.is_empty () && seen.elements () < 32)
    {
      tree t = work.pop ();
      if (TREE_CODE (t) != SSA_NAME || seen.add (t))
	continue;
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
      if (!def || !flow_bb_inside_loop_p (k, gimple_bb (def)) || gimple_vuse (def))
	continue;
      ssa_op_iter it;
      tree u;
      FOR_EACH_SSA_TREE_OPERAND (u, def, it, SSA_OP_USE)
	{
	  if (u == res)
	    return true;
	  work.safe_push (u);
	}
    }
  return false;
}

/* Whether inner loop K of L is counted so (fills C).  */
bool
counted_inner_loop (class loop *k, class loop *l, counted_inner *c)
{
  edge e = ix_exit (k);
  if (!e || e->src != k->header || k->num_nodes > 2 || !k->latch)
    return false;
  if (k->latch != k->header
      && (!gsi_end_p (gsi_start_phis (k->latch))
	  || !gsi_end_p (gsi_start_nondebug_bb (k->latch))))
    return false;
  tree a, b;
  enum tree_code go_on = exit_go_on (e, &a, &b);
  gphi *kc = NULL;
  for (gphi_iterator g = gsi_start_phis (k->header); !gsi_end_p (g) && !kc; gsi_next (&g))
    {
      tree res = PHI_RESULT (g.phi ());
      tree next = PHI_ARG_DEF_FROM_EDGE (g.phi (), loop_latch_edge (k));
      if (!virtual_operand_p (res) && (next == a || next == b || res == a || res == b))
	kc = g.phi ();
    }
  if (!kc)
    return false;
  tree res = PHI_RESULT (kc);
  tree next = PHI_ARG_DEF_FROM_EDGE (kc, loop_latch_edge (k));
  if (b == next || b == res)
    {
      std::swap (a, b);
      go_on = swap_tree_comparison (go_on);
    }
  /* K goes on while NEXT is below B + OFF: the test on the counter's next
     value or on its value (one less), below, at most or not equal.  */
  int off = (a == res) + (go_on == LE_EXPR);
  tree type = TREE_TYPE (res);
  if ((a != next && a != res) || b == next || b == res
      || (go_on != LT_EXPR && go_on != LE_EXPR && go_on != NE_EXPR)
      || !small_signed_counter_type (type) || !types_compatible_p (type, TREE_TYPE (b))
      || !next_of_step_one (res, next, k->header))
    return false;
  tree lo = PHI_ARG_DEF_FROM_EDGE (kc, loop_preheader_edge (k));
  if (!defined_outside (lo, l))
    return false;
  /* The bound: one more at each of L's iterations.  */
  tree ev = instantiate_scev (loop_preheader_edge (l), l, analyze_scalar_evolution (l, b));
  if (!ev || chrec_contains_undetermined (ev) || TREE_CODE (ev) != POLYNOMIAL_CHREC
      || CHREC_VARIABLE (ev) != (unsigned) l->num || !integer_onep (CHREC_RIGHT (ev))
      || tree_contains_chrecs (CHREC_LEFT (ev), NULL)
      || chrec_contains_symbols_defined_in_loop (CHREC_LEFT (ev), l->num))
    return false;
  c->counter = kc;
  c->lo = lo;
  c->bound = b;
  c->first = CHREC_LEFT (ev);
  c->off = off;
  c->exit = e;
  return true;
}

/* Whether statement G can be copied as it is: an assignment without
   volatile operands that cannot throw, a condition, a debug statement, a
   label or a nop.  */
bool
copyable_stmt (gimple *g)
{
  switch (gimple_code (g))
    {
    case GIMPLE_ASSIGN:
      return !gimple_has_volatile_ops (g) && !stmt_could_throw_p (cfun, g);
    case GIMPLE_COND:
    case GIMPLE_DEBUG:
    case GIMPLE_LABEL:
    case GIMPLE_NOP:
      return true;
    default:
      return false;
    }
}
