/* Shift and fusion (gp_loop_shift).  */

#include "internal.h"

/* The loop to shift: L, its counter (stepping by one, L going on while
   its next value GO_ON BOUND), its first inner loop A, whose every
   statement only reads memory and computes from A's own values, L's
   counter and values defined before L, and its last inner loop B, both
   counted (counted_inner_loop), A at L's next iteration one iteration more
   than B at this one.  */
struct sf_loop
{
  class loop *l = NULL, *a = NULL, *b = NULL;
  gphi *counter = NULL;
  tree bound = NULL_TREE;
  enum tree_code go_on = ERROR_MARK;
  counted_inner ca, cb;
  /* The statements of L's own blocks that compute values A uses from L's
     counter (sf_value_ok).  */
  hash_set<gimple *> of_counter;
};

/* Whether value U, used by A, is one the shift can compute for L's next
   iteration: L's counter, a value defined before L, A's own, or computed
   in L's own blocks (not an inner loop's), without memory, from such
   values (GCC's k + 2 for A's subscripts); these last go into J's
   OF_COUNTER (each once, DEPTH bounding the search).  */
static bool
sf_value_ok (sf_loop *j, tree u, int depth)
{
  if (u == PHI_RESULT (j->counter) || defined_outside (u, j->l))
    return true;
  gimple *d = SSA_NAME_DEF_STMT (u);
  basic_block bb = gimple_bb (d);
  if (bb == j->a->header)
    return true;
  if (depth > 8 || bb->loop_father != j->l || !is_gimple_assign (d) || gimple_vuse (d)
      || !copyable_stmt (d) || !dominated_by_p (CDI_DOMINATORS, j->a->header, bb))
    return false;
  if (j->of_counter.contains (d))
    return true;
  ssa_op_iter it;
  tree v;
  FOR_EACH_SSA_TREE_OPERAND (v, d, it, SSA_OP_USE)
    if (!sf_value_ok (j, v, depth + 1))
      return false;
  j->of_counter.add (d);
  return true;
}

/* Whether every operand of A's statement G (not its exit test) is one the
   shift can compute for the next iteration (sf_value_ok).  */
static bool
sf_operands_ok (sf_loop *j, gimple *g)
{
  ssa_op_iter it;
  tree u;
  FOR_EACH_SSA_TREE_OPERAND (u, g, it, SSA_OP_USE)
    if (!sf_value_ok (j, u, 0))
      return false;
  return true;
}

