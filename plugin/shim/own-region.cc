/* OpenMP regions of the plugin's own, for the marked loops parloops
   declines (gp_loop_own_region).  */

#include "internal.h"

/* A marked loop parloops declined runs in a GIMPLE_OMP_PARALLEL region the
   plugin builds and expands itself (omp_expand_local): each thread runs a
   contiguous block of the iterations, in thread order, through a counter of
   its own; the counters' starting values are computed from the thread's
   first iteration; reductions start from their identity in each thread and
   the partial results are combined after the region in thread order; a
   value the loop hands out that is not a reduction is the last
   iteration's, stored by the thread that ran it.  */

/* A reduction of the region: its header PHI, the value it hands out (the
   PHI's latch value), its operation and identity.  */
struct or_reduction
{
  gphi *phi;
  tree out;
  enum tree_code code;
  tree identity;
};

/* The identity of CODE on TYPE from which each thread's partial result
   starts; NULL where the plugin makes no partial results of it: the
   exact identity (sel_identity), where regrouping the operations is
   allowed, and min and max.  */
static tree
or_identity (enum tree_code code, tree type, bool reassociate)
{
  if (code == MIN_EXPR || code == MAX_EXPR)
    {
      if (INTEGRAL_TYPE_P (type) && TREE_CODE (type) != BOOLEAN_TYPE)
	return code == MIN_EXPR ? TYPE_MAX_VALUE (type) : TYPE_MIN_VALUE (type);
      /* GCC makes MIN_EXPR and MAX_EXPR of floating-point values only
	 where NaNs and the sign of zero need not be honoured; they are
	 exact in every order.  */
      if (!SCALAR_FLOAT_TYPE_P (type) || HONOR_SNANS (type))
	return NULL_TREE;
      REAL_VALUE_TYPE v;
      if (HONOR_INFINITIES (type))
	{
	  real_inf (&v);
	  if (code == MAX_EXPR)
	    v = real_value_negate (&v);
	}
      else
	real_maxval (&v, code == MAX_EXPR, TYPE_MODE (type));
      return build_real (type, v);
    }
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return NULL_TREE;
  /* Partial results regroup the operations: floating point only where
     that is allowed (-fassociative-math, or REASSOCIATE: the plugin's
     option); a partial sum or product of signed integers could overflow
     where the whole does not.  */
  if (SCALAR_FLOAT_TYPE_P (type) && !flag_associative_math && !reassociate)
    return NULL_TREE;
  if (INTEGRAL_TYPE_P (type) && (code == PLUS_EXPR || code == MULT_EXPR)
      && (TYPE_OVERFLOW_UNDEFINED (type) || TYPE_OVERFLOW_TRAPS (type)))
    return NULL_TREE;
  return sel_identity (code, type);
}

/* Whether header PHI ROOT of LOOP is a reduction: every value computed
   from its result in LOOP comes from one operation of one kind (+ with -,
   *, min, max, &, |, ^) taking one value of the cycle (the first operand
   of a -), or from a PHI of values of the cycle; none is used in LOOP
   otherwise, and only the latch value after it; in floating point only
   where GCC or REASSOCIATE allows partial results.  Fills R.  */
static bool
or_reduction_of (class loop *loop, gphi *root, or_reduction *r,
		 bool reassociate)
{
  tree type = TREE_TYPE (gimple_phi_result (root));
  tree back = PHI_ARG_DEF_FROM_EDGE (root, loop_latch_edge (loop));
  enum tree_code kind = ERROR_MARK;
  auto assign_ok = [&] (gassign *a, tree used) {
    enum tree_code code = gimple_assign_rhs_code (a);
    enum tree_code k2 = code == MINUS_EXPR ? PLUS_EXPR : code;
    if (kind == ERROR_MARK)
      kind = k2;
    if (k2 != kind || gimple_num_ops (a) != 3)
      return false;
    bool in1 = gimple_assign_rhs1 (a) == used;
    bool in2 = gimple_assign_rhs2 (a) == used;
    return in1 != in2 && (code != MINUS_EXPR || in1);
  };
  auto outside_ok = [&] (gimple *, tree used) { return used == back; };
  auto_vec<tree> names;
  if (!cycle_values (loop, root, names, assign_ok, outside_ok)
      || kind == ERROR_MARK)
    return false;
  /* An assignment's other operand comes from outside the cycle.  */
  for (unsigned k = 1; k < names.length (); k++)
    {
      gimple *def = SSA_NAME_DEF_STMT (names[k]);
      if (is_a<gassign *> (def) && names.contains (gimple_assign_rhs1 (def))
	  && names.contains (gimple_assign_rhs2 (def)))
	return false;
    }
  tree identity = or_identity (kind, type, reassociate);
  if (!identity)
    return false;
  r->phi = root;
  r->out = back;
  r->code = kind;
  r->identity = identity;
  return true;
}

/* Whether BB lies inside an OpenMP region: going up its dominators, a
   GIMPLE_OMP statement that opens one comes before one that closes one.  */
static bool
or_inside_omp (basic_block bb)
{
  for (basic_block b = bb; b && b != ENTRY_BLOCK_PTR_FOR_FN (cfun);
       b = get_immediate_dominator (CDI_DOMINATORS, b))
    for (gimple_stmt_iterator gsi = gsi_last_bb (b); !gsi_end_p (gsi);
	 gsi_prev (&gsi))
      {
	enum gimple_code c = gimple_code (gsi_stmt (gsi));
	if (c == GIMPLE_OMP_RETURN)
	  return false;
	if (c == GIMPLE_OMP_PARALLEL || c == GIMPLE_OMP_FOR
	    || c == GIMPLE_OMP_CONTINUE || c == GIMPLE_OMP_TASK
	    || c == GIMPLE_OMP_TARGET || c == GIMPLE_OMP_TEAMS)
	  return true;
      }
  return false;
}

