/* Unroll-and-jam (gp_loop_jam).  */

#include "internal.h"

/* The loop to jam: its shape (gp_loop_index_split's), the values its
   copies compute anew (VARY: those that change with its iteration), and
   the floating-point chains its inner loops carry.  */
struct jm_loop
{
  is_split s;
  hash_set<tree> vary;
  unsigned chains;
  /* The inner loop whose count grows by one with the loop's iteration
     (jm_growing), NULL where none: its counter, stepping by one from LO
     (defined before the loop), its exit (into the loop's exit block) and
     its bound at the loop's first iteration.  */
  class loop *grow = NULL;
  gphi *grow_counter = NULL;
  tree grow_lo = NULL_TREE, grow_first = NULL_TREE;
  int grow_off = 0;	/* K goes on while its next value < bound + OFF */
  edge grow_exit = NULL;
};

/* Whether statement G uses a name in VARY.  */
static bool
jm_uses_varying (gimple *g, hash_set<tree> &vary)
{
  ssa_op_iter it;
  tree u;
  FOR_EACH_SSA_TREE_OPERAND (u, g, it, SSA_OP_USE)
    if (vary.contains (u))
      return true;
  return false;
}

/* Whether the jam repeats statement G (not a PHI): it touches memory or
   uses a value that changes with the loop's iteration.  */
static bool
jm_repeated (gimple *g, hash_set<tree> &vary)
{
  if (!is_gimple_assign (g))
    return false;
  return gimple_vuse (g) || jm_uses_varying (g, vary);
}

/* Whether inner loop K of J's loop L runs one iteration more at each
   iteration of L, the copies of a jam sharing the iterations of the
   first (gp_loop_jam): K is counted (counted_inner_loop), its exit leads
   to L's exit block LX (its only way in), its counter does not change
   with L's iteration, and its other header PHIs and the values it hands
   to LX do (each copy has its own, which the copy's last iterations carry
   on).  Fills J's grow fields.  */
static bool
jm_growing (jm_loop *j, class loop *k, edge lx)
{
  counted_inner c;
  if (!counted_inner_loop (k, j->s.l, &c) || c.exit->dest != lx->src
      || !single_pred_p (c.exit->dest) || j->vary.contains (PHI_RESULT (c.counter)))
    return false;
  for (gphi_iterator g = gsi_start_phis (k->header); !gsi_end_p (g); gsi_next (&g))
    {
      tree res = PHI_RESULT (g.phi ());
      if (!virtual_operand_p (res) && g.phi () != c.counter && !j->vary.contains (res))
	return false;
    }
  /* What K hands to LX is each copy's own (the counter's final value,
     the same for every copy, would not be).  */
  edge e = c.exit;
  for (gphi_iterator g = gsi_start_phis (e->dest); !gsi_end_p (g); gsi_next (&g))
    {
      tree res = PHI_RESULT (g.phi ());
      tree arg = PHI_ARG_DEF_FROM_EDGE (g.phi (), e);
      if (!virtual_operand_p (res) && TREE_CODE (arg) == SSA_NAME
	  && !defined_outside (arg, k) && !j->vary.contains (res))
	return false;
    }
  j->grow = k;
  j->grow_counter = c.counter;
  j->grow_lo = c.lo;
  j->grow_first = c.first;
  j->grow_off = c.off;
  j->grow_exit = e;
  return true;
}

