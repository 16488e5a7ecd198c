/* Copies per thread: private arrays reached through pointers, and
   reductions into arrays (gp_loop_thread_copies).  */

#include "internal.h"

/* walk_tree callback: *SUB is the SSA name D other than as the base
   address of a MEM_REF.  */
static tree
ar_other_use (tree *sub, int *walk_subtrees, void *d)
{
  tree name = (tree) d;
  if (TREE_CODE (*sub) == MEM_REF && TREE_OPERAND (*sub, 0) == name)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  return *sub == name ? *sub : NULL_TREE;
}

/* The pointers of LOOP computed from BASE (BASE first) into *DERIVED, and
   the loads and stores through them into *REFS, when every use of them in
   LOOP is an offset added to one of them or the base address of a load or
   a store, and none is used after LOOP; false otherwise.  */
static bool
ar_derived (class loop *loop, tree base, vec<tree> *derived,
	    vec<gimple *> *refs)
{
  derived->safe_push (base);
  for (unsigned i = 0; i < derived->length (); i++)
    {
      tree name = (*derived)[i];
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, name)
	{
	  gimple *u = USE_STMT (use);
	  if (is_gimple_debug (u))
	    continue;
	  if (!flow_bb_inside_loop_p (loop, gimple_bb (u)))
	    {
	      if (i == 0)
		continue;
	      return false;
	    }
	  if (!is_gimple_assign (u) || gimple_has_volatile_ops (u))
	    return false;
	  tree lhs = gimple_assign_lhs (u);
	  if (gimple_assign_rhs_code (u) == POINTER_PLUS_EXPR
	      && gimple_assign_rhs1 (u) == name
	      && gimple_assign_rhs2 (u) != name && TREE_CODE (lhs) == SSA_NAME)
	    {
	      if (!derived->contains (lhs))
		derived->safe_push (lhs);
	      continue;
	    }
	  if (!gimple_assign_single_p (u)
	      || !(gimple_assign_load_p (u) || gimple_store_p (u)))
	    return false;
	  tree rhs = gimple_assign_rhs1 (u);
	  /* A load into a register or a store of a register or a constant,
	     NAME only as the base address of the memory reference.  */
	  tree mem = gimple_store_p (u) ? lhs : rhs;
	  tree other = gimple_store_p (u) ? rhs : lhs;
	  if (!is_gimple_reg_type (TREE_TYPE (mem))
	      || (TREE_CODE (other) != SSA_NAME
		  && !is_gimple_min_invariant (other))
	      || other == name
	      || walk_tree_without_duplicates (gimple_assign_lhs_ptr (u),
					       ar_other_use, name)
	      || walk_tree_without_duplicates (gimple_assign_rhs1_ptr (u),
					       ar_other_use, name))
	    return false;
	  if (!refs->contains (u))
	    refs->safe_push (u);
	}
    }
  return true;
}

/* The loads and stores of LOOP that name the array DECL into *REFS, when
   each names it only as the base of its memory reference (no address of
   it taken, no other statement naming it); false otherwise.  */
static bool
ar_decl_refs (class loop *loop, tree decl, vec<gimple *> *refs)
{
  auto_vec<tree> decls;
  decls.safe_push (decl);
  basic_block *body = get_loop_body (loop);
  bool ok = true;
  for (unsigned b = 0; b < loop->num_nodes && ok; b++)
    {
      for (gphi_iterator pi = gsi_start_phis (body[b]); !gsi_end_p (pi) && ok;
	   gsi_next (&pi))
	for (unsigned a = 0; a < gimple_phi_num_args (pi.phi ()) && ok; a++)
	  ok = !walk_tree_without_duplicates (gimple_phi_arg_def_ptr (pi.phi (), a),
					      ps_mentions, (void *) &decls);
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]);
	   !gsi_end_p (gsi) && ok; gsi_next (&gsi))
	{
	  gimple *u = gsi_stmt (gsi);
	  if (is_gimple_debug (u))
	    continue;
	  bool names = false;
	  for (unsigned i = 0; i < gimple_num_ops (u) && !names; i++)
	    names = gimple_op (u, i)
		    && walk_tree_without_duplicates (gimple_op_ptr (u, i),
						     ps_mentions, (void *) &decls);
	  if (!names)
	    continue;
	  if (!gimple_assign_single_p (u) || gimple_has_volatile_ops (u)
	      || !(gimple_assign_load_p (u) || gimple_store_p (u)))
	    {
	      ok = false;
	      break;
	    }
	  tree *mem = gimple_store_p (u) ? gimple_assign_lhs_ptr (u)
					 : gimple_assign_rhs1_ptr (u);
	  tree *other = gimple_store_p (u) ? gimple_assign_rhs1_ptr (u)
					   : gimple_assign_lhs_ptr (u);
	  auto_vec<tree> none;
	  ok = is_gimple_reg_type (TREE_TYPE (*mem))
	       && get_base_address (*mem) == decl
	       && !walk_tree_without_duplicates (other, ps_mentions,
						 (void *) &decls)
	       && ps_rewrite (mem, decls, none, false);
	  if (ok)
	    refs->safe_push (u);
	}
    }
  free (body);
  return ok;
}

