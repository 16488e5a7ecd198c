/* Reductions put in the form parloops makes: conditional updates made
   unconditional (gp_loop_select_reductions), inner loops always entered
   (gp_loop_enter_inner), signed reductions computed unsigned
   (gp_loop_wrapping_reductions).  */

#include "internal.h"

/* The values of the cycle of header PHI ROOT of LOOP (see
   gp_loop_wrapping_reductions), ROOT's result first, into NAMES: every value
   computed from it in LOOP by +, -, * or negation, or by a PHI, all of
   ROOT's type.  False where one of them is used in LOOP otherwise, or after
   LOOP otherwise than by a PHI of EXIT's destination; where the cycle does
   not lead back to ROOT along the latch; or where a PHI of the cycle takes
   a value from outside it.  */
static bool
wr_cycle (class loop *loop, gphi *root, edge exit, auto_vec<tree> &names)
{
  tree type = TREE_TYPE (gimple_phi_result (root));
  auto assign_ok = [] (gassign *a, tree) {
    enum tree_code code = gimple_assign_rhs_code (a);
    return code == PLUS_EXPR || code == MINUS_EXPR || code == MULT_EXPR
	   || code == NEGATE_EXPR;
  };
  auto outside_ok = [&] (gimple *s, tree) {
    return gimple_bb (s) == exit->dest && is_a<gphi *> (s);
  };
  if (!cycle_values (loop, root, names, assign_ok, outside_ok))
    return false;
  /* The assignments' operands: names or constants of the type.  */
  for (unsigned k = 1; k < names.length (); k++)
    {
      gimple *def = SSA_NAME_DEF_STMT (names[k]);
      if (is_a<gassign *> (def))
	for (unsigned i = 1; i < gimple_num_ops (def); i++)
	  {
	    tree op = gimple_op (def, i);
	    if (!(TREE_CODE (op) == SSA_NAME || TREE_CODE (op) == INTEGER_CST)
		|| !types_compatible_p (TREE_TYPE (op), type))
	      return false;
	  }
    }
  tree init = PHI_ARG_DEF_FROM_EDGE (root, loop_preheader_edge (loop));
  return (TREE_CODE (init) == SSA_NAME || TREE_CODE (init) == INTEGER_CST)
	 && types_compatible_p (TREE_TYPE (init), type);
}

/* The identity of reduction CODE on TYPE, one that gives back every
   value exactly (-0.0 for a floating-point sum: x + -0.0 is x, -0.0
   included); NULL where there is none to use.  */
tree
sel_identity (enum tree_code code, tree type)
{
  if (SCALAR_FLOAT_TYPE_P (type))
    {
      /* (x + -0.0 is +0.0 for x = +0.0 when rounding downwards.)  */
      if (HONOR_SNANS (type) || HONOR_SIGN_DEPENDENT_ROUNDING (type))
	return NULL_TREE;
      if (code == PLUS_EXPR)
	return build_real (type, real_value_negate (&dconst0));
      if (code == MINUS_EXPR)
	return build_real (type, dconst0);
      if (code == MULT_EXPR)
	return build_real (type, dconst1);
      return NULL_TREE;
    }
  if (!INTEGRAL_TYPE_P (type))
    return NULL_TREE;
  switch (code)
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
      return build_zero_cst (type);
    case MULT_EXPR:
      return build_one_cst (type);
    case BIT_AND_EXPR:
      return build_all_ones_cst (type);
    default:
      return NULL_TREE;
    }
}

/* The update V1 = V0 CODE X of a reduction in block T, for PHI argument
   V1 whose other argument is V0: X into *X; NULL where V1 is not such.  */
static gassign *
sel_update (tree v1, tree v0, basic_block t, tree *x)
{
  if (TREE_CODE (v1) != SSA_NAME || TREE_CODE (v0) != SSA_NAME)
    return NULL;
  gassign *a = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (v1));
  if (!a || gimple_bb (a) != t || !sel_identity (gimple_assign_rhs_code (a),
						   TREE_TYPE (v1)))
    return NULL;
  enum tree_code code = gimple_assign_rhs_code (a);
  if (gimple_assign_rhs1 (a) == v0 && gimple_assign_rhs2 (a) != v0)
    *x = gimple_assign_rhs2 (a);
  else if (commutative_tree_code (code) && gimple_assign_rhs2 (a) == v0
	   && gimple_assign_rhs1 (a) != v0)
    *x = gimple_assign_rhs1 (a);
  else
    return NULL;
  /* V1 is used by the PHI alone.  */
  use_operand_p use;
  gimple *user;
  if (!single_imm_use (v1, &use, &user) || !is_a<gphi *> (user))
    return NULL;
  return a;
}

