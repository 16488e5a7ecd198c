/* Perfect loop pairs: their analysis, and the steps their rewrites
   (interchange, collapse, skew, wavefront) share.  */

#include "internal.h"

/* The block after B when B is an empty forwarder, else B.  */
static basic_block
ix_through (basic_block b)
{
  if (b && single_succ_p (b) && gsi_end_p (gsi_start_phis (b))
      && gsi_end_p (gsi_start_nondebug_bb (b)))
    return single_succ (b);
  return b;
}

/* Whether a counter never takes its first value again within the loop:
   undefined overflow, a pointer, or a step of one.  */
static bool
ix_first_value_once (const ix_counter &c)
{
  tree type = TREE_TYPE (PHI_RESULT (c.phi));
  if (integer_zerop (c.step))
    return false;
  return POINTER_TYPE_P (type) || TYPE_OVERFLOW_UNDEFINED (type)
	 || integer_onep (c.step) || integer_minus_onep (c.step);
}

/* Whether SSA value U can be computed at the start of N's header once
   O's own statements move there: defined before O, in O's header or N's
   preheader P, or (with ALSO_X) by a statement of O's exit block X whose
   operands can.  */
static bool
ix_available_at_entry (tree u, class loop *o, basic_block p, basic_block x,
		       bool also_x, unsigned depth)
{
  if (defined_outside (u, o))
    return true;
  if (TREE_CODE (u) != SSA_NAME)
    return false;
  gimple *d = SSA_NAME_DEF_STMT (u);
  basic_block b = gimple_bb (d);
  if (b == o->header || b == p)
    return true;
  if (!also_x || b != x || depth > 16 || !is_gimple_assign (d))
    return false;
  ssa_op_iter oi;
  tree v;
  FOR_EACH_SSA_TREE_OPERAND (v, d, oi, SSA_OP_USE)
    if (!ix_available_at_entry (v, o, p, x, true, depth + 1))
      return false;
  return true;
}

/* Fills R for PHI RED of N (X: O's exit block, N's exit's destination; P:
   N's preheader); false when it is not such a value.  */
static bool
ix_running_value (class loop *o, class loop *n, basic_block p, basic_block x,
		  gphi *red, ix_running *r)
{
  r->red = red;
  r->load = r->init_store = r->store = NULL;
  r->lcssa = NULL;
  r->store_after = false;
  r->init = PHI_ARG_DEF_FROM_EDGE (red, loop_preheader_edge (n));
  r->next = PHI_ARG_DEF_FROM_EDGE (red, loop_latch_edge (n));
  tree res = PHI_RESULT (red);
  if (TREE_CODE (r->next) != SSA_NAME)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (r->next);
  basic_block rb = gimple_bb (def);
  if (!is_gimple_assign (def) || !rb || !flow_bb_inside_loop_p (n, rb))
    return false;
  edge ne = single_exit (n);
  if (!dominated_by_p (CDI_DOMINATORS, ne->src, rb))
    return false;
  /* N's only store, if any, stores NEXT in NEXT's block.  */
  basic_block *bbs = get_loop_body (n);
  bool ok = true;
  for (unsigned i = 0; ok && i < n->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (is_gimple_debug (s))
	  continue;
	if (is_gimple_call (s) || gimple_has_volatile_ops (s))
	  ok = false;
	else if (gimple_vdef (s))
	  {
	    if (r->store || !gimple_assign_single_p (s)
		|| gimple_assign_rhs1 (s) != r->next || bbs[i] != rb)
	      ok = false;
	    r->store = s;
	  }
      }
  free (bbs);
  if (!ok)
    return false;
  if (!r->store)
    {
      /* Stored after N: X's one PHI is NEXT's, X's one store stores it.  */
      if (ne->dest != x)
	return false;
      for (gphi_iterator g = gsi_start_phis (x); !gsi_end_p (g); gsi_next (&g))
	if (!virtual_operand_p (PHI_RESULT (g.phi ())))
	  {
	    if (r->lcssa || PHI_ARG_DEF_FROM_EDGE (g.phi (), ne) != r->next)
	      return false;
	    r->lcssa = g.phi ();
	  }
      if (!r->lcssa || !has_single_use (PHI_RESULT (r->lcssa)))
	return false;
      use_operand_p up;
      gimple *user;
      if (!single_imm_use (PHI_RESULT (r->lcssa), &up, &user)
	  || gimple_bb (user) != x || !gimple_assign_single_p (user)
	  || !gimple_vdef (user) || gimple_has_volatile_ops (user)
	  || gimple_assign_rhs1 (user) != PHI_RESULT (r->lcssa))
	return false;
      r->store = user;
      r->store_after = true;
    }
  r->ref = gimple_assign_lhs (r->store);
  if (TREE_CODE (r->ref) == SSA_NAME || TREE_THIS_VOLATILE (r->ref)
      || !useless_type_conversion_p (TREE_TYPE (res), TREE_TYPE (r->ref)))
    return false;
  /* The cell's address can be computed on entry to N.  */
  ssa_op_iter oi;
  tree u;
  FOR_EACH_SSA_TREE_OPERAND (u, r->store, oi, SSA_OP_USE)
    if (u != r->next && (!r->lcssa || u != PHI_RESULT (r->lcssa))
	&& !ix_available_at_entry (u, o, p, x, r->store_after, 0))
      return false;
  /* Every use of RES comes before the store in its block (for a store
     after N, where it will be: right after NEXT's definition), so that
     the cell holds RES there.  */
  gimple *limit = r->store_after ? def : r->store;
  imm_use_iterator it;
  use_operand_p up;
  FOR_EACH_IMM_USE_FAST (up, it, res)
    {
      gimple *s = USE_STMT (up);
      if (is_gimple_debug (s))
	continue;
      if (gimple_bb (s) != rb || gimple_code (s) == GIMPLE_PHI)
	return false;
      bool before = false;
      for (gimple_stmt_iterator g = gsi_for_stmt (s); !gsi_end_p (g);
	   gsi_next (&g))
	if (gsi_stmt (g) == limit)
	  before = true;
      if (!before || s == r->store)
	return false;
    }
  /* On entry: a load of the cell in O's header used only here, or an
     invariant value.  */
  if (TREE_CODE (r->init) == SSA_NAME && !defined_outside (r->init, o))
    {
      gimple *ld = SSA_NAME_DEF_STMT (r->init);
      if (gimple_bb (ld) != o->header || !gimple_assign_single_p (ld)
	  || !gimple_vuse (ld) || gimple_has_volatile_ops (ld)
	  || !has_single_use (r->init)
	  || !operand_equal_p (gimple_assign_rhs1 (ld), r->ref, 0))
	return false;
      r->load = ld;
    }
  else if (!defined_outside (r->init, o))
    return false;
  return true;
}