/* V as TYPE, converted by a statement inserted before G where its type is
   another.  */
static tree
ar_convert (gimple_stmt_iterator *g, tree type, tree v)
{
  if (useless_type_conversion_p (type, TREE_TYPE (v)))
    return v;
  tree c = make_ssa_name (type);
  gsi_insert_before (g, gimple_build_assign (c, NOP_EXPR, v), GSI_SAME_STMT);
  return c;
}

/* *(PTR + OFFSET) of TYPE, as a memory reference of alias set zero.  */
static tree
ar_mem (tree type, tree ptr)
{
  return build2 (MEM_REF, type, ptr,
		 build_int_cst (build_pointer_type (char_type_node), 0));
}

/* The TYPE at address *ADDR (an expression, computed before G into the
   value *ADDR then holds), loaded before G, as AS_TYPE.  */
static tree
ar_load (gimple_stmt_iterator *g, tree type, tree *addr, tree as_type)
{
  *addr = force_gimple_operand_gsi (g, *addr, true, NULL_TREE, true,
				    GSI_SAME_STMT);
  tree v = make_ssa_name (type);
  gsi_insert_before (g, gimple_build_assign (v, ar_mem (type, *addr)),
		     GSI_SAME_STMT);
  return ar_convert (g, as_type, v);
}

/* The statements of LOOP that compute VALUE, stored into a reduced array
   of signed integer type TYPE, from the array's loads: the +, - and
   negations of TYPE that VALUE comes from, into CHAIN (at most 64).  False
   where a PHI of the loop of TYPE is among the values they start from (a
   running value kept in a register, whose additions CHAIN would miss).  */
static bool
wr_sum_chain (class loop *loop, tree value, tree type, auto_vec<gimple *> &chain)
{
  auto_vec<tree> work;
  work.safe_push (value);
  while (!work.is_empty ())
    {
      tree v = work.pop ();
      if (TREE_CODE (v) != SSA_NAME || defined_outside (v, loop))
	continue;
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (is_a<gphi *> (def))
	{
	  if (types_compatible_p (TREE_TYPE (v), type))
	    return false;
	  continue;
	}
      gassign *a = dyn_cast<gassign *> (def);
      if (!a || !types_compatible_p (TREE_TYPE (v), type))
	continue;
      enum tree_code code = gimple_assign_rhs_code (a);
      if (code != PLUS_EXPR && code != MINUS_EXPR && code != NEGATE_EXPR)
	continue;
      if (chain.contains (a))
	continue;
      if (chain.length () >= 64)
	return false;
      chain.safe_push (a);
      for (unsigned i = 1; i < gimple_num_ops (a); i++)
	work.safe_push (gimple_op (a, i));
    }
  return true;
}

/* Makes the +, - or negation A of a signed integer type wrap: computed in
   the unsigned type of its precision, and converted back.  */
static void
wr_wrap_assign (gassign *a)
{
  tree ut = unsigned_type_for (TREE_TYPE (gimple_assign_lhs (a)));
  hash_map<tree, tree> none;
  tree u = make_ssa_name (ut);
  wr_unsigned_copy (a, u, ut, none, false);
  gimple_stmt_iterator at = gsi_for_stmt (a);
  gimple_assign_set_rhs_with_ops (&at, NOP_EXPR, u);
  update_stmt (gsi_stmt (at));
}

/* What gp_loop_thread_copies knows of its loop and arrays as it goes: N
   arrays with their kinds and fills; per array its base, the reduction's
   type, the pointers computed from it in the loop and the loop's loads and
   stores of it; then the bytes [lo, lo + size) of it copied and the
   copies' buffer; the last iteration's counter where one is needed.  */