static gp_jam_status
jm_analyse (unsigned num, jm_loop *j)
{
  if (is_analyse_loop (num, &j->s) != GP_SPLIT_OK)
    return GP_JAM_SHAPE;
  class loop *l = j->s.l;
  for (class loop *k = l->inner; k; k = k->next)
    if (k->inner)
      return GP_JAM_BRANCH;
  edge x = ix_exit (l);
  if (!x)
    return GP_JAM_SHAPE;
  basic_block *bbs = get_loop_body (l);
  unsigned n = l->num_nodes;
  gp_jam_status status = GP_JAM_OK;
  for (unsigned b = 0; b < n && status == GP_JAM_OK; b++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[b]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (!copyable_stmt (gsi_stmt (gsi)))
	status = GP_JAM_STMT;
  /* What changes with the iteration: the counters, memory, and what is
     computed from them (PHIs of the inner loops included).  */
  for (const ix_counter &c : j->s.counters)
    j->vary.add (PHI_RESULT (c.phi));
  for (bool changed = true; changed && status == GP_JAM_OK;)
    {
      changed = false;
      for (unsigned b = 0; b < n; b++)
	{
	  if (bbs[b] != l->header)
	    for (gphi_iterator g = gsi_start_phis (bbs[b]); !gsi_end_p (g);
		 gsi_next (&g))
	      {
		tree res = PHI_RESULT (g.phi ());
		if (virtual_operand_p (res) || j->vary.contains (res))
		  continue;
		for (unsigned a = 0; a < gimple_phi_num_args (g.phi ()); a++)
		  {
		    tree arg = gimple_phi_arg_def (g.phi (), a);
		    if (TREE_CODE (arg) == SSA_NAME && j->vary.contains (arg))
		      {
			j->vary.add (res);
			changed = true;
			break;
		      }
		  }
	      }
	  for (gimple_stmt_iterator g = gsi_start_bb (bbs[b]); !gsi_end_p (g);
	       gsi_next (&g))
	    if (jm_repeated (gsi_stmt (g), j->vary))
	      {
		ssa_op_iter it;
		tree d;
		FOR_EACH_SSA_TREE_OPERAND (d, gsi_stmt (g), it, SSA_OP_DEF)
		  if (!j->vary.add (d))
		    changed = true;
	      }
	}
    }
  /* Every copy takes the same paths: the branches, the inner loops' exit
     tests among them, do not change with the iteration (the loop's own
     exit test apart, and that of one inner loop whose count grows by one
     at each iteration).  */
  for (unsigned b = 0; b < n && status == GP_JAM_OK; b++)
    {
      gimple *last = last_stmt (bbs[b]);
      if (last && gimple_code (last) == GIMPLE_COND && bbs[b] != x->src
	  && jm_uses_varying (last, j->vary))
	{
	  class loop *k = bbs[b]->loop_father;
	  if (!j->grow && k != l && k->header == bbs[b] && jm_growing (j, k, x))
	    continue;
	  status = GP_JAM_BRANCH;
	}
    }
  /* Each counter's next value is computed in the loop from its value.  */
  for (const ix_counter &c : j->s.counters)
    if (!j->vary.contains (PHI_ARG_DEF_FROM_EDGE (c.phi, loop_latch_edge (l))))
      status = GP_JAM_SHAPE;
  j->chains = 0;
  for (class loop *k = l->inner; k && status == GP_JAM_OK; k = k->next)
    for (gphi_iterator g = gsi_start_phis (k->header); !gsi_end_p (g);
	 gsi_next (&g))
      if (FLOAT_TYPE_P (TREE_TYPE (PHI_RESULT (g.phi ())))
	  && j->vary.contains (PHI_RESULT (g.phi ())) && jm_chain (g.phi (), k))
	j->chains++;
  free (bbs);
  if (status == GP_JAM_OK && is_value_out (l))
    status = GP_JAM_VALUE_OUT;
  return status;
}

/* Copy M (1 to FACTOR - 1, names MAP) of J's growing inner loop K runs M
   iterations more than the first copy, whose count the jammed K runs: its
   last M, run here, at *TO in K's exit block X (BEFORE as jm_insert's),
   with the counter from K_OUT (the first copy's next value as K left, in
   X) on, and the values K carried for copy M as they left K.  Each
   iteration copies K's statements, its exit test apart, under names of
   its own.  FIX: the names of copy M's values handed out of K (its
   copies of X's PHIs) to the values its last iteration here leaves.  */
static void
jm_remainder (jm_loop *j, unsigned m, tree k_out, hash_map<tree, tree> *map,
	      hash_map<tree, tree> *fix, gimple_stmt_iterator *to, bool before)
{
  class loop *k = j->grow;
  edge e = j->grow_exit;
  basic_block x = e->dest;
  /* The values K's header PHIs start the first iteration here with: copy
     M's as K left them, through PHIs of X's (loop-closed SSA).  */
  auto_vec<gphi *> carried;
  hash_map<tree, tree> at;
  for (gphi_iterator g = gsi_start_phis (k->header); !gsi_end_p (g); gsi_next (&g))
    {
      tree res = PHI_RESULT (g.phi ());
      if (virtual_operand_p (res) || g.phi () == j->grow_counter)
	continue;
      carried.safe_push (g.phi ());
      tree latch = PHI_ARG_DEF_FROM_EDGE (g.phi (), loop_latch_edge (k));
      tree out = copy_ssa_name (res);
      add_phi_arg (create_phi_node (out, x), jm_name_in (map, latch), e, UNKNOWN_LOCATION);
      at.put (res, out);
    }
  tree type = TREE_TYPE (k_out);
  hash_map<tree, tree> iter;
  for (unsigned t = 0; t < m; t++)
    {
      iter.empty ();
      tree kt = k_out;
      if (t > 0)
	{
	  kt = make_ssa_name (type);
	  jm_insert (gimple_build_assign (kt, PLUS_EXPR, k_out, build_int_cst (type, t)), to, before);
	}
      iter.put (PHI_RESULT (j->grow_counter), kt);
      for (gphi *phi : carried)
	iter.put (PHI_RESULT (phi), *at.get (PHI_RESULT (phi)));
      for (gimple_stmt_iterator g = gsi_start_bb (k->header); !gsi_end_p (g); gsi_next (&g))
	{
	  gimple *s = gsi_stmt (g);
	  if (!is_gimple_assign (s))
	    continue;
	  gimple *c = gimple_copy (s);
	  tree lhs = gimple_get_lhs (s);
	  for (unsigned i = 0; i < gimple_num_ops (c); i++)
	    if (gimple_op (c, i) && !(i == 0 && TREE_CODE (lhs) == SSA_NAME))
	      {
		walk_tree (gimple_op_ptr (c, i), jm_remap_op, &iter, NULL);
		walk_tree (gimple_op_ptr (c, i), jm_remap_op, map, NULL);
	      }
	  if (TREE_CODE (lhs) == SSA_NAME)
	    {
	      tree fresh = copy_ssa_name (lhs);
	      gimple_set_lhs (c, fresh);
	      iter.put (lhs, fresh);
	    }
	  jm_insert (c, to, before);
	}
      /* The next iteration starts from this one's latch values.  */
      if (t + 1 < m)
	for (gphi *phi : carried)
	  {
	    tree latch = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (k));
	    tree next = jm_name_in (&iter, latch);
	    at.put (PHI_RESULT (phi), next != latch ? next : jm_name_in (map, latch));
	  }
    }
  /* Copy M's values handed out of K: as its last iteration here left
     them.  */
  for (gphi_iterator g = gsi_start_phis (x); !gsi_end_p (g); gsi_next (&g))
    {
      tree res = PHI_RESULT (g.phi ());
      tree arg = PHI_ARG_DEF_FROM_EDGE (g.phi (), e);
      tree *own = map->get (res);
      tree *v = TREE_CODE (arg) == SSA_NAME ? iter.get (arg) : NULL;
      if (!virtual_operand_p (res) && own && v)
	fix->put (*own, *v);
    }
}

