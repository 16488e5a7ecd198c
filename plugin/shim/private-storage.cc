/* Private arrays declared in a marked loop's body given storage of each
   iteration's own (gp_loop_private_storage).  */

#include "internal.h"

/* Where T is in V, -1 if it is not.  */
static int
ps_index (const vec<tree> &v, tree t)
{
  for (unsigned i = 0; i < v.length (); i++)
    if (v[i] == t)
      return i;
  return -1;
}

/* walk_tree callback: *SUB is one of the trees of the vec<tree> D.  */
tree
ps_mentions (tree *sub, int *, void *d)
{
  const vec<tree> *ds = (const vec<tree> *) d;
  return ds->contains (*sub) ? *sub : NULL_TREE;
}

/* gp_loop_private_storage's rewrite of one operand: the references in *TP
   to the arrays DECLS[k] become references through the pointers PTRS[k]
   (NULL: only check).  ADDRESS_OK: *TP is a whole right-hand side, where
   an address that is not invariant is valid GIMPLE.  False when *TP
   refers to an array in a way the rewrite does not know.  */
bool
ps_rewrite (tree *tp, const vec<tree> &decls, const vec<tree> &ptrs,
	    bool address_ok)
{
  tree t = *tp;
  if (!t)
    return true;
  int k = ps_index (decls, t);
  if (k >= 0)
    {
      if (ptrs.exists ())
	{
	  tree alias = build_pointer_type (TREE_TYPE (t));
	  *tp = fold_build2 (MEM_REF, TREE_TYPE (t), ptrs[k],
			     build_int_cst (alias, 0));
	}
      return true;
    }
  switch (TREE_CODE (t))
    {
    case MEM_REF:
      {
	tree base = TREE_OPERAND (t, 0);
	if (TREE_CODE (base) == ADDR_EXPR
	    && (k = ps_index (decls, TREE_OPERAND (base, 0))) >= 0)
	  {
	    if (ptrs.exists ())
	      TREE_OPERAND (t, 0) = ptrs[k];
	    return true;
	  }
	return ps_rewrite (&TREE_OPERAND (t, 0), decls, ptrs, false);
      }
    case TARGET_MEM_REF:
      /* Made by ivopts, after this pass; not expected here.  */
      for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
	if (TREE_OPERAND (t, i)
	    && walk_tree_without_duplicates (&TREE_OPERAND (t, i),
					     ps_mentions,
					     (void *) &decls))
	  return false;
      return true;
    case ADDR_EXPR:
      {
	if (is_gimple_min_invariant (t) && !address_ok)
	  {
	    /* &a or &a[3] elsewhere (a call's argument, a PHI): refused if
	       it names one of the arrays.  */
	    tree base = get_base_address (TREE_OPERAND (t, 0));
	    return !(base && decls.contains (base));
	  }
	if (!ps_rewrite (&TREE_OPERAND (t, 0), decls, ptrs, false))
	  return false;
	if (ptrs.exists ())
	  recompute_tree_invariant_for_addr_expr (t);
	return true;
      }
    default:
      break;
    }
  if (DECL_P (t) || CONSTANT_CLASS_P (t) || TREE_CODE (t) == SSA_NAME)
    return true;
  if (!EXPR_P (t) && !REFERENCE_CLASS_P (t) && TREE_CODE (t) != CONSTRUCTOR)
    return true;
  if (TREE_CODE (t) == CONSTRUCTOR)
    {
      unsigned i;
      tree v;
      FOR_EACH_CONSTRUCTOR_VALUE (CONSTRUCTOR_ELTS (t), i, v)
	{
	  tree vv = v;
	  if (!ps_rewrite (&vv, decls, ptrs, false) || vv != v)
	    return false;
	}
      return true;
    }
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    if (!ps_rewrite (&TREE_OPERAND (t, i), decls, ptrs, false))
      return false;
  return true;
}