/* walk_gimple_op callback: records in the hash_set of WI->info the local
   variables in memory a statement refers to; sets WI->is_lhs (misused as a
   failure flag) on one the region cannot refer to through a pointer.  */
static tree
or_find_locals (tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == PARM_DECL || TREE_CODE (t) == RESULT_DECL)
    wi->is_lhs = true;
  else if (VAR_P (t) && !is_global_var (t))
    {
      if (DECL_HAS_VALUE_EXPR_P (t) || !DECL_SIZE (t)
	  || TREE_CODE (DECL_SIZE (t)) != INTEGER_CST || TREE_THIS_VOLATILE (t))
	wi->is_lhs = true;
      else
	((hash_set<tree> *) wi->info)->add (t);
    }
  else if (TREE_CODE (t) == LABEL_DECL)
    wi->is_lhs = true;
  return NULL_TREE;
}

/* walk_tree callback: replaces the local variables of the hash_map DATA
   by references through the pointers it maps them to.  */
static tree
or_replace_locals (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, tree> *ptrs = (hash_map<tree, tree> *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      walk_tree (&TREE_OPERAND (t, 0), or_replace_locals, data, NULL);
      recompute_tree_invariant_for_addr_expr (t);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (tree *p = ptrs->get (t))
    {
      *tp = build2 (MEM_REF, TREE_TYPE (t), *p,
		    build_int_cst (reference_alias_ptr_type (t), 0));
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* qsort order of declarations: by DECL_UID, for a stable output.  */
static int
or_by_uid (const void *a, const void *b)
{
  unsigned x = DECL_UID (*(const tree *) a), y = DECL_UID (*(const tree *) b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/* A function of one pointer argument to receive a region of cfun.  */
static tree
or_child_fn (location_t loc)
{
  static unsigned count;
  struct function *parent = cfun;
  tree name = clone_function_name (current_function_decl, "gccpoly_region",
				   count++);
  tree type = build_function_type_list (void_type_node, ptr_type_node,
					NULL_TREE);
  tree decl = build_decl (LOCATION_LOCUS (loc), FUNCTION_DECL, name, type);
  TREE_STATIC (decl) = 1;
  TREE_USED (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 0;
  TREE_PUBLIC (decl) = 0;
  DECL_UNINLINABLE (decl) = 1;
  DECL_EXTERNAL (decl) = 0;
  DECL_CONTEXT (decl) = NULL_TREE;
  DECL_INITIAL (decl) = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (DECL_INITIAL (decl)) = decl;
  tree result = build_decl (loc, RESULT_DECL, NULL_TREE, void_type_node);
  DECL_ARTIFICIAL (result) = 1;
  DECL_IGNORED_P (result) = 1;
  DECL_RESULT (decl) = result;
  tree parm = build_decl (loc, PARM_DECL, get_identifier (".gccpoly_data"),
			  ptr_type_node);
  DECL_ARTIFICIAL (parm) = 1;
  DECL_ARG_TYPE (parm) = ptr_type_node;
  DECL_CONTEXT (parm) = decl;
  TREE_USED (parm) = 1;
  DECL_ARGUMENTS (decl) = parm;
  allocate_struct_function (decl, false);
  /* allocate_struct_function sets cfun.  */
  set_cfun (parent);
  return decl;
}

/* A field of TYPE named NAME, chained before FIELDS.  */
static tree
or_field (tree record, tree type, const char *name, tree fields)
{
  tree f = build_decl (UNKNOWN_LOCATION, FIELD_DECL, get_identifier (name),
		       type);
  DECL_CONTEXT (f) = record;
  DECL_CHAIN (f) = fields;
  return f;
}

/* The component FIELD of the record BASE.  */
static tree
or_component (tree base, tree field)
{
  return build3 (COMPONENT_REF, TREE_TYPE (field), base, field, NULL_TREE);
}

/* Inserts NAME = REF (a load) or REF = VALUE (a store) before GSI.  */
static tree
or_load (gimple_stmt_iterator *gsi, tree ref)
{
  tree name = make_ssa_name (TREE_TYPE (ref));
  gsi_insert_before (gsi, gimple_build_assign (name, ref), GSI_SAME_STMT);
  return name;
}

static void
or_store (gimple_stmt_iterator *gsi, tree ref, tree value)
{
  gsi_insert_before (gsi, gimple_build_assign (ref, value), GSI_SAME_STMT);
}

/* What a region of LOOP needs to know of it.  */
struct or_form
{
  edge exit;
  gcond *cond;
  class tree_niter_desc desc;
  auto_vec<gphi *> counters;
  auto_vec<tree> steps;
  auto_vec<or_reduction> reductions;
  auto_vec<gphi *> outs;
  /* Per value of OUTS, the reduction whose result it is, else -1 (the
     last iteration's value).  */
  auto_vec<int> out_reduction;
  hash_set<tree> locals;
};

/* Whether LOOP has the form a region of the plugin's own needs (its
   floating-point reductions combined only with REASSOCIATE or
   -fassociative-math); fills F, or WHY.  */
static bool
or_analyze (class loop *loop, or_form *f, bool reassociate, const char **why)
{
  /* Its form: one exit, at the end of its body, then an empty latch.  */
  edge exit = single_exit (loop);
  f->exit = exit;
  basic_block test = exit ? exit->src : NULL;
  gcond *cond = test ? safe_dyn_cast<gcond *> (last_stmt (test)) : NULL;
  f->cond = cond;
  if (!cond || !loop_preheader_edge (loop) || EDGE_COUNT (test->succs) != 2
      || !single_pred_p (loop->latch) || single_pred (loop->latch) != test
      || !empty_block_p (loop->latch)
      || (loop->header->flags & BB_IRREDUCIBLE_LOOP))
    {
      *why = "its exit is not a test at the end of its body";
      return false;
    }
  class tree_niter_desc &desc = f->desc;
  if (!number_of_iterations_exit (loop, exit, &desc, false)
      || !desc.niter || !integer_zerop (desc.may_be_zero)
      || !INTEGRAL_TYPE_P (TREE_TYPE (desc.niter))
      || TYPE_PRECISION (TREE_TYPE (desc.niter)) > 64
      || chrec_contains_undetermined (desc.niter)
      || !expr_invariant_in_loop_p (loop, desc.niter))
    {
      *why = "its number of iterations is unknown before it";
      return false;
    }

  /* Its header PHIs: counters and reductions.  */
  auto_vec<gphi *> &counters = f->counters;
  auto_vec<tree> &steps = f->steps;
  auto_vec<or_reduction> &reductions = f->reductions;
  for (gphi_iterator pi = gsi_start_phis (loop->header); !gsi_end_p (pi);
       gsi_next (&pi))
    {
      gphi *phi = pi.phi ();
      tree res = gimple_phi_result (phi);
      if (virtual_operand_p (res))
	continue;
      affine_iv iv;
      or_reduction r;
      if (simple_iv (loop, loop, res, &iv, true)
	  && expr_invariant_in_loop_p (loop, iv.step))
	{
	  counters.safe_push (phi);
	  steps.safe_push (iv.step);
	}
      else if (or_reduction_of (loop, phi, &r, reassociate))
	reductions.safe_push (r);
      else
	{
	  *why = "a value carried from one iteration to the next is neither a "
		 "counter nor a reduction the plugin combines";
	  return false;
	}
    }

  /* What it hands out, through the PHIs of its exit (loop-closed SSA).  */
  auto_vec<gphi *> &outs = f->outs;
  for (gphi_iterator pi = gsi_start_phis (exit->dest); !gsi_end_p (pi);
       gsi_next (&pi))
    {
      tree v = PHI_ARG_DEF_FROM_EDGE (pi.phi (), exit);
      if (virtual_operand_p (gimple_phi_result (pi.phi ()))
	  || TREE_CODE (v) != SSA_NAME || defined_outside (v, loop))
	continue;
      outs.safe_push (pi.phi ());
      int k = -1;
      for (unsigned j = 0; j < reductions.length (); j++)
	if (reductions[j].out == v)
	  k = j;
      f->out_reduction.safe_push (k);
    }
  /* Loop-closed SSA: a value of the loop is used after it only by a PHI
     of its exit, on the exit edge (the region then hands it out).  */
  auto used_in_loop_or_exit_phi = [&] (use_operand_p use) {
    gimple *u = USE_STMT (use);
    if (is_gimple_debug (u) || flow_bb_inside_loop_p (loop, gimple_bb (u)))
      return true;
    gphi *phi = dyn_cast<gphi *> (u);
    return phi && gimple_phi_arg_edge (phi, PHI_ARG_INDEX_FROM_USE (use)) == exit;
  };
  basic_block *body = get_loop_body (loop);
  unsigned nbody = loop->num_nodes;
  hash_set<tree> &locals = f->locals;
  bool refused = false;
  for (unsigned i = 0; i < nbody && !refused; i++)
    {
      basic_block bb = body[i];
      if (bb->flags & BB_IRREDUCIBLE_LOOP)
	refused = true;
      for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi) && !refused;
	   gsi_next (&pi))
	{
	  gphi *phi = pi.phi ();
	  for (unsigned a = 0; a < gimple_phi_num_args (phi); a++)
	    if (TREE_CODE (gimple_phi_arg_def (phi, a)) == ADDR_EXPR)
	      refused = true;
	  tree res = gimple_phi_result (phi);
	  imm_use_iterator it;
	  use_operand_p use;
	  if (!virtual_operand_p (res))
	    FOR_EACH_IMM_USE_FAST (use, it, res)
	      {
		if (!used_in_loop_or_exit_phi (use))
		  refused = true;
	      }
	}
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	   !gsi_end_p (gsi) && !refused; gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  if (is_gimple_debug (s))
	    continue;
	  if (gimple_code (s) >= GIMPLE_OMP_ATOMIC_LOAD
	      && gimple_code (s) <= GIMPLE_OMP_TEAMS)
	    refused = true;
	  if (gimple_code (s) == GIMPLE_GOTO || gimple_code (s) == GIMPLE_ASM
	      || gimple_code (s) == GIMPLE_RETURN
	      || stmt_can_throw_internal (cfun, s))
	    refused = true;
	  if (gcall *c = dyn_cast<gcall *> (s))
	    if (gimple_call_flags (c) & ECF_RETURNS_TWICE)
	      refused = true;
	  if (glabel *l = dyn_cast<glabel *> (s))
	    if (DECL_NONLOCAL (gimple_label_label (l))
		|| FORCED_LABEL (gimple_label_label (l)))
	      refused = true;
	  walk_stmt_info wi;
	  memset (&wi, 0, sizeof (wi));
	  wi.info = &locals;
	  if (!is_a<glabel *> (s))
	    walk_gimple_op (s, or_find_locals, &wi);
	  if (wi.is_lhs)
	    refused = true;
	  def_operand_p def;
	  ssa_op_iter oi;
	  FOR_EACH_SSA_DEF_OPERAND (def, s, oi, SSA_OP_DEF)
	    {
	      imm_use_iterator it;
	      use_operand_p use;
	      FOR_EACH_IMM_USE_FAST (use, it, DEF_FROM_PTR (def))
		{
		  if (!used_in_loop_or_exit_phi (use))
		    refused = true;
		}
	    }
	}
    }
  if (refused)
    {
      free (body);
      *why = "its body holds a statement the plugin does not move into a "
	     "region (a jump, an asm, a call that returns twice, a throw, a "
	     "local label or a parameter in memory), or a value used after "
	     "it outside loop-closed SSA";
      return false;
    }
  free (body);
  return true;
}

/* Marked loop NUM of cfun, else the marked loop at source line LINE, into
   LOOP: 1; 2 where loop NUM already is in an OpenMP region (parloops ran
   it, or a loop around it); 0 where there is none.  */
static int
or_find_loop (unsigned num, unsigned line, class loop **loop)
{
  class loop *l = num ? get_loop (cfun, num) : NULL;
  if (l && l->can_be_parallel)
    {
      if (or_inside_omp (l->header)
	  || or_inside_omp (loop_preheader_edge (l)->src))
	return 2;
      *loop = l;
      return 1;
    }
  for (auto x : loops_list (cfun, 0))
    if (x->can_be_parallel
	&& (unsigned) LOCATION_LINE (find_loop_location (x).get_location_t ())
	     == line
	&& !or_inside_omp (x->header))
      {
	*loop = x;
	return 1;
      }
  return 0;
}

/* Makes LOOP refer to the local variables LOCALS through their addresses,
   taken at the end of HEAD (before the region), so that the threads share
   them.  */
static void
or_share_locals (class loop *loop, basic_block head, hash_set<tree> &locals)
{
  if (locals.is_empty ())
    return;
  auto_vec<tree> sorted;
  for (tree d : locals)
    sorted.safe_push (d);
  sorted.qsort (or_by_uid);
  gimple_stmt_iterator hg = gsi_last_bb (head);
  hash_map<tree, tree> pointers;
  for (tree d : sorted)
    {
      TREE_ADDRESSABLE (d) = 1;
      tree p = make_ssa_name (build_pointer_type (TREE_TYPE (d)));
      gsi_insert_after (&hg, gimple_build_assign (p, build_fold_addr_expr (d)),
			GSI_CONTINUE_LINKING);
      pointers.put (d, p);
    }
  basic_block *body = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (is_gimple_debug (s))
	  {
	    if (gimple_debug_bind_p (s))
	      {
		gimple_debug_bind_reset_value (s);
		update_stmt (s);
	      }
	    continue;
	  }
	if (is_a<glabel *> (s))
	  continue;
	for (unsigned o = 0; o < gimple_num_ops (s); o++)
	  if (gimple_op (s, o))
	    walk_tree (gimple_op_ptr (s, o), or_replace_locals, &pointers,
		       NULL);
	update_stmt (s);
      }
  free (body);
}

/* At the end of ENTRY, the thread's block of the TOTAL iterations,
   [*LO, *LO + *CNT), and its number *T: the first TOTAL % nt threads get
   one iteration more than TOTAL / nt.  */
static void
or_thread_block (basic_block entry, tree total, tree *t, tree *lo, tree *cnt)
{
  tree ulong = long_unsigned_type_node;
  gimple_stmt_iterator eg = gsi_last_bb (entry);
  auto emit = [&] (tree e) {
    return force_gimple_operand_gsi (&eg, e, true, NULL_TREE, false,
				     GSI_CONTINUE_LINKING);
  };
  auto call = [&] (enum built_in_function fn) {
    gcall *g = gimple_build_call (builtin_decl_explicit (fn), 0);
    tree lhs = make_ssa_name (integer_type_node);
    gimple_call_set_lhs (g, lhs);
    gsi_insert_after (&eg, g, GSI_CONTINUE_LINKING);
    return emit (fold_convert (ulong, lhs));
  };
  tree nt = call (BUILT_IN_OMP_GET_NUM_THREADS);
  *t = call (BUILT_IN_OMP_GET_THREAD_NUM);
  tree q = emit (fold_build2 (TRUNC_DIV_EXPR, ulong, total, nt));
  tree rem = emit (fold_build2 (TRUNC_MOD_EXPR, ulong, total, nt));
  *lo = emit (fold_build2 (PLUS_EXPR, ulong,
			   fold_build2 (MULT_EXPR, ulong, *t, q),
			   fold_build2 (MIN_EXPR, ulong, *t, rem)));
  *cnt = emit (fold_build2 (PLUS_EXPR, ulong, q,
			    fold_convert (ulong,
					  fold_build2 (LT_EXPR,
						       boolean_type_node,
						       *t, rem))));
}

/* The counters of F start at iteration LO of LOOP, computed at the end of
   ENTRY; its reductions start from their identity, their starting values
   pushed into INITS.  */
static void
or_start_at (class loop *loop, or_form &f, basic_block entry, tree lo,
	     auto_vec<tree> &inits)
{
  gimple_stmt_iterator eg = gsi_last_bb (entry);
  edge pre_e = loop_preheader_edge (loop);
  for (unsigned i = 0; i < f.counters.length (); i++)
    {
      gphi *phi = f.counters[i];
      tree base = PHI_ARG_DEF_FROM_EDGE (phi, pre_e);
      tree type = TREE_TYPE (gimple_phi_result (phi));
      tree step = unshare_expr (f.steps[i]);
      tree start;
      if (POINTER_TYPE_P (type))
	start = fold_build_pointer_plus (base,
					 fold_build2 (MULT_EXPR, sizetype,
						      fold_convert (sizetype, lo),
						      fold_convert (sizetype, step)));
      else
	{
	  /* In the unsigned type of its precision: the same values modulo
	     2^precision, without overflow.  */
	  tree u = unsigned_type_for (type);
	  start = fold_convert (type,
				fold_build2 (PLUS_EXPR, u, fold_convert (u, base),
					     fold_build2 (MULT_EXPR, u,
							  fold_convert (u, lo),
							  fold_convert (u, step))));
	}
      start = force_gimple_operand_gsi (&eg, start, true, NULL_TREE, false,
					GSI_CONTINUE_LINKING);
      SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (phi, pre_e), start);
    }
  for (or_reduction &r : f.reductions)
    {
      inits.safe_push (PHI_ARG_DEF_FROM_EDGE (r.phi, pre_e));
      SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (r.phi, pre_e), r.identity);
    }
}