/* Whether statement S of O's own blocks may run inside the inner loop
   instead (once per inner iteration, the inner loop always entered, on
   the same operands): no memory, no call, nothing that may trap but a
   floating-point operation, whose exceptions are sticky flags that
   running it again with the same operands leaves as they were.  */
static bool
ix_movable (gimple *s)
{
  if (!is_gimple_assign (s) || gimple_vuse (s) || gimple_vdef (s)
      || gimple_has_side_effects (s))
    return false;
  if (!gimple_could_trap_p (s))
    return true;
  tree lhs = gimple_assign_lhs (s);
  return !cfun->can_throw_non_call_exceptions && !flag_signaling_nans
	 && (FLOAT_TYPE_P (TREE_TYPE (lhs))
	     || FLOAT_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (s))))
	 && gimple_assign_rhs_code (s) != FIX_TRUNC_EXPR;
}

/* Replaces counter C's PHI by VALUE, defined in loop L's header or before
   (debug uses outside L are reset); its update goes into DEAD.  */
void
ix_replace_counter (const ix_counter &c, tree value, class loop *l,
		    bitmap dead)
{
  tree var = PHI_RESULT (c.phi);
  imm_use_iterator it;
  use_operand_p up;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, var)
    {
      if (is_gimple_debug (use) && !flow_bb_inside_loop_p (l, gimple_bb (use)))
	{
	  gimple_debug_bind_reset_value (use);
	  update_stmt (use);
	  continue;
	}
      FOR_EACH_IMM_USE_ON_STMT (up, it)
	SET_USE (up, value);
      update_stmt (use);
    }
  tree latch_arg
    = PHI_ARG_DEF_FROM_EDGE (c.phi,
			     loop_latch_edge (gimple_bb (c.phi)->loop_father));
  if (TREE_CODE (latch_arg) == SSA_NAME)
    bitmap_set_bit (dead, SSA_NAME_VERSION (latch_arg));
  gimple_stmt_iterator g = gsi_for_stmt (c.phi);
  remove_phi_node (&g, true);
}

/* Replaces the pair's counters in N by their values at O's iteration
   O_AT and N's iteration N_AT (in O's iteration A, for a start that
   moves), computed before TO.  */