int
gp_loop_select_reductions (unsigned num)
{
  class loop *loop = get_loop (cfun, num);
  if (!loop || loop->inner || loop->num_nodes < 4 || loop->num_nodes > 5
      || !single_exit (loop) || !loop->latch)
    return 0;
  /* The one branch inside the loop: C to T and to B, T to B.  */
  basic_block *body = get_loop_body (loop);
  basic_block c = NULL;
  unsigned branches = 0;
  for (unsigned i = 0; i < loop->num_nodes; i++)
    {
      gcond *g = safe_dyn_cast<gcond *> (last_stmt (body[i]));
      if (g && flow_bb_inside_loop_p (loop, EDGE_SUCC (body[i], 0)->dest)
	  && flow_bb_inside_loop_p (loop, EDGE_SUCC (body[i], 1)->dest))
	c = body[i], branches++;
    }
  free (body);
  if (branches != 1 || EDGE_COUNT (c->succs) != 2)
    return 0;
  /* C goes to T and to B, directly or through an empty block (the split
     critical edge).  */
  edge to_t = NULL, from_o = NULL;
  for (int k = 0; k < 2 && !to_t; k++)
    {
      edge e = EDGE_SUCC (c, k), o = EDGE_SUCC (c, 1 - k);
      if (!single_pred_p (e->dest) || !single_succ_p (e->dest)
	  || e->dest == loop->latch || (e->flags & EDGE_COMPLEX)
	  || (o->flags & EDGE_COMPLEX))
	continue;
      basic_block join = single_succ (e->dest);
      if (o->dest == join)
	to_t = e, from_o = o;
      else if (single_pred_p (o->dest) && single_succ_p (o->dest)
	       && single_succ (o->dest) == join && o->dest != loop->latch
	       && empty_block_p (o->dest) && gimple_seq_empty_p (phi_nodes (o->dest)))
	to_t = e, from_o = single_succ_edge (o->dest);
    }
  if (!to_t)
    return 0;
  basic_block t = to_t->dest, b = single_succ (t);
  edge from_t = single_succ_edge (t);
  if (EDGE_COUNT (b->preds) != 2
      || loop->num_nodes != (from_o->src == c ? 4u : 5u))
    return 0;
  /* Every PHI of B joins a reduction's update in T with its value
     before; nothing in T touches memory, traps or has a side effect.  */
  auto_vec<gphi *> joins;
  auto_vec<gassign *> updates;
  auto_vec<tree> xs;
  for (gphi_iterator pi = gsi_start_phis (b); !gsi_end_p (pi); gsi_next (&pi))
    {
      gphi *phi = pi.phi ();
      tree x;
      gassign *u;
      if (virtual_operand_p (gimple_phi_result (phi))
	  || !(u = sel_update (PHI_ARG_DEF_FROM_EDGE (phi, from_t),
			       PHI_ARG_DEF_FROM_EDGE (phi, from_o), t, &x)))
	return 0;
      /* The joined value is the reduction's next value (the argument
	 of a header PHI from the latch): a plain conditional expression
	 is left to GCC's own if-conversion.  */
      bool carried = false;
      for (gphi_iterator hi = gsi_start_phis (loop->header); !gsi_end_p (hi);
	   gsi_next (&hi))
	carried |= PHI_ARG_DEF_FROM_EDGE (hi.phi (), loop_latch_edge (loop))
		   == gimple_phi_result (phi);
      if (!carried)
	return 0;
      joins.safe_push (phi);
      updates.safe_push (u);
      xs.safe_push (x);
    }
  if (joins.is_empty ())
    return 0;
  for (gimple_stmt_iterator gsi = gsi_start_bb (t); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *st = gsi_stmt (gsi);
      if (is_gimple_debug (st))
	continue;
      if (!is_gimple_assign (st) || gimple_vuse (st) || gimple_vdef (st)
	  || gimple_has_side_effects (st) || gimple_could_trap_p (st)
	  || TREE_CODE (gimple_assign_lhs (st)) != SSA_NAME)
	return 0;
      /* A value of T other than the updates is used in T alone.  */
      if (!updates.contains (as_a<gassign *> (st)))
	{
	  imm_use_iterator it;
	  use_operand_p use;
	  FOR_EACH_IMM_USE_FAST (use, it, gimple_assign_lhs (st))
	    if (!is_gimple_debug (USE_STMT (use))
		&& gimple_bb (USE_STMT (use)) != t)
	      return 0;
	}
    }
  /* T's other statements move before C's branch, where its condition
     chooses between the update's operand and the identity.  */
  gcond *cond = as_a<gcond *> (last_stmt (c));
  gimple_stmt_iterator at = gsi_for_stmt (cond);
  for (gimple_stmt_iterator gsi = gsi_start_bb (t); !gsi_end_p (gsi);)
    {
      gimple *st = gsi_stmt (gsi);
      if (is_gimple_debug (st) || updates.contains (as_a<gassign *> (st)))
	{
	  gsi_next (&gsi);
	  continue;
	}
      gsi_move_before (&gsi, &at);
    }
  tree taken = make_ssa_name (boolean_type_node);
  gsi_insert_before (&at,
		     gimple_build_assign (taken, gimple_cond_code (cond),
					  gimple_cond_lhs (cond),
					  gimple_cond_rhs (cond)),
		     GSI_SAME_STMT);
  bool on_true = (to_t->flags & EDGE_TRUE_VALUE) != 0;
  for (unsigned k = 0; k < joins.length (); k++)
    {
      gassign *u = updates[k];
      tree type = TREE_TYPE (gimple_assign_lhs (u));
      enum tree_code code = gimple_assign_rhs_code (u);
      tree id = sel_identity (code, type);
      tree pick = make_ssa_name (TREE_TYPE (xs[k]));
      gsi_insert_before (&at,
			 gimple_build_assign (pick, COND_EXPR, taken,
					      on_true ? xs[k] : id,
					      on_true ? id : xs[k]),
			 GSI_SAME_STMT);
      tree v0 = PHI_ARG_DEF_FROM_EDGE (joins[k], from_o);
      tree v1 = make_ssa_name (type);
      gassign *now = gimple_assign_rhs1 (u) == v0
		       ? gimple_build_assign (v1, code, v0, pick)
		       : gimple_build_assign (v1, code, pick, v0);
      gimple_set_location (now, gimple_location (u));
      gsi_insert_before (&at, now, GSI_SAME_STMT);
      replace_uses_by (gimple_phi_result (joins[k]), v1);
    }
  for (gphi_iterator pi = gsi_start_phis (b); !gsi_end_p (pi);)
    remove_phi_node (&pi, true);
  for (gassign *u : updates)
    {
      reset_debug_uses (u);
      gimple_stmt_iterator gsi = gsi_for_stmt (u);
      gsi_remove (&gsi, true);
      release_defs (u);
    }
  /* T is never run now; the cleanup after the pass removes it.  */
  if (on_true)
    gimple_cond_make_false (cond);
  else
    gimple_cond_make_true (cond);
  update_stmt (cond);
  request_cfg_cleanup ();
  return joins.length ();
}