static gp_shift_status
sf_analyse (unsigned num, sf_loop *j)
{
  class loop *l = get_loop (cfun, num);
  if (!l || ix_marked (l) || !l->inner || !l->inner->next)
    return GP_SHIFT_SHAPE;
  calculate_dominance_info (CDI_DOMINATORS);
  for (class loop *k = l->inner; k; k = k->next)
    if (k->inner || ix_marked (k))
      return GP_SHIFT_SHAPE;
  edge x = exit_tested_last (l);
  if (!x || !loop_preheader_edge (l))
    return GP_SHIFT_SHAPE;
  /* L's counter: stepping by one, its next value compared with a bound
     defined before L.  */
  tree a, b;
  enum tree_code go_on = exit_go_on (x, &a, &b);
  for (gphi_iterator g = gsi_start_phis (l->header); !gsi_end_p (g) && !j->counter; gsi_next (&g))
    {
      tree res = PHI_RESULT (g.phi ());
      tree next = PHI_ARG_DEF_FROM_EDGE (g.phi (), loop_latch_edge (l));
      if (!virtual_operand_p (res) && (next == a || next == b) && next_of_step_one (res, next, NULL))
	j->counter = g.phi ();
    }
  if (!j->counter)
    return GP_SHIFT_SHAPE;
  tree res = PHI_RESULT (j->counter);
  tree next = PHI_ARG_DEF_FROM_EDGE (j->counter, loop_latch_edge (l));
  if (b == next)
    {
      std::swap (a, b);
      go_on = swap_tree_comparison (go_on);
    }
  tree type = TREE_TYPE (res);
  if (a != next || (go_on != LT_EXPR && go_on != LE_EXPR && go_on != NE_EXPR)
      || !defined_outside (b, l) || !small_signed_counter_type (type)
      || !types_compatible_p (type, TREE_TYPE (b)))
    return GP_SHIFT_SHAPE;
  j->l = l;
  j->bound = b;
  j->go_on = go_on;
  /* A: the inner loop L's header leads into with no branch on the way;
     B: the one whose exit leads to the block of L's exit test (its only
     way in).  */
  basic_block bb = l->header;
  for (int steps = 0; steps < 8 && bb->loop_father == l && single_succ_p (bb); steps++)
    bb = single_succ (bb);
  if (bb->loop_father == l || loop_outer (bb->loop_father) != l || bb->loop_father->header != bb)
    return GP_SHIFT_SHAPE;
  j->a = bb->loop_father;
  for (class loop *k = l->inner; k; k = k->next)
    if (k != j->a && counted_inner_loop (k, l, &j->cb) && j->cb.exit->dest == x->src
	&& single_pred_p (x->src))
      {
	j->b = k;
	break;
      }
  if (!j->b || !counted_inner_loop (j->a, l, &j->ca) || !single_pred_p (j->ca.exit->dest)
      || !can_duplicate_loop_p (j->b))
    return GP_SHIFT_SHAPE;
  /* A at L's iteration k + 1 runs one iteration more than B at k: the same
     start and bounds alike (B's count, where the bound is above the start,
     is BOUND + OFF - LO).  */
  if (!operand_equal_p (j->ca.lo, j->cb.lo, 0) || j->ca.off != j->cb.off
      || !operand_equal_p (j->ca.first, j->cb.first, 0)
      || !types_compatible_p (TREE_TYPE (PHI_RESULT (j->ca.counter)),
			      TREE_TYPE (PHI_RESULT (j->cb.counter))))
    return GP_SHIFT_COUNTS;
  /* A reads memory and computes; what it computes from starts before L.  */
  for (gphi_iterator g = gsi_start_phis (j->a->header); !gsi_end_p (g); gsi_next (&g))
    {
      tree r = PHI_RESULT (g.phi ());
      if (virtual_operand_p (r)
	  || (g.phi () != j->ca.counter
	      && !defined_outside (PHI_ARG_DEF_FROM_EDGE (g.phi (), loop_preheader_edge (j->a)), l)))
	return GP_SHIFT_FIRST;
    }
  for (gimple_stmt_iterator g = gsi_start_bb (j->a->header); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (!copyable_stmt (s)
	  || (is_gimple_assign (s) && (gimple_vdef (s) || !sf_operands_ok (j, s))))
	return GP_SHIFT_FIRST;
    }
  /* The gain: a floating-point chain of A's that B's work can hide.  */
  for (gphi_iterator g = gsi_start_phis (j->a->header); !gsi_end_p (g); gsi_next (&g))
    if (FLOAT_TYPE_P (TREE_TYPE (PHI_RESULT (g.phi ()))) && jm_chain (g.phi (), j->a))
      return GP_SHIFT_OK;
  return GP_SHIFT_GAIN;
}

/* A copy of S, an assignment to an SSA name, with the names MAP has for
   its operands and a new name for its result (which MAP takes).  */
static gimple *
sf_copy_stmt (gimple *s, hash_map<tree, tree> *map)
{
  gimple *c = gimple_copy (s);
  for (unsigned i = 1; i < gimple_num_ops (c); i++)
    if (gimple_op (c, i))
      walk_tree (gimple_op_ptr (c, i), jm_remap_op, map, NULL);
  tree lhs = gimple_get_lhs (s);
  tree fresh = copy_ssa_name (lhs);
  gimple_set_lhs (c, fresh);
  map->put (lhs, fresh);
  return c;
}

/* Copies A's statements (its exit test apart) at *TO (BEFORE as
   jm_insert's) with names MAP (A's PHIs' to start with).  */
static void
sf_copy_body (sf_loop *j, hash_map<tree, tree> *map, gimple_stmt_iterator *to, bool before)
{
  for (gimple_stmt_iterator g = gsi_start_bb (j->a->header); !gsi_end_p (g); gsi_next (&g))
    if (is_gimple_assign (gsi_stmt (g)))
      jm_insert (sf_copy_stmt (gsi_stmt (g), map), to, before);
}