void
ix_replace_counters (ix_pair *pp, tree o_at, tree n_at, tree a,
		     gimple_stmt_iterator *to, bitmap dead)
{
  for (const ix_counter &c : pp->o_counters)
    ix_replace_counter (c, ix_counter_at (c, o_at, to), pp->n, dead);
  for (const ix_counter &c : pp->n_counters)
    ix_replace_counter (c, ix_counter_at (c, n_at, to, a), pp->n, dead);
}

/* Fills PP's loops and blocks for loop OUTER and says whether they have a
   perfect pair's shape.  With MARKED_OK, OUTER may be marked
   can_be_parallel.  With NESTED (a wavefront's pair), the inner loop may
   hold loops and its entry guard may vary in OUTER.  */
gp_interchange_status
ix_shape (unsigned outer, bool marked_ok, bool nested, ix_pair *pp)
{
  class loop *o = get_loop (cfun, outer);
  if (!o || !o->inner || o->inner->next || (o->inner->inner && !nested))
    return GP_IX_NOT_PERFECT;
  class loop *n = o->inner;
  bool was_marked = o->can_be_parallel;
  if (marked_ok)
    o->can_be_parallel = false;
  bool marked = ix_marked (o);
  o->can_be_parallel = was_marked;
  edge oe = ix_exit (o), ne = ix_exit (n);
  basic_block h = o->header, x = oe ? oe->src : NULL, l = o->latch;
  if (marked || ix_marked (n) || !oe || !ne || x == h || !single_pred_p (l)
      || single_pred (l) != x || !single_succ_p (l)
      || EDGE_COUNT (h->preds) != 2)
    return GP_IX_NOT_PERFECT;
  /* N's preheader: O's header, or a block after it.  Its entry may be
     guarded by a condition invariant in O (the inner trip count's test),
     whose other edge skips to X.  */
  basic_block p = loop_preheader_edge (n)->src;
  gcond *guard = NULL;
  edge skip = NULL;
  if (p != h && (!single_pred_p (p) || single_pred (p) != h))
    return GP_IX_NOT_PERFECT;
  if (!single_succ_p (h))
    {
      gimple *last = last_stmt (h);
      if (p == h || !last || gimple_code (last) != GIMPLE_COND
	  || EDGE_COUNT (h->succs) != 2)
	return GP_IX_NOT_PERFECT;
      guard = as_a<gcond *> (last);
      skip = EDGE_SUCC (h, 0)->dest == p ? EDGE_SUCC (h, 1) : EDGE_SUCC (h, 0);
      if ((!nested && !defined_outside (gimple_cond_lhs (guard), o))
	  || (!nested && !defined_outside (gimple_cond_rhs (guard), o))
	  || !(skip->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)))
	return GP_IX_NOT_PERFECT;
    }
  /* N's exit and the skip reach X directly or through empty forwarders of
     their own; for a wavefront's pair (whose guard goes) they may also
     meet in one empty block before X, with only virtual PHIs.  */
  basic_block m = ne->dest;
  if (nested && skip && skip->dest == m && m != x)
    {
      if (!single_succ_p (m) || single_succ (m) != x
	  || EDGE_COUNT (m->preds) != 2 || EDGE_COUNT (x->preds) != 1
	  || !gsi_end_p (gsi_start_nondebug_after_labels_bb (m))
	  || o->num_nodes != n->num_nodes + 4 + (p != h))
	return GP_IX_NOT_PERFECT;
      for (gphi_iterator g = gsi_start_phis (m); !gsi_end_p (g); gsi_next (&g))
	if (!virtual_operand_p (PHI_RESULT (g.phi ())))
	  return GP_IX_NOT_PERFECT;
    }
  else if (ix_through (ne->dest) != x
	   || (skip && ix_through (skip->dest) != x)
	   || o->num_nodes != (n->num_nodes + 3 + (p != h) + (ne->dest != x)
			       + (skip && skip->dest != x))
	   || EDGE_COUNT (x->preds) != (guard ? 2 : 1)
	   || (ne->dest != x && !single_pred_p (ne->dest))
	   || (skip && skip->dest != x && !single_pred_p (skip->dest)))
    return GP_IX_NOT_PERFECT;
  for (gimple_stmt_iterator g = gsi_start_nondebug_bb (l); !gsi_end_p (g);
       gsi_next_nondebug (&g))
    return GP_IX_NOT_PERFECT;
  pp->o = o;
  pp->n = n;
  pp->oe = oe;
  pp->ne = ne;
  pp->h = h;
  pp->x = x;
  pp->l = l;
  pp->p = p;
  pp->guard = guard;
  pp->skip = skip;
  pp->red = NULL;
  pp->first = NULL;
  pp->run = {};
  return GP_IX_OK;
}