int
gp_loop_enter_inner (unsigned num)
{
  class loop *o = get_loop (cfun, num);
  if (!o || !o->inner || o->inner->next || o->inner->inner
      || !can_duplicate_loop_p (o) || !loop_outer (o))
    return 0;
  /* Only a register reduction (a header PHI that is no counter) needs the
     form.  */
  bool reduces = false;
  for (gphi_iterator pi = gsi_start_phis (o->header); !gsi_end_p (pi);
       gsi_next (&pi))
    {
      affine_iv iv;
      tree res = gimple_phi_result (pi.phi ());
      reduces |= !virtual_operand_p (res) && !simple_iv (o, o, res, &iv, true);
    }
  if (!reduces || gp_vect_loop_form_p (o))
    return 0;
  /* The inner loop's preheader, after a branch of O on values from before
     O whose other edge skips the inner loop.  */
  basic_block p = loop_preheader_edge (o->inner)->src;
  if (!single_pred_p (p))
    return 0;
  basic_block g = single_pred (p);
  gcond *guard = safe_dyn_cast<gcond *> (last_stmt (g));
  if (!guard || g->loop_father != o || EDGE_COUNT (g->succs) != 2
      || !defined_outside (gimple_cond_lhs (guard), o)
      || !defined_outside (gimple_cond_rhs (guard), o))
    return 0;
  edge enter = single_pred_edge (p);
  edge skip = EDGE_SUCC (g, 0) == enter ? EDGE_SUCC (g, 1) : EDGE_SUCC (g, 0);
  if (!flow_bb_inside_loop_p (o, skip->dest)
      || !(enter->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)))
    return 0;
  tree cond = build2 (gimple_cond_code (guard), boolean_type_node,
		      unshare_expr (gimple_cond_lhs (guard)),
		      unshare_expr (gimple_cond_rhs (guard)));
  if (enter->flags & EDGE_FALSE_VALUE)
    cond = invert_truthvalue (cond);
  class loop *copy = version_loop_alone (o, cond);
  if (!copy)
    return 0;
  copy->can_be_parallel = false;
  if (enter->flags & EDGE_TRUE_VALUE)
    gimple_cond_make_true (guard);
  else
    gimple_cond_make_false (guard);
  update_stmt (guard);
  /* The skip goes now, so that parloops sees the nest's form.  */
  cleanup_tree_cfg ();
  calculate_dominance_info (CDI_DOMINATORS);
  return 1;
}