struct tc_copies
{
  class loop *loop;
  unsigned n;
  int threads;
  const gp_copy_kind *kinds;
  const int *fill;
  auto_vec<tree> bases, types;
  auto_vec<tree> derived[8];
  auto_vec<gimple *> refs[8];
  bool any_last = false, any_fill = false;
  /* The additions into reduced arrays of signed integers.  */
  auto_vec<gimple *> wrapped_ops;
  auto_vec<tree> los, sizes, bufs;
  tree last = NULL_TREE;
};

/* Whether C's arrays (BASES_IN, with the stores STORES_IN of the sums)
   can have copies: each a pointer defined before the loop or a declared
   array, every access of a sum of the sum's type; fills C's bases, types,
   derived pointers and references.  */
static bool
tc_arrays (tc_copies &c, const gp_tree *const *bases_in,
	   const gp_tree *const *lo_in, const gp_tree *const *hi_in,
	   const gp_stmt *const *stores_in)
{
  class loop *loop = c.loop;
  const gp_copy_kind *kinds = c.kinds;
  const int *fill = c.fill;
  auto_vec<tree> &bases = c.bases;
  auto_vec<gimple *> *refs = c.refs;
  for (unsigned k = 0; k < c.n; k++)
    {
      tree base = as_tree (bases_in[k]);
      gimple *store = stores_in[k] ? as_stmt (stores_in[k]) : NULL;
      bool sum = kinds[k] == GP_COPY_SUM;
      c.any_last |= kinds[k] == GP_COPY_LAST;
      c.any_fill |= fill[k] != 0;
      /* A pointer defined before the loop, or a declared array.  */
      bool pointer = base && TREE_CODE (base) == SSA_NAME
		     && POINTER_TYPE_P (TREE_TYPE (base))
		     && defined_outside (base, loop);
      bool declared = base && VAR_P (base)
		      && TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE
		      && !TREE_THIS_VOLATILE (base) && !DECL_HARD_REGISTER (base)
		      && (is_global_var (base)
			  || decl_function_context (base) == current_function_decl);
      if ((!pointer && !declared) || bases.contains (base)
	  || !lo_in[k] || !hi_in[k] || kinds[k] > GP_COPY_LAST
	  || (sum && fill[k])
	  || (sum && (!store || !gimple_store_p (store)
		      || !gimple_assign_single_p (store))))
	return false;
      if (!(declared ? ar_decl_refs (loop, base, &refs[k])
		     : ar_derived (loop, base, &c.derived[k], &refs[k]))
	  || (store && !refs[k].contains (store)))
	return false;
      tree type = NULL_TREE;
      if (sum)
	{
	  /* Zero is the sum's identity.  A signed integer's partial sums
	     could overflow where the whole did not: they are computed in
	     unsigned arithmetic (not with -ftrapv, where an overflow must
	     trap).  */
	  type = TREE_TYPE (gimple_assign_lhs (store));
	  bool wraps = INTEGRAL_TYPE_P (type) && TYPE_OVERFLOW_WRAPS (type);
	  bool wrapped = TREE_CODE (type) == INTEGER_TYPE && !wraps
			 && !TYPE_OVERFLOW_TRAPS (type) && !flag_trapv;
	  if (!(SCALAR_FLOAT_TYPE_P (type) || wraps || wrapped)
	      || !TYPE_SIZE_UNIT (type)
	      || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
	    return false;
	  /* Every access through them is of the reduction's type.  */
	  for (gimple *r : refs[k])
	    {
	      tree mem = gimple_store_p (r) ? gimple_assign_lhs (r)
					     : gimple_assign_rhs1 (r);
	      if (!useless_type_conversion_p (type, TREE_TYPE (mem)))
		return false;
	      if (wrapped && gimple_store_p (r)
		  && !wr_sum_chain (loop, gimple_assign_rhs1 (r), type,
				    c.wrapped_ops))
		return false;
	    }
	}
      bases.safe_push (base);
      c.types.safe_push (type);
    }
  return true;
}

/* Before the loop, at AT: each array's bytes [lo, hi) (LO_IN, HI_IN), and
   a zeroed copy of them per thread from CALLOC_FN, into C's los, sizes and
   bufs; COND (the loop's test) and, per array, that its size fits and its
   copies were had.  */
static tree
tc_allocate (tc_copies &c, gimple_stmt_iterator &at, tree cond,
	     const gp_tree *const *lo_in, const gp_tree *const *hi_in,
	     tree calloc_fn)
{
  int threads = c.threads;
  for (unsigned k = 0; k < c.n; k++)
    {
      tree lo = force_gimple_operand_gsi (&at, unshare_expr (as_tree (lo_in[k])),
					  true, NULL_TREE, false,
					  GSI_CONTINUE_LINKING);
      tree hi = force_gimple_operand_gsi (&at, unshare_expr (as_tree (hi_in[k])),
					  true, NULL_TREE, false,
					  GSI_CONTINUE_LINKING);
      tree bytes128 = fold_build2 (MINUS_EXPR, rt_type (), hi, lo);
      bytes128 = force_gimple_operand_gsi (&at, bytes128, true, NULL_TREE,
					   false, GSI_CONTINUE_LINKING);
      /* At most 2^40 bytes, and where size_t is narrower (-m32) at most
	 what THREADS copies of fit it.  */
      unsigned HOST_WIDE_INT cap = HOST_WIDE_INT_1U << 40;
      if (TYPE_PRECISION (sizetype) < 48)
	cap = MIN (cap, ((HOST_WIDE_INT_1U << TYPE_PRECISION (sizetype)) - 1)
			/ threads);
      tree fits = fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
			       fold_build2 (GT_EXPR, boolean_type_node, bytes128,
					    build_int_cst (rt_type (), 0)),
			       fold_build2 (LE_EXPR, boolean_type_node, bytes128,
					    build_int_cst (rt_type (), cap)));
      fits = force_gimple_operand_gsi (&at, fits, true, NULL_TREE, false,
				       GSI_CONTINUE_LINKING);
      tree size = fold_build3 (COND_EXPR, sizetype, fits,
			       fold_convert (sizetype, bytes128), size_zero_node);
      size = force_gimple_operand_gsi (&at, size, true, NULL_TREE, false,
				       GSI_CONTINUE_LINKING);
      tree buf = make_ssa_name (ptr_type_node);
      gcall *alloc = gimple_build_call (calloc_fn, 2,
					build_int_cst (sizetype, threads), size);
      gimple_call_set_lhs (alloc, buf);
      gsi_insert_after (&at, alloc, GSI_CONTINUE_LINKING);
      cond = fold_build2 (TRUTH_AND_EXPR, boolean_type_node, cond,
			  fold_build2 (TRUTH_AND_EXPR, boolean_type_node, fits,
				       fold_build2 (NE_EXPR, boolean_type_node,
						    buf, null_pointer_node)));
      c.los.safe_push (fold_convert (sizetype, lo));
      c.sizes.safe_push (size);
      c.bufs.safe_push (buf);
    }
  return cond;
}