/* Jams FACTOR iterations of J's loop into each (see gp_loop_jam), in
   place: the loop must run a multiple of FACTOR iterations.  */
static void
jm_jam (jm_loop *j, unsigned factor)
{
  class loop *l = j->s.l;
  basic_block *bbs = get_loop_body (l);
  unsigned n = l->num_nodes;
  /* What each block repeats, found before any copy is made.  */
  auto_vec<gimple *> stmts;
  auto_vec<gphi *> phis;
  auto_vec<unsigned> stmts_of, phis_of;	/* where each block's start */
  for (unsigned b = 0; b < n; b++)
    {
      stmts_of.safe_push (stmts.length ());
      phis_of.safe_push (phis.length ());
      for (gimple_stmt_iterator g = gsi_start_bb (bbs[b]); !gsi_end_p (g); gsi_next (&g))
	if (jm_repeated (gsi_stmt (g), j->vary))
	  stmts.safe_push (gsi_stmt (g));
      if (bbs[b] != l->header)
	for (gphi_iterator g = gsi_start_phis (bbs[b]); !gsi_end_p (g); gsi_next (&g))
	  if (!virtual_operand_p (PHI_RESULT (g.phi ()))
	      && j->vary.contains (PHI_RESULT (g.phi ())))
	    phis.safe_push (g.phi ());
    }
  stmts_of.safe_push (stmts.length ());
  phis_of.safe_push (phis.length ());
  /* Copy M's names: its counters' values, M steps on, at the header's
     start; a new name for each value that changes with the iteration.  */
  auto_vec<hash_map<tree, tree> *> maps;
  gimple_stmt_iterator at = gsi_after_labels (l->header);
  for (unsigned m = 1; m < factor; m++)
    {
      hash_map<tree, tree> *map = new hash_map<tree, tree>;
      /* In the counter's own type: the values of iterations that run,
	 which the loop computes as it is (no wrap that it would not make),
	 so that GCC's evolutions stay affine.  */
      for (const ix_counter &c : j->s.counters)
	{
	  tree res = PHI_RESULT (c.phi);
	  tree type = TREE_TYPE (res);
	  tree off = wide_int_to_tree (POINTER_TYPE_P (type) ? sizetype : type,
				       wi::mul (wi::to_wide (c.step), m));
	  tree sum = POINTER_TYPE_P (type) ? fold_build_pointer_plus (res, off)
					   : fold_build2 (PLUS_EXPR, type, res, off);
	  tree v = force_gimple_operand_gsi (&at, sum, true, NULL_TREE, true, GSI_SAME_STMT);
	  map->put (res, v);
	}
      /* In the order of the loop's blocks and statements, not the set's
	 (the addresses of the trees): the copies' SSA versions, and what
	 later passes decide by them, the same in every compilation.  */
      for (unsigned b = 0; b < n; b++)
	{
	  for (gphi_iterator g = gsi_start_phis (bbs[b]); !gsi_end_p (g); gsi_next (&g))
	    {
	      tree res = PHI_RESULT (g.phi ());
	      if (j->vary.contains (res) && !map->get (res))
		map->put (res, copy_ssa_name (res));
	    }
	  for (gimple_stmt_iterator g = gsi_start_bb (bbs[b]); !gsi_end_p (g); gsi_next (&g))
	    {
	      ssa_op_iter it;
	      tree d;
	      FOR_EACH_SSA_TREE_OPERAND (d, gsi_stmt (g), it, SSA_OP_DEF)
		if (j->vary.contains (d) && !map->get (d))
		  map->put (d, copy_ssa_name (d));
	    }
	}
      maps.safe_push (map);
    }
  /* Each block's repeated statements, copy after copy, after its own
     (before its branch); in the exit block of a growing inner loop, each
     copy's last iterations of it first (jm_remainder).  */
  basic_block grow_x = j->grow ? j->grow_exit->dest : NULL;
  tree grow_k = NULL_TREE;
  if (grow_x)
    {
      tree next = PHI_ARG_DEF_FROM_EDGE (j->grow_counter, loop_latch_edge (j->grow));
      grow_k = copy_ssa_name (next);
      add_phi_arg (create_phi_node (grow_k, grow_x), next, j->grow_exit, UNKNOWN_LOCATION);
    }
  for (unsigned b = 0; b < n; b++)
    {
      if (stmts_of[b] == stmts_of[b + 1] && bbs[b] != grow_x)
	continue;
      gimple_stmt_iterator to = gsi_last_bb (bbs[b]);
      bool before = !gsi_end_p (to) && gimple_code (gsi_stmt (to)) == GIMPLE_COND;
      for (unsigned m = 0; m < maps.length (); m++)
	{
	  hash_map<tree, tree> *map = maps[m];
	  hash_map<tree, tree> fix;
	  bool grows = bbs[b] == grow_x;
	  if (grows)
	    jm_remainder (j, m + 1, grow_k, map, &fix, &to, before);
	  for (unsigned k = stmts_of[b]; k < stmts_of[b + 1]; k++)
	    {
	      gimple *c = gimple_copy (stmts[k]);
	      for (unsigned i = 0; i < gimple_num_ops (c); i++)
		if (gimple_op (c, i))
		  {
		    walk_tree (gimple_op_ptr (c, i), jm_remap_op, map, NULL);
		    if (grows)
		      walk_tree (gimple_op_ptr (c, i), jm_remap_op, &fix, NULL);
		  }
	      jm_insert (c, &to, before);
	    }
	}
    }
  /* The PHIs of the inner loops (and their exits) that change with the
     iteration, one per copy, their arguments the copy's.  */
  for (unsigned b = 0; b < n; b++)
    {
      for (hash_map<tree, tree> *map : maps)
	for (unsigned k = phis_of[b]; k < phis_of[b + 1]; k++)
	  {
	    gphi *phi = phis[k];
	    gphi *c = create_phi_node (*map->get (PHI_RESULT (phi)), bbs[b]);
	    edge e;
	    edge_iterator ei;
	    FOR_EACH_EDGE (e, ei, bbs[b]->preds)
	      {
		tree arg = PHI_ARG_DEF_FROM_EDGE (phi, e);
		add_phi_arg (c, jm_name_in (map, arg), e, gimple_phi_arg_location_from_edge (phi, e));
	      }
	  }
    }
  /* The loop goes on from its last copy's values.  */
  hash_map<tree, tree> *last = maps.last ();
  for (const ix_counter &c : j->s.counters)
    {
      use_operand_p use = PHI_ARG_DEF_PTR_FROM_EDGE (c.phi, loop_latch_edge (l));
      SET_USE (use, *last->get (USE_FROM_PTR (use)));
    }
  for (hash_map<tree, tree> *map : maps)
    delete map;
  free (bbs);
}