/* Replaces LOOP's exit test COND (its exit the true edge where EXIT_TRUE)
   by a test of a counter of its own against CNT.  */
static void
or_count_to (class loop *loop, gcond *cond, bool exit_true, tree cnt,
	     location_t loc)
{
  tree ulong = long_unsigned_type_node;
  tree c = make_ssa_name (ulong);
  tree c_next = make_ssa_name (ulong);
  gphi *cphi = create_phi_node (c, loop->header);
  add_phi_arg (cphi, build_int_cst (ulong, 0), loop_preheader_edge (loop), loc);
  add_phi_arg (cphi, c_next, loop_latch_edge (loop), loc);
  gimple_stmt_iterator tg = gsi_for_stmt (cond);
  gsi_insert_before (&tg, gimple_build_assign (c_next, PLUS_EXPR, c,
					       build_int_cst (ulong, 1)),
		     GSI_SAME_STMT);
  gimple_cond_set_code (cond, exit_true ? EQ_EXPR : NE_EXPR);
  gimple_cond_set_lhs (cond, c_next);
  gimple_cond_set_rhs (cond, cnt);
  update_stmt (cond);
}

/* Debug statements of the blocks REGION (blocks IN) that the move into the
   child function cannot take are dropped: one that names a parameter
   (`# DEBUG x => ...` of a parameter assigned in the loop, a source bind),
   as the move finds only the parameters it has mapped, through their SSA
   names, and would read an absent one; and the entry marker of an inlined
   function, whose block the move replaces by the child's outermost, which
   is no inlined function's (final then crashed).  Both at -g only.  Binds
   of values from outside the region lose their value.  */