/* Versions J's loop B on whether it runs fused: where L goes on after
   this iteration and B's count is its bound's (above its start: A's then
   one more), below MAX_COUNT where that is not zero (B runs in parallel
   from there on).  The copy run otherwise into *REST; both copies of B
   must leave into the block of L's exit test, *D, by *EB and *ER.  */
static gp_shift_status
sf_version (sf_loop &j, unsigned long long max_count, class loop **rest,
	    basic_block *d, edge *eb, edge *er)
{
  class loop *l = j.l, *b = j.b;
  tree k = PHI_RESULT (j.counter);
  tree s64 = long_long_integer_type_node;
  tree next64 = fold_build2 (PLUS_EXPR, s64, fold_convert (s64, k), build_int_cst (s64, 1));
  tree cond = fold_build2 (j.go_on, boolean_type_node, next64, fold_convert (s64, j.bound));
  tree count = fold_build2 (MINUS_EXPR, s64,
			    fold_build2 (PLUS_EXPR, s64, fold_convert (s64, j.cb.bound),
					 build_int_cst (s64, j.cb.off)),
			    fold_convert (s64, j.cb.lo));
  cond = fold_build2 (TRUTH_AND_EXPR, boolean_type_node, cond,
		      fold_build2 (GT_EXPR, boolean_type_node, count, build_int_cst (s64, 0)));
  if (max_count)
    cond = fold_build2 (TRUTH_AND_EXPR, boolean_type_node, cond,
			fold_build2 (LT_EXPR, boolean_type_node, count,
				     build_int_cst (s64, (HOST_WIDE_INT) max_count)));
  /* A test that never holds (MAX_COUNT 1): nothing to fuse.  */
  if (integer_zerop (cond))
    return GP_SHIFT_COUNTS;
  *rest = version_loop_alone (b, cond);
  if (!*rest)
    return GP_SHIFT_SHAPE;
  reset_debug_outside_loop (*rest);
  /* Both copies of B leave into the block of L's exit test; otherwise B
     stays two copies of itself, which is right.  */
  *eb = ix_exit (b);
  *er = ix_exit (*rest);
  *d = *eb ? (*eb)->dest : NULL;
  if (!*eb || !*er || (*er)->dest != *d || EDGE_COUNT ((*d)->preds) != 2
      || *d != ix_exit (l)->src)
    return GP_SHIFT_SHAPE;
  return GP_SHIFT_OK;
}

/* The fused B: A's iteration i of L's next iteration after each of its
   own, A's counter B's, L's counter one on, A's other PHIs B's (into
   CARRIED); the names of A's values there into FUSED.  */
static void
sf_fuse (sf_loop &j, hash_map<tree, tree> &fused, auto_vec<gphi *> &carried)
{
  class loop *l = j.l, *a = j.a, *b = j.b;
  tree k = PHI_RESULT (j.counter);
  tree type = TREE_TYPE (k);
  {
    /* Before the fused B: L's counter one on, and what A uses of L's own
       values computed anew from it, in the order of L's blocks.  */
    gimple_seq seq = NULL;
    tree k1 = make_ssa_name (type);
    gimple_seq_add_stmt (&seq, gimple_build_assign (k1, PLUS_EXPR, k, build_int_cst (type, 1)));
    fused.put (k, k1);
    basic_block *bbs = get_loop_body_in_dom_order (l);
    for (unsigned i = 0; i < l->num_nodes; i++)
      for (gimple_stmt_iterator g = gsi_start_bb (bbs[i]); !gsi_end_p (g); gsi_next (&g))
	if (j.of_counter.contains (gsi_stmt (g)))
	  gimple_seq_add_stmt (&seq, sf_copy_stmt (gsi_stmt (g), &fused));
    free (bbs);
    gsi_insert_seq_on_edge_immediate (loop_preheader_edge (b), seq);
  }
  fused.put (PHI_RESULT (j.ca.counter), PHI_RESULT (j.cb.counter));
  for (gphi_iterator g = gsi_start_phis (a->header); !gsi_end_p (g); gsi_next (&g))
    if (g.phi () != j.ca.counter)
      {
	carried.safe_push (g.phi ());
	fused.put (PHI_RESULT (g.phi ()), copy_ssa_name (PHI_RESULT (g.phi ())));
      }
  gimple_stmt_iterator to = gsi_last_bb (b->header);
  sf_copy_body (&j, &fused, &to, true);
  for (gphi *phi : carried)
    {
      gphi *c = create_phi_node (*fused.get (PHI_RESULT (phi)), b->header);
      add_phi_arg (c, PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (a)),
		   loop_preheader_edge (b), UNKNOWN_LOCATION);
      add_phi_arg (c, jm_name_in (&fused, PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (a))),
		   loop_latch_edge (b), UNKNOWN_LOCATION);
    }
}