/* The counter of the last iteration in which a statement of the loop
   runs (from 0, LAST_IN), computed at AT into C.last, where one works in
   the arrays themselves: COND and that it is below 2^62, so that a 64-bit
   counter reaches it.  */
static tree
tc_last (tc_copies &c, gimple_stmt_iterator &at, tree cond,
	 const gp_tree *last_in)
{
  tree u64 = long_long_unsigned_type_node;
  tree last128 = force_gimple_operand_gsi (&at, unshare_expr (as_tree (last_in)),
					   true, NULL_TREE, false,
					   GSI_CONTINUE_LINKING);
  tree in_range
    = fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
		   fold_build2 (GE_EXPR, boolean_type_node, last128,
				build_int_cst (rt_type (), 0)),
		   fold_build2 (LT_EXPR, boolean_type_node, last128,
				build_int_cst (rt_type (),
					       HOST_WIDE_INT_1 << 62)));
  cond = fold_build2 (TRUTH_AND_EXPR, boolean_type_node, cond, in_range);
  c.last = force_gimple_operand_gsi (&at, fold_convert (u64, last128), true,
				     NULL_TREE, false, GSI_CONTINUE_LINKING);
  return cond;
}

/* Declared array K of C: its loads and stores reach the copy MINE; its
   debug values are dropped.  Its address is taken after the loop.  */