static void
or_prune_debug (auto_vec<basic_block> &region, hash_set<basic_block> &in)
{
  auto names_parm = [] (tree *tp, int *walk_subtrees, void *) -> tree {
    if (TREE_CODE (*tp) == PARM_DECL)
      return *tp;
    if (TYPE_P (*tp))
      *walk_subtrees = 0;
    return NULL_TREE;
  };
  for (basic_block bb : region)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
	gimple *s = gsi_stmt (gsi);
	if (!is_gimple_debug (s))
	  {
	    gsi_next (&gsi);
	    continue;
	  }
	walk_stmt_info wi;
	memset (&wi, 0, sizeof (wi));
	if (gimple_debug_inline_entry_p (s)
	    || walk_gimple_op (s, names_parm, &wi))
	  {
	    gsi_remove (&gsi, true);
	    continue;
	  }
	gsi_next (&gsi);
	use_operand_p use;
	ssa_op_iter oi;
	FOR_EACH_SSA_USE_OPERAND (use, s, oi, SSA_OP_USE)
	  {
	    basic_block b = gimple_bb (SSA_NAME_DEF_STMT (USE_FROM_PTR (use)));
	    if (!b || !in.contains (b))
	      {
		gimple_debug_bind_reset_value (s);
		update_stmt (s);
		break;
	      }
	  }
      }
}