/* What the fused B hands to L's next iteration, through PHIs of D (from
   B by EB, from its other copy by ER) and of L's header: A's CARRIED
   values after B's count of its iterations (into IN_L), the counter of its
   next one (*I_LAST), and whether it ran (*FLAG).  */
static void
sf_hand_on (sf_loop &j, basic_block d, edge eb, edge er,
	    const auto_vec<gphi *> &carried, hash_map<tree, tree> &fused,
	    auto_vec<tree> &in_l, tree *i_last, tree *flag)
{
  class loop *l = j.l, *a = j.a, *b = j.b;
  /* OUT in D (FUSED_V from the fused B, REST_V from the other), IN in L's
     header (INIT before L, OUT from the iteration before); IN.  */
  auto carry = [&] (tree out, tree in, tree fused_v, tree rest_v, tree init) {
    gphi *m = create_phi_node (out, d);
    add_phi_arg (m, fused_v, eb, UNKNOWN_LOCATION);
    add_phi_arg (m, rest_v, er, UNKNOWN_LOCATION);
    gphi *h = create_phi_node (in, l->header);
    add_phi_arg (h, init, loop_preheader_edge (l), UNKNOWN_LOCATION);
    add_phi_arg (h, out, loop_latch_edge (l), UNKNOWN_LOCATION);
    return in;
  };
  auto carry_like = [&] (tree like, tree fused_v, tree init) {
    tree out = copy_ssa_name (like);
    return carry (out, copy_ssa_name (like), fused_v, init, init);
  };
  for (gphi *phi : carried)
    in_l.safe_push (carry_like (PHI_RESULT (phi),
				jm_name_in (&fused, PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (a))),
				PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (a))));
  *i_last = carry_like (PHI_RESULT (j.ca.counter),
			PHI_ARG_DEF_FROM_EDGE (j.cb.counter, loop_latch_edge (b)), j.ca.lo);
  *flag = make_ssa_name (boolean_type_node);
  carry (make_ssa_name (boolean_type_node), *flag, boolean_true_node, boolean_false_node,
	 boolean_false_node);
}

/* Before A: where the iteration before ran B fused (FLAG), only A's last
   iteration is left, run in a tail block from the carried values (IN_L,
   the counter I_LAST); A as written runs otherwise.  Both go on to A's
   exit block J, whose PHIs take the tail's values; A's values used after
   A become PHIs of J's, A's or the tail's.  */