unsigned
gp_loop_wrapping_reductions (unsigned num, int any_nest, const char **names,
			     unsigned max)
{
  class loop *loop = get_loop (cfun, num);
  edge exit = loop ? single_exit (loop) : NULL;
  if (!exit || !loop_preheader_edge (loop) || flag_trapv)
    return 0;
  /* Around inner loops, parloops makes a reduction only in a nest of the
     vectorizer's form (a double reduction); where it cannot, the cycle
     in unsigned arithmetic would only let it run an inner loop in
     parallel by itself, its threads started once per outer iteration.  */
  if (loop->inner && !any_nest && !gp_vect_loop_form_p (loop))
    return 0;
  auto_vec<gphi *> roots;
  for (gphi_iterator pi = gsi_start_phis (loop->header); !gsi_end_p (pi);
       gsi_next (&pi))
    {
      gphi *phi = pi.phi ();
      tree res = gimple_phi_result (phi);
      tree type = TREE_TYPE (res);
      affine_iv iv;
      if (virtual_operand_p (res) || TREE_CODE (type) != INTEGER_TYPE
	  || TYPE_OVERFLOW_WRAPS (type) || TYPE_OVERFLOW_TRAPS (type)
	  || simple_iv (loop, loop, res, &iv, true))
	continue;
      auto_vec<tree> cycle;
      if (wr_cycle (loop, phi, exit, cycle))
	roots.safe_push (phi);
    }
  if (roots.is_empty ())
    return 0;
  /* The values handed out: a block of its own after the exit, whose PHIs
     have one argument each.  */
  basic_block after = exit->dest;
  if (!single_pred_p (after))
    {
      calculate_dominance_info (CDI_DOMINATORS);
      after = split_loop_exit_edge (exit, true);
      exit = single_pred_edge (after);
    }
  unsigned n = 0;
  for (gphi *root : roots)
    {
      auto_vec<tree> cycle;
      if (!wr_cycle (loop, root, exit, cycle))
	continue;
      if (names && n < max)
	names[n] = gp_ssa_var_name ((const gp_tree *) gimple_phi_result (root));
      n++;
      tree ut = unsigned_type_for (TREE_TYPE (gimple_phi_result (root)));
      hash_map<tree, tree> map;
      for (tree name : cycle)
	map.put (name, make_temp_ssa_name (ut, NULL, "gp_wrap"));
      /* The cycle again, in UT, beside the old one.  */
      auto_vec<gimple *> old;
      for (tree name : cycle)
	{
	  gimple *def = SSA_NAME_DEF_STMT (name);
	  old.safe_push (def);
	  tree u = *map.get (name);
	  if (gphi *phi = dyn_cast<gphi *> (def))
	    {
	      gphi *copy = create_phi_node (u, gimple_bb (phi));
	      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
		{
		  edge e = gimple_phi_arg_edge (phi, i);
		  add_phi_arg (copy,
			       wr_operand (gimple_phi_arg_def (phi, i), ut, map,
					   NULL, e),
			       e, gimple_phi_arg_location (phi, i));
		}
	      continue;
	    }
	  wr_unsigned_copy (as_a<gassign *> (def), u, ut, map, true);
	}
      /* What the loop hands out: the unsigned value, converted back after
	 the exit.  */
      gimple_stmt_iterator start = gsi_after_labels (after);
      for (gphi_iterator pi = gsi_start_phis (after); !gsi_end_p (pi);)
	{
	  gphi *phi = pi.phi ();
	  tree *u = map.get (PHI_ARG_DEF_FROM_EDGE (phi, exit));
	  if (!u)
	    {
	      gsi_next (&pi);
	      continue;
	    }
	  tree out = make_ssa_name (ut);
	  gphi *copy = create_phi_node (out, after);
	  add_phi_arg (copy, *u, exit, gimple_phi_arg_location (phi, 0));
	  gassign *back = gimple_build_assign (gimple_phi_result (phi),
					       NOP_EXPR, out);
	  gsi_insert_before (&start, back, GSI_SAME_STMT);
	  remove_phi_node (&pi, false);
	}
      /* The old cycle, now used by nothing but debug statements.  */
      for (gimple *def : old)
	{
	  reset_debug_uses (def);
	  gimple_stmt_iterator gsi = gsi_for_stmt (def);
	  if (is_a<gphi *> (def))
	    remove_phi_node (&gsi, true);
	  else
	    {
	      gsi_remove (&gsi, true);
	      release_defs (def);
	    }
	}
    }
  return n;
}