/* The SSA names the blocks REGION use and do not define (IN holds them),
   in the order of their uses (debug statements apart: or_prune_debug).  */
static void
or_live_ins (auto_vec<basic_block> &region, hash_set<basic_block> &in,
	     auto_vec<tree> &live_in)
{
  hash_set<tree> seen;
  auto note = [&] (tree n) {
    if (TREE_CODE (n) != SSA_NAME || virtual_operand_p (n))
      return;
    basic_block b = gimple_bb (SSA_NAME_DEF_STMT (n));
    if ((!b || !in.contains (b)) && !seen.add (n))
      live_in.safe_push (n);
  };
  for (basic_block bb : region)
    {
      for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
	   gsi_next (&pi))
	for (unsigned a = 0; a < gimple_phi_num_args (pi.phi ()); a++)
	  note (gimple_phi_arg_def (pi.phi (), a));
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  if (is_gimple_debug (s))
	    continue;
	  use_operand_p use;
	  ssa_op_iter oi;
	  FOR_EACH_SSA_USE_OPERAND (use, s, oi, SSA_OP_USE)
	    note (USE_FROM_PTR (use));
	}
    }
}

/* Replaces in the blocks REGION the uses of the names COPIES maps by their
   copies, except in the statements defining the names in KEEP.  */
static void
or_use_copies (auto_vec<basic_block> &region, hash_map<tree, tree> &copies,
	       hash_set<gimple *> &keep)
{
  for (basic_block bb : region)
    {
      for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
	   gsi_next (&pi))
	for (unsigned a = 0; a < gimple_phi_num_args (pi.phi ()); a++)
	  if (tree *cp = copies.get (gimple_phi_arg_def (pi.phi (), a)))
	    SET_USE (gimple_phi_arg_imm_use_ptr (pi.phi (), a), *cp);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  if (keep.contains (s))
	    continue;
	  use_operand_p use;
	  ssa_op_iter oi;
	  bool changed = false;
	  FOR_EACH_SSA_USE_OPERAND (use, s, oi, SSA_OP_USE)
	    if (tree *cp = copies.get (USE_FROM_PTR (use)))
	      {
		SET_USE (use, *cp);
		changed = true;
	      }
	  if (changed)
	    update_stmt (s);
	}
    }
}