static void
sf_tail (sf_loop &j, const auto_vec<gphi *> &carried,
	 const auto_vec<tree> &in_l, tree i_last, tree flag)
{
  class loop *l = j.l, *a = j.a;
  edge ax = j.ca.exit;
  basic_block jb = ax->dest;
  basic_block c = split_edge (loop_preheader_edge (a));
  split_edge (single_succ_edge (c));	/* A's preheader again */
  edge to_a = single_succ_edge (c);
  to_a->flags = (to_a->flags & ~EDGE_FALLTHRU) | EDGE_FALSE_VALUE;
  to_a->probability = profile_probability::unlikely ();
  gimple_stmt_iterator cg = gsi_last_bb (c);
  gsi_insert_after (&cg, gimple_build_cond (NE_EXPR, flag, boolean_false_node, NULL_TREE, NULL_TREE),
		    GSI_NEW_STMT);
  basic_block tail = create_empty_bb (c);
  add_bb_to_loop (tail, l);
  tail->count = c->count;
  edge to_tail = make_edge (c, tail, EDGE_TRUE_VALUE);
  to_tail->probability = profile_probability::likely ();
  edge tj = make_edge (tail, jb, EDGE_FALLTHRU);
  tj->probability = profile_probability::always ();
  hash_map<tree, tree> last_it;
  last_it.put (PHI_RESULT (j.ca.counter), i_last);
  for (unsigned i = 0; i < carried.length (); i++)
    last_it.put (PHI_RESULT (carried[i]), in_l[i]);
  gimple_stmt_iterator tg = gsi_last_bb (tail);
  sf_copy_body (&j, &last_it, &tg, false);
  for (gphi_iterator g = gsi_start_phis (jb); !gsi_end_p (g); gsi_next (&g))
    {
      tree arg = PHI_ARG_DEF_FROM_EDGE (g.phi (), ax);
      add_phi_arg (g.phi (), jm_name_in (&last_it, arg), tj, UNKNOWN_LOCATION);
    }
  auto_vec<tree> defs;
  for (gphi_iterator g = gsi_start_phis (a->header); !gsi_end_p (g); gsi_next (&g))
    defs.safe_push (PHI_RESULT (g.phi ()));
  for (gimple_stmt_iterator g = gsi_start_bb (a->header); !gsi_end_p (g); gsi_next (&g))
    if (is_gimple_assign (gsi_stmt (g)))
      defs.safe_push (gimple_assign_lhs (gsi_stmt (g)));
  /* A use after A: not in A, nor one of J's PHIs (given the tail's
     value above) or the PHI made for it.  */
  auto after_a = [&] (gimple *u, gimple *m) {
    return gimple_bb (u) != a->header && u != m
	   && !(gimple_code (u) == GIMPLE_PHI && gimple_bb (u) == jb);
  };
  for (tree v : defs)
    {
      imm_use_iterator it;
      use_operand_p use;
      bool used = false;
      FOR_EACH_IMM_USE_FAST (use, it, v)
	used |= after_a (USE_STMT (use), NULL);
      if (!used)
	continue;
      gphi *m = create_phi_node (copy_ssa_name (v), jb);
      add_phi_arg (m, v, ax, UNKNOWN_LOCATION);
      add_phi_arg (m, jm_name_in (&last_it, v), tj, UNKNOWN_LOCATION);
      gimple *u;
      FOR_EACH_IMM_USE_STMT (u, it, v)
	{
	  if (!after_a (u, m))
	    continue;
	  FOR_EACH_IMM_USE_ON_STMT (use, it)
	    SET_USE (use, PHI_RESULT (m));
	  update_stmt (u);
	}
    }
}

gp_shift_status
gp_loop_shift (unsigned num, int apply, unsigned long long max_count,
	       unsigned *first, unsigned *last)
{
  sf_loop j;
  gp_shift_status status = sf_analyse (num, &j);
  unsigned fa = status == GP_SHIFT_OK ? j.a->num : 0;
  unsigned fb = status == GP_SHIFT_OK ? j.b->num : 0;
  /* Applied, the loops must be those the caller judged.  */
  if (apply && (!first || !last || *first != fa || *last != fb))
    return GP_SHIFT_SHAPE;
  if (first)
    *first = fa;
  if (last)
    *last = fb;
  if (status != GP_SHIFT_OK || !apply)
    return status;
  class loop *rest;
  basic_block d;
  edge eb, er;
  status = sf_version (j, max_count, &rest, &d, &eb, &er);
  if (status != GP_SHIFT_OK)
    return status;
  hash_map<tree, tree> fused;
  auto_vec<gphi *> carried;
  sf_fuse (j, fused, carried);
  auto_vec<tree> in_l;	/* L's header PHIs, per carried value */
  tree i_last, flag;
  sf_hand_on (j, d, eb, er, carried, fused, in_l, &i_last, &flag);
  sf_tail (j, carried, in_l, i_last, flag);
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  for (class loop *x : {j.l, j.a, j.b, rest})
    free_numbers_of_iterations_estimates (x);
  scev_reset_htab ();
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return GP_SHIFT_OK;
}