static void
tc_redirect_declared (tc_copies &c, unsigned k, tree mine)
{
  class loop *loop = c.loop;
  tree base = c.bases[k];
  auto_vec<tree> decls, ptrs;
  decls.safe_push (base);
  ptrs.safe_push (mine);
  for (gimple *r : c.refs[k])
    {
      ps_rewrite (gimple_store_p (r) ? gimple_assign_lhs_ptr (r)
				     : gimple_assign_rhs1_ptr (r),
		  decls, ptrs, false);
      update_stmt (r);
    }
  basic_block *body = get_loop_body (loop);
  for (unsigned b = 0; b < loop->num_nodes; b++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]);
	 !gsi_end_p (gsi); gsi_next (&gsi))
      if (gimple_debug_bind_p (gsi_stmt (gsi))
	  && gimple_debug_bind_has_value_p (gsi_stmt (gsi))
	  && walk_tree_without_duplicates (
	       gimple_debug_bind_get_value_ptr (gsi_stmt (gsi)),
	       ps_mentions, (void *) &decls))
	{
	  gimple_debug_bind_reset_value (gsi_stmt (gsi));
	  update_stmt (gsi_stmt (gsi));
	}
  free (body);
  TREE_ADDRESSABLE (base) = 1;
}

/* Array K of C through a pointer: the loop's uses of the base now reach
   the copy MINE; what GCC knew of where the derived pointers point no
   longer holds.  */
static void
tc_redirect_pointer (tc_copies &c, unsigned k, tree mine)
{
  class loop *loop = c.loop;
  imm_use_iterator it;
  gimple *u;
  FOR_EACH_IMM_USE_STMT (u, it, c.bases[k])
    {
      /* (The choice of the last iteration keeps the base.)  */
      if (!flow_bb_inside_loop_p (loop, gimple_bb (u))
	  || u == SSA_NAME_DEF_STMT (mine))
	continue;
      if (is_gimple_debug (u))
	{
	  gimple_debug_bind_reset_value (u);
	  update_stmt (u);
	  continue;
	}
      use_operand_p use;
      FOR_EACH_IMM_USE_ON_STMT (use, it)
	SET_USE (use, mine);
      update_stmt (u);
    }
  for (unsigned i = 1; i < c.derived[k].length (); i++)
    SSA_NAME_PTR_INFO (c.derived[k][i]) = NULL;
  for (gimple *r : c.refs[k])
    {
      tree mem = gimple_store_p (r) ? gimple_assign_lhs (r)
				     : gimple_assign_rhs1 (r);
      while (handled_component_p (mem))
	mem = TREE_OPERAND (mem, 0);
      if (TREE_CODE (mem) == MEM_REF)
	{
	  MR_DEPENDENCE_CLIQUE (mem) = 0;
	  MR_DEPENDENCE_BASE (mem) = 0;
	}
    }
}

/* In each iteration of C's loop, the copy of the thread that runs it
   (THREAD_FN's number): base + i is buf + thread * size + (i - lo); the
   last iteration in which a statement runs works in the arrays themselves
   (LAST kinds), so that they end with its values.  */
static void
tc_redirect (tc_copies &c, tree thread_fn)
{
  class loop *loop = c.loop;
  tree u64 = long_long_unsigned_type_node;
  gimple_stmt_iterator head = gsi_after_labels (loop->header);
  tree thread = make_ssa_name (integer_type_node);
  gcall *who = gimple_build_call (thread_fn, 0);
  gimple_call_set_lhs (who, thread);
  gsi_insert_before (&head, who, GSI_SAME_STMT);
  tree t = fold_build2 (MIN_EXPR, integer_type_node, thread,
			build_int_cst (integer_type_node, c.threads - 1));
  t = fold_convert (sizetype, t);
  tree is_last = NULL_TREE;
  if (c.any_last)
    {
      gimple_stmt_iterator incr;
      bool incr_after;
      standard_iv_increment_position (loop, &incr, &incr_after);
      tree count, count_after;
      create_iv (build_int_cst (u64, 0), build_int_cst (u64, 1), NULL_TREE,
		 loop, &incr, incr_after, &count, &count_after);
      is_last = make_ssa_name (boolean_type_node);
      gsi_insert_before (&head, gimple_build_assign (is_last, EQ_EXPR, count,
						     c.last),
			 GSI_SAME_STMT);
    }
  for (unsigned k = 0; k < c.n; k++)
    {
      tree off = fold_build2 (MINUS_EXPR, sizetype,
			      fold_build2 (MULT_EXPR, sizetype, t, c.sizes[k]),
			      c.los[k]);
      tree base = c.bases[k];
      bool declared = VAR_P (base);
      tree ptype = declared ? build_pointer_type (TREE_TYPE (base))
			    : TREE_TYPE (base);
      tree mine = fold_build_pointer_plus (fold_convert (ptype, c.bufs[k]),
					   off);
      mine = force_gimple_operand_gsi (&head, mine, true, NULL_TREE, true,
				       GSI_SAME_STMT);
      if (c.kinds[k] == GP_COPY_LAST)
	{
	  tree own = declared ? build_fold_addr_expr (base) : base;
	  tree pick = make_ssa_name (ptype);
	  gsi_insert_before (&head,
			     gimple_build_assign (pick, COND_EXPR, is_last,
						  fold_convert (ptype, own),
						  mine),
			     GSI_SAME_STMT);
	  mine = pick;
	}
      if (declared)
	tc_redirect_declared (c, k, mine);
      else
	tc_redirect_pointer (c, k, mine);
    }
}