int
gp_loop_private_storage (unsigned num, const gp_tree *const *decls_in,
			 unsigned n, unsigned long max_bytes, int apply)
{
  class loop *loop = get_loop (cfun, num);
  if (!loop || n == 0 || !loop->latch || loop->latch == loop->header)
    return 0;
  edge exit = single_exit (loop);
  if (!exit || !single_pred_p (loop->latch)
      || single_pred (loop->latch) != exit->src
      || !gsi_end_p (gsi_start_nondebug_after_labels_bb (loop->latch))
      || !last_stmt (exit->src)
      || gimple_code (last_stmt (exit->src)) != GIMPLE_COND)
    return 0;
  auto_vec<tree> decls;
  for (unsigned k = 0; k < n; k++)
    {
      tree d = as_tree (decls_in[k]);
      if (!d || !VAR_P (d) || is_global_var (d) || !DECL_SIZE_UNIT (d)
	  || !tree_fits_uhwi_p (DECL_SIZE_UNIT (d))
	  || tree_to_uhwi (DECL_SIZE_UNIT (d)) > max_bytes
	  || decl_function_context (d) != current_function_decl)
	return 0;
      decls.safe_push (d);
    }
  basic_block *body = get_loop_body (loop);
  unsigned nb = loop->num_nodes;
  auto_vec<tree> none;
  bool ok = true;
  /* The check: every reference known, none in a PHI or an asm.  */
  for (unsigned b = 0; b < nb && ok; b++)
    {
      for (gphi_iterator pi = gsi_start_phis (body[b]); !gsi_end_p (pi) && ok;
	   gsi_next (&pi))
	for (unsigned a = 0; a < gimple_phi_num_args (pi.phi ()) && ok; a++)
	  {
	    tree arg = gimple_phi_arg_def (pi.phi (), a);
	    ok = TREE_CODE (arg) != ADDR_EXPR || ps_rewrite (&arg, decls, none, false);
	  }
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]);
	   !gsi_end_p (gsi) && ok; gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
	    continue;
	  if (gimple_code (stmt) == GIMPLE_ASM)
	    {
	      for (unsigned i = 0; i < gimple_num_ops (stmt) && ok; i++)
		ok = !gimple_op (stmt, i)
		     || !walk_tree_without_duplicates (gimple_op_ptr (stmt, i),
			  ps_mentions, (void *) &decls);
	      continue;
	    }
	  bool whole_rhs = gimple_assign_single_p (stmt);
	  for (unsigned i = 0; i < gimple_num_ops (stmt) && ok; i++)
	    {
	      tree op = gimple_op (stmt, i);
	      ok = ps_rewrite (&op, decls, none, whole_rhs && i == 1);
	    }
	}
    }
  if (!ok || !apply)
    {
      free (body);
      return ok;
    }

  /* The rewrite.  Storage at the start of each iteration...  */
  gimple_stmt_iterator at = gsi_after_labels (loop->header);
  tree saved = make_ssa_name (ptr_type_node);
  gcall *save = gimple_build_call (builtin_decl_explicit (BUILT_IN_STACK_SAVE), 0);
  gimple_call_set_lhs (save, saved);
  gsi_insert_before (&at, save, GSI_SAME_STMT);
  auto_vec<tree> ptrs;
  for (tree d : decls)
    {
      tree p = make_ssa_name (ptr_type_node);
      gcall *alloc
	= gimple_build_call (builtin_decl_explicit (BUILT_IN_ALLOCA_WITH_ALIGN),
			     2, fold_convert (size_type_node, DECL_SIZE_UNIT (d)),
			     size_int (DECL_ALIGN (d)));
      gimple_call_set_lhs (alloc, p);
      set_ptr_info_alignment (get_ptr_info (p), DECL_ALIGN_UNIT (d), 0);
      /* As a C99 VLA's: dropped at the end of its scope, so no warning
	 about alloca in a loop applies.  */
      gimple_call_set_alloca_for_var (alloc, true);
      gsi_insert_before (&at, alloc, GSI_SAME_STMT);
      ptrs.safe_push (p);
    }
  /* ... given back before the exit test, which every iteration passes.  */
  gimple_stmt_iterator end = gsi_last_bb (exit->src);
  gcall *restore
    = gimple_build_call (builtin_decl_explicit (BUILT_IN_STACK_RESTORE), 1, saved);
  gsi_insert_before (&end, restore, GSI_SAME_STMT);

  for (unsigned b = 0; b < nb; b++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]); !gsi_end_p (gsi);)
      {
	gimple *stmt = gsi_stmt (gsi);
	if (stmt == save || stmt == restore
	    || (is_gimple_call (stmt) && gimple_call_lhs (stmt)
		&& ptrs.contains (gimple_call_lhs (stmt))))
	  {
	    gsi_next (&gsi);
	    continue;
	  }
	if (gimple_clobber_p (stmt))
	  {
	    tree base = get_base_address (gimple_assign_lhs (stmt));
	    if (base && decls.contains (base))
	      {
		unlink_stmt_vdef (stmt);
		gsi_remove (&gsi, true);
		release_defs (stmt);
		continue;
	      }
	    gsi_next (&gsi);
	    continue;
	  }
	if (is_gimple_debug (stmt))
	  {
	    if (gimple_debug_bind_p (stmt) && gimple_debug_bind_has_value_p (stmt)
		&& walk_tree_without_duplicates (gimple_debug_bind_get_value_ptr (stmt),
		     ps_mentions, (void *) &decls))
	      {
		gimple_debug_bind_reset_value (stmt);
		update_stmt (stmt);
	      }
	    gsi_next (&gsi);
	    continue;
	  }
	bool whole_rhs = gimple_assign_single_p (stmt);
	for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
	  ps_rewrite (gimple_op_ptr (stmt, i), decls, ptrs, whole_rhs && i == 1);
	update_stmt (stmt);
	gsi_next (&gsi);
      }
  free (body);
  cfun->calls_alloca = true;
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return 1;
}