/* Whether O's own code lets the pair be transformed: no value of the pair
   leaves it or the inner loop but by memory (or as PP's running value),
   and O's own statements may move into the inner loop.  */
gp_interchange_status
ix_own_code (ix_pair *pp)
{
  class loop *o = pp->o;
  edge oe = pp->oe;
  basic_block h = pp->h, x = pp->x, p = pp->p;
  gcond *guard = pp->guard;
  ix_running &run = pp->run;
  /* No value of the pair leaves it or the inner loop but by memory.  */
  for (gphi_iterator g = gsi_start_phis (x); !gsi_end_p (g); gsi_next (&g))
    if (!virtual_operand_p (PHI_RESULT (g.phi ())) && g.phi () != run.lcssa)
      return GP_IX_OUTER_CODE;
  for (gphi_iterator g = gsi_start_phis (oe->dest); !gsi_end_p (g);
       gsi_next (&g))
    {
      tree a = PHI_ARG_DEF_FROM_EDGE (g.phi (), oe);
      if (!virtual_operand_p (PHI_RESULT (g.phi ())) && !defined_outside (a, o))
	return GP_IX_OUTER_CODE;
    }
  /* O's own statements: movable, but for the running value's load or the
     store of its initial value.  */
  auto_vec<basic_block, 3> own;
  own.quick_push (h);
  if (p != h)
    own.quick_push (p);
  own.quick_push (x);
  for (basic_block bb : own)
    for (gimple_stmt_iterator g = gsi_start_nondebug_after_labels_bb (bb);
	 !gsi_end_p (g); gsi_next_nondebug (&g))
      {
	gimple *s = gsi_stmt (g);
	if ((bb == x && s == last_stmt (x)) || s == guard)
	  continue;
	if (pp->red && (s == run.load || (run.store_after && s == run.store)))
	  continue;
	if (pp->red && !run.load && !run.init_store && bb == h
	    && gimple_assign_single_p (s) && gimple_vdef (s)
	    && !gimple_has_volatile_ops (s)
	    && operand_equal_p (gimple_assign_lhs (s), run.ref, 0)
	    && operand_equal_p (gimple_assign_rhs1 (s), run.init, 0))
	  {
	    run.init_store = s;
	    continue;
	  }
	if (!ix_movable (s))
	  return GP_IX_OUTER_CODE;
      }
  return GP_IX_OK;
}

/* Fills PP for loop OUTER and says whether the pair can be transformed.
   With MARKED_OK, OUTER may be marked can_be_parallel.  */
gp_interchange_status
ix_analyse (unsigned outer, bool marked_ok, ix_pair *pp)
{
  gp_interchange_status status = ix_shape (outer, marked_ok, false, pp);
  if (status != GP_IX_OK)
    return status;
  class loop *o = pp->o, *n = pp->n;
  pp->o_count = ix_count (o, o);
  pp->n_count = ix_count (n, o);
  if (!pp->o_count || !pp->n_count)
    return GP_IX_COUNT;

  if (!ix_counters (o, o, &pp->o_counters, NULL)
      || !ix_counters (n, o, &pp->n_counters, &pp->red))
    return GP_IX_CARRIED;
  if (pp->red)
    {
      for (const ix_counter &c : pp->n_counters)
	if (!pp->first && ix_first_value_once (c))
	  pp->first = &c;
      if (!pp->first
	  || !ix_running_value (o, n, pp->p, pp->x, pp->red, &pp->run))
	return GP_IX_CARRIED;
    }
  return ix_own_code (pp);
}

/* Removes the guard of N's entry (where it always holds): O's header then
   always goes on to N.  */
void
ix_drop_guard (ix_pair *pp)
{
  gimple_stmt_iterator g = gsi_for_stmt (pp->guard);
  gsi_remove (&g, true);
  if (pp->skip->dest != pp->x && single_pred_p (pp->skip->dest))
    delete_basic_block (pp->skip->dest);
  else
    remove_edge (pp->skip);
  edge e = single_succ_edge (pp->h);
  e->flags &= ~(EDGE_TRUE_VALUE | EDGE_FALSE_VALUE);
  e->flags |= EDGE_FALLTHRU;
  e->probability = profile_probability::always ();
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  pp->guard = NULL;
  pp->skip = NULL;
}

/* Versions O on the guard of N's entry, when there is one; in O, the copy
   where it holds, N is then always entered.  False when versioning
   failed (nothing changed).  */