/* Copies of C that start as the array's bytes before the loop (MEMCPY_FN
   on the preheader's edge).  */
static void
tc_fill (tc_copies &c, tree memcpy_fn)
{
  gimple_seq fills = NULL;
  for (unsigned k = 0; k < c.n; k++)
    {
      if (!c.fill[k])
	continue;
      tree start = VAR_P (c.bases[k]) ? build_fold_addr_expr (c.bases[k])
				      : c.bases[k];
      /* (force_gimple_operand starts the sequence it is given afresh.)  */
      gimple_seq part = NULL;
      tree from = force_gimple_operand (fold_build_pointer_plus (start,
								 c.los[k]),
					&part, true, NULL_TREE);
      gimple_seq_add_seq (&fills, part);
      for (int th = 0; th < c.threads; th++)
	{
	  tree to = fold_build_pointer_plus (c.bufs[k],
					     fold_build2 (MULT_EXPR, sizetype,
							  build_int_cst (sizetype, th),
							  c.sizes[k]));
	  part = NULL;
	  to = force_gimple_operand (to, &part, true, NULL_TREE);
	  gimple_seq_add_seq (&fills, part);
	  gimple_seq_add_stmt (&fills, gimple_build_call (memcpy_fn, 3, to,
							  from, c.sizes[k]));
	}
    }
  if (fills)
    gsi_insert_seq_on_edge_immediate (loop_preheader_edge (c.loop), fills);
}

/* After C's loop: each summed array's elements plus every thread's copy
   of them, in the order of the threads, each in a loop of its own before
   DONE.  */
static void
tc_add_back (tc_copies &c, basic_block done)
{
  for (unsigned k = 0; k < c.n; k++)
    {
      if (c.kinds[k] != GP_COPY_SUM)
	continue;
      tree type = c.types[k];
      /* A signed integer's sum wraps as its parts do.  */
      tree sum_type = INTEGRAL_TYPE_P (type) ? unsigned_type_for (type) : type;
      tree esize = fold_convert (sizetype, TYPE_SIZE_UNIT (type));
      tree count = fold_build2 (MINUS_EXPR, sizetype,
				fold_build2 (EXACT_DIV_EXPR, sizetype,
					     c.sizes[k], esize),
				size_one_node);
      tree iv = create_tmp_var (sizetype, "gp_cell");
      tree before, after_iv;
      class loop *add
	= create_empty_loop_on_edge (single_pred_edge (done), size_zero_node,
				     size_one_node, count, iv, &before,
				     &after_iv, loop_outer (c.loop));
      basic_block body = single_exit (add)->src;
      gimple_stmt_iterator g = gsi_after_labels (body);
      tree off = fold_build2 (MULT_EXPR, sizetype, before, esize);
      tree start = VAR_P (c.bases[k]) ? build_fold_addr_expr (c.bases[k])
				      : c.bases[k];
      tree cell = fold_build_pointer_plus (start,
					   fold_build2 (PLUS_EXPR, sizetype,
							c.los[k], off));
      tree acc = ar_load (&g, type, &cell, sum_type);
      for (int th = 0; th < c.threads; th++)
	{
	  tree at_th = fold_build2 (PLUS_EXPR, sizetype,
				    fold_build2 (MULT_EXPR, sizetype,
						 build_int_cst (sizetype, th),
						 c.sizes[k]),
				    off);
	  tree from = fold_build_pointer_plus (c.bufs[k], at_th);
	  tree part = ar_load (&g, type, &from, sum_type);
	  tree sum = make_ssa_name (sum_type);
	  gsi_insert_before (&g, gimple_build_assign (sum, PLUS_EXPR, acc, part),
			     GSI_SAME_STMT);
	  acc = sum;
	}
      acc = ar_convert (&g, type, acc);
      gsi_insert_before (&g,
			 gimple_build_assign (ar_mem (type, unshare_expr (cell)),
					      acc),
			 GSI_SAME_STMT);
    }
}