int
gp_loop_parloops_skips (unsigned num)
{
  class loop *loop = get_loop (cfun, num);
  edge exit = loop ? single_exit (loop) : NULL;
  if (!loop || !loop->inner || !exit)
    return 0;
  auto_vec<tree> reduced;
  for (gphi_iterator pi = gsi_start_phis (loop->header); !gsi_end_p (pi);
       gsi_next (&pi))
    {
      tree res = gimple_phi_result (pi.phi ());
      affine_iv iv;
      if (virtual_operand_p (res) || simple_iv (loop, loop, res, &iv, true))
	continue;
      if (loop->inner->inner)
	return 1;
      reduced.safe_push (PHI_ARG_DEF_FROM_EDGE (pi.phi (),
						loop_latch_edge (loop)));
    }
  /* parloops replaces final values it can compute; any other value used
     after the loop must be a reduction's.  */
  for (gphi_iterator pi = gsi_start_phis (exit->dest); !gsi_end_p (pi);
       gsi_next (&pi))
    {
      tree v = PHI_ARG_DEF_FROM_EDGE (pi.phi (), exit);
      affine_iv iv;
      if (!virtual_operand_p (gimple_phi_result (pi.phi ()))
	  && TREE_CODE (v) == SSA_NAME && !defined_outside (v, loop)
	  && !reduced.contains (v) && !simple_iv (loop, loop, v, &iv, true))
	return 2;
    }
  return 0;
}

/* Why no region of the plugin's own can be built in cfun, or NULL.  */
static const char *
or_function_refusal (unsigned threads)
{
  if (threads < 2 || threads > 1024
      || !builtin_decl_explicit (BUILT_IN_OMP_GET_NUM_THREADS)
      || !builtin_decl_explicit (BUILT_IN_OMP_GET_THREAD_NUM)
      || !builtin_decl_explicit (BUILT_IN_GOMP_PARALLEL))
    return "no OpenMP run-time calls in this compilation";
  if (cfun->has_nonlocal_label || cfun->calls_setjmp)
    return "the function has non-local labels or calls setjmp";
  /* As parloops: not in a function compiled for an offload device too.  */
  if (oacc_get_fn_attrib (cfun->decl)
      || lookup_attribute ("omp declare target",
			   DECL_ATTRIBUTES (cfun->decl)))
    return "the function is compiled for an offload device too";
  return NULL;
}

/* The least number of iterations per thread of LOOP, as parloops has it;
   false where LOOP has too little work for THREADS threads (it stays
   sequential, as in parloops).  */
static bool
or_enough_work (class loop *loop, unsigned threads, unsigned *per_thread)
{
  *per_thread = loop->inner ? 2 : param_parloops_min_per_thread;
  HOST_WIDE_INT estimated = estimated_loop_iterations_int (loop);
  if (estimated == -1)
    estimated = get_likely_max_loop_iterations_int (loop);
  return !(optimize_loop_nest_for_size_p (loop)
	   || (estimated != -1
	       && estimated < (HOST_WIDE_INT) threads * *per_thread - 1));
}

/* A region being built (gp_loop_own_region): its loop and form; the
   blocks HEAD (parent, ends with the GIMPLE_OMP_PARALLEL) → ENTRY (the
   thread's block of iterations) → PRE (preheader) → loop → TEST → Y
   (partial results) → Y1 (the last iteration's values) → Z
   (GIMPLE_OMP_RETURN) → W (parent: the values after the region); the
   iterations' count TOTAL and the thread's T, LO and CNT; the reductions'
   values before the loop; the shared record DATA with its fields; the
   region's blocks, its live-ins and their copies in it; the child
   function and the record's address PD in it.  */
struct or_build
{
  class loop *loop;
  or_form *form;
  unsigned threads;
  location_t loc;
  basic_block head, entry, pre, y, y1, z, w;
  tree total, t, lo, cnt;
  auto_vec<tree> inits;
  tree record, data, child, pd;
  auto_vec<tree> part_fields, last_fields, live_fields, live_in;
  auto_vec<basic_block> region;
  hash_set<basic_block> in_region;
  hash_map<tree, tree> copies;
};

/* Splits B's loop's edges into B's blocks.  */
static void
or_blocks (or_build &b)
{
  b.loc = find_loop_location (b.loop).get_location_t ();
  b.head = split_edge (loop_preheader_edge (b.loop));
  b.entry = split_edge (single_succ_edge (b.head));
  b.pre = split_edge (single_succ_edge (b.entry));
  b.y = split_edge (b.form->exit);
  b.y1 = split_edge (single_succ_edge (b.y));
  b.z = split_edge (single_succ_edge (b.y1));
  b.w = split_edge (single_succ_edge (b.z));
}

/* In HEAD: the number of iterations, and addresses of the locals.  In
   ENTRY: the thread's block of iterations, where its counters start;
   none: straight to the end.  EXIT_TRUE: the loop's exit was its test's
   true edge.  */