bool
ix_enter_always (ix_pair *pp)
{
  if (!pp->guard)
    return true;
  gcond *guard = pp->guard;
  tree enter = build2 (gimple_cond_code (guard), boolean_type_node,
		       unshare_expr (gimple_cond_lhs (guard)),
		       unshare_expr (gimple_cond_rhs (guard)));
  if (pp->skip->flags & EDGE_TRUE_VALUE)
    enter = invert_truthvalue (enter);
  class loop *copy = version_loop_alone (pp->o, enter);
  if (!copy)
    return false;
  ix_drop_guard (pp);
  return true;
}

/* Gimplifies the pair's counts before it.  */
void
ix_counts_before (ix_pair *pp)
{
  for (tree *count : {&pp->o_count, &pp->n_count})
    *count = value_before (pp->o, unshare_expr (*count));
}

/* Moves O's own statements into N: the header's before TO (in N's
   header), the exit block's before N's exit test; their results go into
   DEAD as candidates for removal.  */
void
ix_outer_code_into_inner (ix_pair *pp, gimple_stmt_iterator *to, bitmap dead)
{
  auto_vec<basic_block, 2> from;
  from.quick_push (pp->h);
  if (pp->p != pp->h)
    from.quick_push (pp->p);
  for (basic_block bb : from)
    {
      for (gimple_stmt_iterator g = gsi_after_labels (bb); !gsi_end_p (g);)
	{
	  gimple *s = gsi_stmt (g);
	  if (is_gimple_debug (s))
	    gsi_remove (&g, true);
	  else
	    gsi_move_before (&g, to);
	}
    }
  gimple_stmt_iterator at = gsi_last_bb (pp->ne->src);
  for (gimple_stmt_iterator g = gsi_after_labels (pp->x); !gsi_end_p (g);)
    {
      gimple *s = gsi_stmt (g);
      if (s == last_stmt (pp->x))
	break;
      if (is_gimple_debug (s))
	gsi_remove (&g, true);
      else
	{
	  if (gimple_get_lhs (s) && TREE_CODE (gimple_get_lhs (s)) == SSA_NAME)
	    bitmap_set_bit (dead, SSA_NAME_VERSION (gimple_get_lhs (s)));
	  gsi_move_before (&g, &at);
	}
    }
}

/* After a transformation of the pair: cached counts and evolutions go.
   The upper bounds GCC recorded on the two loops (which
   free_numbers_of_iterations_estimates leaves) no longer hold where the
   loops now run other counts: the loop that ran a count of 3 may run
   another's, and that bound, copied with it into parloops' function, let
   cunroll unroll it 3 times (conv3d_lin's interchanged nest at -m32).
   With SKEW >= 0, O now runs at most SKEW * (O's latch count) + N's and N
   at most O's (interchange and wavefronts: SKEW 0, each loop the other's
   count; skewed pairs: the diagonals), and the bounds are carried over
   so: GCC's niter analysis needs them to see that the new counters do
   not wrap (without them parloops found nussinov's diagonals' count
   unknown, and seidel-2d's diagonals ran 8% slower).  With SKEW < 0
   (collapse) they go.  The estimates stay, as with GCC's own
   interchange: heuristics only.  Dead statements go, virtual operands are
   renamed.  */
void
ix_finish (ix_pair *pp, bitmap dead, int skew)
{
  class loop *o = pp->o, *n = pp->n;
  bool both = o->any_upper_bound && n->any_upper_bound;
  bool both_likely = o->any_likely_upper_bound && n->any_likely_upper_bound;
  if (skew >= 0 && both)
    {
      widest_int ob = o->nb_iterations_upper_bound;
      o->nb_iterations_upper_bound = ob * skew + n->nb_iterations_upper_bound;
      n->nb_iterations_upper_bound = ob;
    }
  if (skew >= 0 && both_likely)
    {
      widest_int ob = o->nb_iterations_likely_upper_bound;
      o->nb_iterations_likely_upper_bound
	= ob * skew + n->nb_iterations_likely_upper_bound;
      n->nb_iterations_likely_upper_bound = ob;
    }
  o->any_upper_bound = n->any_upper_bound = skew >= 0 && both;
  o->any_likely_upper_bound = n->any_likely_upper_bound
    = skew >= 0 && both_likely;
  free_numbers_of_iterations_estimates (o);
  free_numbers_of_iterations_estimates (n);
  scev_reset_htab ();
  simple_dce_from_worklist (dead);
  /* Debug binds outside N of values N now computes (the debug temps GCC
     made of statements that moved into N, as they went) lose them.  */
  reset_debug_outside_loop (pp->n);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
}