/* Gives back the buffers BUFS at GSI (FREE_FN each).  */
static void
tc_free (const vec<tree> &bufs, gimple_stmt_iterator *gsi, bool before,
	 tree free_fn)
{
  for (tree buf : bufs)
    if (before)
      gsi_insert_before (gsi, gimple_build_call (free_fn, 1, buf),
			 GSI_SAME_STMT);
    else
      gsi_insert_after (gsi, gimple_build_call (free_fn, 1, buf),
			GSI_CONTINUE_LINKING);
}

int
gp_loop_thread_copies (unsigned num, const gp_tree *const *bases_in,
		       const gp_tree *const *lo_in,
		       const gp_tree *const *hi_in,
		       const gp_stmt *const *stores_in,
		       const gp_copy_kind *kinds, const int *fill,
		       unsigned n, const gp_tree *last_in,
		       const gp_tree *cond_in, int apply)
{
  class loop *loop = get_loop (cfun, num);
  int threads = flag_tree_parallelize_loops;
  tree calloc_fn = builtin_decl_explicit (BUILT_IN_CALLOC);
  tree free_fn = builtin_decl_explicit (BUILT_IN_FREE);
  tree thread_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_THREAD_NUM);
  if (!loop || !loop->latch || n == 0 || n > 8 || threads < 2
      || threads > 64 || !calloc_fn || !free_fn || !thread_fn
      || !single_exit (loop) || !can_duplicate_loop_p (loop)
      || !loop_outer (loop) || !rt_type ())
    return 0;
  tc_copies c;
  c.loop = loop;
  c.n = n;
  c.threads = threads;
  c.kinds = kinds;
  c.fill = fill;
  if (!tc_arrays (c, bases_in, lo_in, hi_in, stores_in))
    return 0;
  /* The last iteration's counter is needed where it works in the array
     itself.  */
  tree memcpy_fn = builtin_decl_explicit (BUILT_IN_MEMCPY);
  if ((c.any_last && !last_in) || (c.any_fill && !memcpy_fn))
    return 0;
  if (!apply)
    return 1;

  basic_block pre = split_edge (loop_preheader_edge (loop));
  gimple_stmt_iterator at = gsi_last_bb (pre);
  tree cond = cond_in ? unshare_expr (as_tree (cond_in)) : boolean_true_node;
  cond = tc_allocate (c, at, cond, lo_in, hi_in, calloc_fn);
  if (c.any_last)
    cond = tc_last (c, at, cond, last_in);
  /* Where a copy cannot be had, the loop runs as it is, unmarked.  */
  class loop *copy = version_loop_alone (loop, cond);
  if (!copy)
    {
      /* The copies are not used: given back.  */
      gimple_stmt_iterator end = gsi_last_bb (pre);
      tc_free (c.bufs, &end, false, free_fn);
      loop->can_be_parallel = false;
      mark_virtual_operands_for_renaming (cfun);
      update_ssa (TODO_update_ssa_only_virtuals);
      return 0;
    }
  copy->can_be_parallel = false;
  for (gimple *a : c.wrapped_ops)
    wr_wrap_assign (as_a<gassign *> (a));
  /* Where the copy runs, whatever was had is given back after it.  */
  calculate_dominance_info (CDI_DOMINATORS);
  if (edge e = single_exit (copy))
    {
      basic_block out = split_loop_exit_edge (e, true);
      gimple_stmt_iterator g = gsi_after_labels (out);
      tc_free (c.bufs, &g, true, free_fn);
    }

  tc_redirect (c, thread_fn);
  tc_fill (c, memcpy_fn);
  /* After the loop: the sums; then the copies are given back.  */
  calculate_dominance_info (CDI_DOMINATORS);
  basic_block after = split_loop_exit_edge (single_exit (loop), true);
  basic_block done = split_edge (single_succ_edge (after));
  tc_add_back (c, done);
  gimple_stmt_iterator fin = gsi_after_labels (done);
  tc_free (c.bufs, &fin, true, free_fn);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  scev_reset ();
  return 1;
}