static void
or_thread_iterations (or_build &b, bool exit_true)
{
  tree ulong = long_unsigned_type_node;
  gimple_stmt_iterator hg = gsi_last_bb (b.head);
  tree niter = fold_convert (ulong, unshare_expr (b.form->desc.niter));
  b.total = force_gimple_operand_gsi (&hg, fold_build2 (PLUS_EXPR, ulong,
							niter,
							build_int_cst (ulong, 1)),
				      true, NULL_TREE, false,
				      GSI_CONTINUE_LINKING);
  or_share_locals (b.loop, b.head, b.form->locals);
  or_thread_block (b.entry, b.total, &b.t, &b.lo, &b.cnt);
  or_start_at (b.loop, *b.form, b.entry, b.lo, b.inits);
  gimple_stmt_iterator eg = gsi_last_bb (b.entry);
  gsi_insert_after (&eg, gimple_build_cond (NE_EXPR, b.cnt,
					    build_int_cst (ulong, 0),
					    NULL_TREE, NULL_TREE),
		    GSI_CONTINUE_LINKING);
  single_succ_edge (b.entry)->flags = EDGE_TRUE_VALUE;
  single_succ_edge (b.entry)->probability = profile_probability::likely ();
  make_edge (b.entry, b.z, EDGE_FALSE_VALUE)->probability
    = profile_probability::unlikely ();
  or_count_to (b.loop, b.form->cond, exit_true, b.cnt, b.loc);
}

/* The shared record: partial results, last values, live-ins (the
   region's blocks are collected, their debug statements pruned, on the
   way); its variable B.data.  */
static void
or_record (or_build &b)
{
  tree record = lang_hooks.types.make_type (RECORD_TYPE);
  TYPE_NAME (record) = build_decl (UNKNOWN_LOCATION, TYPE_DECL,
				   create_tmp_var_name (".gccpoly_data"),
				   record);
  tree fields = NULL_TREE;
  for (or_reduction &r : b.form->reductions)
    {
      tree ty = build_array_type_nelts (TREE_TYPE (r.out), b.threads);
      fields = or_field (record, ty, "partial", fields);
      b.part_fields.safe_push (fields);
    }
  auto_vec<gphi *> &outs = b.form->outs;
  for (unsigned i = 0; i < outs.length (); i++)
    {
      fields = or_field (record, TREE_TYPE (gimple_phi_result (outs[i])),
			 "last", fields);
      b.last_fields.safe_push (fields);
    }
  b.region.safe_push (b.entry);
  b.region.safe_push (b.pre);
  basic_block *body = get_loop_body (b.loop);
  for (unsigned i = 0; i < b.loop->num_nodes; i++)
    b.region.safe_push (body[i]);
  free (body);
  b.region.safe_push (b.y);
  b.region.safe_push (b.y1);
  b.region.safe_push (b.z);
  for (basic_block bb : b.region)
    b.in_region.add (bb);
  or_prune_debug (b.region, b.in_region);
  or_live_ins (b.region, b.in_region, b.live_in);
  for (tree n : b.live_in)
    {
      fields = or_field (record, TREE_TYPE (n), "in", fields);
      b.live_fields.safe_push (fields);
    }
  TYPE_FIELDS (record) = nreverse (fields);
  layout_type (record);
  b.record = record;
  b.data = create_tmp_var (record, ".gccpoly_data_store");
  TREE_ADDRESSABLE (b.data) = 1;
}

/* Slot INDEX of reduction J's partial results in the record BASE.  */
static tree
or_slot (or_build &b, tree base, unsigned j, tree index)
{
  return build4 (ARRAY_REF, TREE_TYPE (b.form->reductions[j].out),
		 or_component (base, b.part_fields[j]), index, NULL_TREE,
		 NULL_TREE);
}

/* HEAD: the live-ins stored, the partial results set to the identity,
   then the region.  */
static void
or_start_region (or_build &b)
{
  gimple_stmt_iterator hg = gsi_last_bb (b.head);
  auto head_store = [&] (tree ref, tree value) {
    gsi_insert_after (&hg, gimple_build_assign (ref, value),
		      GSI_CONTINUE_LINKING);
  };
  auto_vec<or_reduction> &reductions = b.form->reductions;
  for (unsigned i = 0; i < b.live_in.length (); i++)
    head_store (or_component (b.data, b.live_fields[i]), b.live_in[i]);
  for (unsigned j = 0; j < reductions.length (); j++)
    for (unsigned k = 0; k < b.threads; k++)
      head_store (or_slot (b, b.data, j, build_int_cst (integer_type_node, k)),
		  reductions[j].identity);
  b.child = or_child_fn (b.loc);
  tree clause = build_omp_clause (b.loc, OMP_CLAUSE_NUM_THREADS);
  OMP_CLAUSE_NUM_THREADS_EXPR (clause) = build_int_cst (integer_type_node,
							b.threads);
  gomp_parallel *par = gimple_build_omp_parallel (NULL, clause, b.child,
						  b.data);
  gimple_set_location (par, b.loc);
  gsi_insert_after (&hg, par, GSI_CONTINUE_LINKING);
}

/* ENTRY: the record's address (the child's argument), then the loads of
   the live-ins, whose copies the region uses.  */
static void
or_load_live_ins (or_build &b)
{
  gimple_stmt_iterator eb = gsi_after_labels (b.entry);
  tree param = make_ssa_name (DECL_ARGUMENTS (b.child));
  gsi_insert_before (&eb, gimple_build_assign (param,
					       build_fold_addr_expr (b.data)),
		     GSI_SAME_STMT);
  b.pd = make_ssa_name (build_pointer_type (b.record));
  gsi_insert_before (&eb, gimple_build_assign (b.pd,
					       fold_convert (TREE_TYPE (b.pd),
							     param)),
		     GSI_SAME_STMT);
  hash_set<gimple *> keep;
  for (unsigned i = 0; i < b.live_in.length (); i++)
    {
      tree copy = or_load (&eb, or_component (build_simple_mem_ref (b.pd),
					       b.live_fields[i]));
      b.copies.put (b.live_in[i], copy);
      keep.add (SSA_NAME_DEF_STMT (copy));
    }
  or_use_copies (b.region, b.copies, keep);
}