gp_jam_status
gp_loop_jam (unsigned num, unsigned factor, int apply, unsigned *chains,
	     unsigned *growing)
{
  jm_loop j;
  if (factor < 2 || factor > 8)
    return GP_JAM_SHAPE;
  gp_jam_status status = jm_analyse (num, &j);
  if (chains)
    *chains = status == GP_JAM_OK ? j.chains : 0;
  unsigned grew = status == GP_JAM_OK && j.grow ? j.grow->num : 0;
  /* Applied, the loop must be what the caller judged: the same growing
     loop, or none.  */
  if (apply && growing && *growing != grew)
    return GP_JAM_SHAPE;
  if (growing)
    *growing = grew;
  if (status != GP_JAM_OK || !apply)
    return status;
  class loop *l = j.s.l;
  tree type = TREE_TYPE (PHI_RESULT (j.s.counter));
  tree s64 = long_long_integer_type_node;
  /* Its count (at least one: the test is at the end), in 64 bits where the
     counter has at most 32.  */
  tree lo = fold_convert (s64, unshare_expr (j.s.lo));
  tree span = fold_build2 (MINUS_EXPR, s64, fold_convert (s64, unshare_expr (j.s.bound)), lo);
  if (j.s.go_on == LE_EXPR)
    span = fold_build2 (PLUS_EXPR, s64, span, build_int_cst (s64, 1));
  tree count = value_before (l, fold_build2 (MAX_EXPR, s64, span, build_int_cst (s64, 1)));

  /* As GCC's own unrolling: where the loop runs more than FACTOR
     iterations, it runs FACTOR at a time while more than FACTOR are left,
     and a copy of it as it was (REST) runs the last 1 to FACTOR; elsewhere
     REST runs them all.  */
  tree runs = fold_build2 (GT_EXPR, boolean_type_node, count, build_int_cst (s64, factor));
  /* A growing inner loop runs at least once at every iteration (its test
     is at its end), one iteration more at each only from a bound above
     its start on: where the bound at the first iteration is above it.  */
  if (j.grow)
    runs = fold_build2 (TRUTH_AND_EXPR, boolean_type_node, runs,
			value_before (l, fold_build2 (GT_EXPR, boolean_type_node,
						      fold_build2 (PLUS_EXPR, s64,
								   fold_convert (s64, unshare_expr (j.grow_first)),
								   build_int_cst (s64, j.grow_off)),
						      fold_convert (s64, unshare_expr (j.grow_lo)))));
  class loop *rest = version_loop_alone (l, runs);
  if (!rest)
    return GP_JAM_SHAPE;
  reset_debug_outside_loop (rest);
  /* The copies of the statements change nothing GCC knows of L: its
     analysis holds as it was.  */
  jm_jam (&j, factor);
  /* L leaves once its counter's next value is LO + COUNT - FACTOR or more
     (a value of its type: between its first and last).  */
  edge x = ix_exit (l);
  tree next = PHI_ARG_DEF_FROM_EDGE (j.s.counter, loop_latch_edge (l));
  tree stop = value_before (l, fold_convert (type, fold_build2 (MINUS_EXPR, s64,
							fold_build2 (PLUS_EXPR, s64, lo, count),
							build_int_cst (s64, factor + 1))));
  wf_exit_past (x, next, stop);
  /* ... into REST's preheader, REST's values starting where L's left
     off.  */
  basic_block into = loop_preheader_edge (rest)->src;
  if (!single_pred_p (into) || !gsi_end_p (gsi_start_phis (into)))
    into = split_edge (loop_preheader_edge (rest));
  edge before = single_pred_edge (into);
  edge from_l = redirect_edge_and_branch (x, into);
  gcc_assert (from_l);
  gphi_iterator pl = gsi_start_phis (l->header);
  for (gphi_iterator pr = gsi_start_phis (rest->header);
       !gsi_end_p (pr) && !gsi_end_p (pl); gsi_next (&pr), gsi_next (&pl))
    {
      use_operand_p init = PHI_ARG_DEF_PTR_FROM_EDGE (pr.phi (), loop_preheader_edge (rest));
      tree v = USE_FROM_PTR (init);
      tree fresh = copy_ssa_name (PHI_RESULT (pr.phi ()));
      gphi *m = create_phi_node (fresh, into);
      add_phi_arg (m, v, before, UNKNOWN_LOCATION);
      add_phi_arg (m, PHI_ARG_DEF_FROM_EDGE (pl.phi (), loop_latch_edge (l)), from_l,
		   UNKNOWN_LOCATION);
      SET_USE (init, fresh);
    }
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  for (class loop *c : {rest, l})
    free_numbers_of_iterations_estimates (c);
  scev_reset_htab ();
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return GP_JAM_OK;
}