/* Y: the partial results into the thread's slots; Y1, reached by the
   thread that ran the last iteration: the values the loop hands out (how
   many into *N_LAST); Z: the region's end.  A fresh reference to the
   record each time: GIMPLE shares no tree nodes.  */
static void
or_store_results (or_build &b, unsigned *n_last)
{
  tree ulong = long_unsigned_type_node;
  auto_vec<or_reduction> &reductions = b.form->reductions;
  auto_vec<gphi *> &outs = b.form->outs;
  gimple_stmt_iterator yg = gsi_last_bb (b.y);
  for (unsigned j = 0; j < reductions.length (); j++)
    or_store (&yg, or_slot (b, build_simple_mem_ref (b.pd), j, b.t),
	      reductions[j].out);
  gimple_stmt_iterator yl = gsi_last_bb (b.y);
  tree end = force_gimple_operand_gsi (&yl, fold_build2 (PLUS_EXPR, ulong,
							 b.lo, b.cnt),
				       true, NULL_TREE, false,
				       GSI_CONTINUE_LINKING);
  /* TOTAL, where not a constant, is a live-in: the region uses its copy.  */
  tree *total_copy = b.copies.get (b.total);
  gsi_insert_after (&yl, gimple_build_cond (EQ_EXPR, end,
					    total_copy ? *total_copy : b.total,
					    NULL_TREE, NULL_TREE),
		    GSI_CONTINUE_LINKING);
  single_succ_edge (b.y)->flags = EDGE_TRUE_VALUE;
  single_succ_edge (b.y)->probability = profile_probability::even ();
  make_edge (b.y, b.z, EDGE_FALSE_VALUE)->probability
    = profile_probability::even ();
  gimple_stmt_iterator y1g = gsi_last_bb (b.y1);
  edge out_e = single_succ_edge (b.w);
  for (unsigned i = 0; i < outs.length (); i++)
    if (b.form->out_reduction[i] < 0)
      {
	or_store (&y1g, or_component (build_simple_mem_ref (b.pd),
				      b.last_fields[i]),
		  PHI_ARG_DEF_FROM_EDGE (outs[i], out_e));
	(*n_last)++;
      }
  gimple_stmt_iterator zg = gsi_last_bb (b.z);
  gsi_insert_after (&zg, gimple_build_omp_return (false), GSI_NEW_STMT);
}

/* W: the values after the region: a reduction's value from before the
   loop with the slots, in thread order; the last values.  */
static void
or_values_after (or_build &b)
{
  auto_vec<or_reduction> &reductions = b.form->reductions;
  auto_vec<gphi *> &outs = b.form->outs;
  edge out_e = single_succ_edge (b.w);
  gimple_stmt_iterator wg = gsi_after_labels (b.w);
  for (unsigned i = 0; i < outs.length (); i++)
    {
      int j = b.form->out_reduction[i];
      tree value;
      if (j >= 0)
	{
	  value = b.inits[j];
	  for (unsigned k = 0; k < b.threads; k++)
	    {
	      tree part = or_load (&wg, or_slot (b, b.data, j,
						 build_int_cst (integer_type_node,
								k)));
	      tree sum = make_ssa_name (TREE_TYPE (reductions[j].out));
	      gsi_insert_before (&wg, gimple_build_assign (sum,
							   reductions[j].code,
							   value, part),
				 GSI_SAME_STMT);
	      value = sum;
	    }
	}
      else
	value = or_load (&wg, or_component (b.data, b.last_fields[i]));
      SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (outs[i], out_e), value);
    }
}

/* The region built, expanded at once (omp_expand_local from HEAD), and
   what the loop passes that follow expect set up again.  */
static void
or_expand (or_build &b)
{
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  b.loop->can_be_parallel = false;
  omp_expand_local (b.head);
  /* The loop passes that follow expect dominators.  */
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  scev_reset ();
  free_numbers_of_iterations_estimates (cfun);
  pt_solution_reset (&cfun->gimple_df->escaped);
}

int
gp_loop_own_region (unsigned num, unsigned line, int reassociate,
		    unsigned *n_reductions, unsigned *n_last, const char **why)
{
  *n_reductions = *n_last = 0;
  *why = NULL;
  unsigned threads = flag_tree_parallelize_loops;
  if ((*why = or_function_refusal (threads)))
    return 0;
  calculate_dominance_info (CDI_DOMINATORS);
  class loop *loop = NULL;
  int found = or_find_loop (num, line, &loop);
  if (found != 1)
    {
      *why = "the marked loop was not found";
      return found;
    }
  unsigned per_thread;
  if (!or_enough_work (loop, threads, &per_thread))
    {
      *why = "too few iterations for the threads";
      return 0;
    }
  /* Analysed before the versioning below too, so that a loop the region
     cannot take is not copied for nothing.  */
  {
    or_form first;
    if (!or_analyze (loop, &first, reassociate, why))
      return 0;
  }
  /* The region runs where the count reaches that minimum, the loop as it
     is (an unmarked copy) elsewhere.  */
  if (gp_loop_version_min_trips (loop->num, threads * per_thread) == 2)
    {
      *why = "too few iterations for the threads";
      return 0;
    }
  calculate_dominance_info (CDI_DOMINATORS);
  or_form form;
  if (!or_analyze (loop, &form, reassociate, why))
    return 0;
  or_build b;
  b.loop = loop;
  b.form = &form;
  b.threads = threads;
  bool exit_true = form.exit->flags & EDGE_TRUE_VALUE;
  or_blocks (b);
  or_thread_iterations (b, exit_true);
  or_record (b);
  or_start_region (b);
  or_load_live_ins (b);
  or_store_results (b, n_last);
  or_values_after (b);
  *n_reductions = form.reductions.length ();
  reset_debug_outside (b.region, b.in_region);
  or_expand (b);
  return 1;
}
