/* Builders the rewrites share: values computed before a loop, a
   counter's value at an iteration, exit tests moved, statement copies
   under a map of names, arithmetic made to wrap, debug statements reset.  */

#include "internal.h"

/* Whether SSA name or invariant T is defined outside loop L.  */
bool
defined_outside (tree t, class loop *l)
{
  if (TREE_CODE (t) != SSA_NAME)
    return is_gimple_min_invariant (t);
  basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (t));
  return !bb || !flow_bb_inside_loop_p (l, bb);
}

/* OP of the cycle's type as the cycle's unsigned type UT: its new name
   in MAP, a constant converted, or a conversion inserted at AT (or, with
   AT NULL, on edge ON).  */
tree
wr_operand (tree op, tree ut, hash_map<tree, tree> &map,
	    gimple_stmt_iterator *at, edge on)
{
  if (tree *mapped = map.get (op))
    return *mapped;
  if (TREE_CODE (op) == INTEGER_CST)
    return fold_convert (ut, op);
  tree u = make_ssa_name (ut);
  gassign *cv = gimple_build_assign (u, NOP_EXPR, op);
  if (at)
    gsi_insert_before (at, cv, GSI_SAME_STMT);
  else
    gsi_insert_on_edge_immediate (on, cv);
  return u;
}

/* Inserts before DEF (a +, -, * or negation) U = its operation in the
   unsigned type UT, its operands through wr_operand with MAP; with
   PLUS_OF_NEGATION, a difference s - x whose x is not in MAP becomes
   s + -x (parloops makes no reduction of a difference).  */
void
wr_unsigned_copy (gassign *def, tree u, tree ut, hash_map<tree, tree> &map,
		  bool plus_of_negation)
{
  gimple_stmt_iterator at = gsi_for_stmt (def);
  enum tree_code code = gimple_assign_rhs_code (def);
  tree a = wr_operand (gimple_assign_rhs1 (def), ut, map, &at, NULL);
  tree b = NULL_TREE;
  if (code != NEGATE_EXPR)
    b = wr_operand (gimple_assign_rhs2 (def), ut, map, &at, NULL);
  if (plus_of_negation && code == MINUS_EXPR
      && !map.get (gimple_assign_rhs2 (def)))
    {
      code = PLUS_EXPR;
      if (TREE_CODE (b) == INTEGER_CST)
	b = fold_build1 (NEGATE_EXPR, ut, b);
      else
	{
	  tree neg = make_ssa_name (ut);
	  gsi_insert_before (&at, gimple_build_assign (neg, NEGATE_EXPR, b),
			     GSI_SAME_STMT);
	  b = neg;
	}
    }
  gassign *copy = b ? gimple_build_assign (u, code, a, b)
		    : gimple_build_assign (u, code, a);
  gimple_set_location (copy, gimple_location (def));
  gsi_insert_before (&at, copy, GSI_SAME_STMT);
}

/* Computes V before loop C's header; the value.  */
tree
value_before (class loop *c, tree v)
{
  gimple_seq seq = NULL;
  v = force_gimple_operand (v, &seq, true, NULL_TREE);
  if (seq)
    gsi_insert_seq_on_edge_immediate (loop_preheader_edge (c), seq);
  return v;
}

/* Debug statements outside the blocks REGION (IN holds them) that use a
   name defined in them lose their values: the names move into an
   outlined function, or are no longer computed before those statements
   run (a pair's statements moved into its inner loop, a copy of a loop
   that may not run).  */
void
reset_debug_outside (auto_vec<basic_block> &region,
			hash_set<basic_block> &in)
{
  any_value_defined (region.address (), region.length (), [&] (tree n) {
    imm_use_iterator it;
    gimple *u;
    FOR_EACH_IMM_USE_STMT (u, it, n)
      if (is_gimple_debug (u) && !in.contains (gimple_bb (u)))
	{
	  gimple_debug_bind_reset_value (u);
	  update_stmt (u);
	}
    return false;
  });
}

/* reset_debug_outside for the blocks of loop L.  */
void
reset_debug_outside_loop (class loop *l)
{
  auto_vec<basic_block> body;
  hash_set<basic_block> in;
  basic_block *bbs = get_loop_body (l);
  for (unsigned i = 0; i < l->num_nodes; i++)
    {
      body.safe_push (bbs[i]);
      in.add (bbs[i]);
    }
  free (bbs);
  reset_debug_outside (body, in);
}

/* The value counter C takes in iteration K (an unsigned 64-bit value) of
   its loop, as an expression; for a start value that moves (C.move), in
   the outer loop's iteration A.  */
tree
ix_counter_value (const ix_counter &c, tree k, tree a)
{
  tree type = TREE_TYPE (PHI_RESULT (c.phi));
  /* In sizetype or the unsigned type: the values are the counter's own,
     the intermediate products may wrap.  */
  tree off = POINTER_TYPE_P (type) ? sizetype : unsigned_type_for (type);
  tree sum = fold_build2 (MULT_EXPR, off, fold_convert (off, c.step),
			  fold_convert (off, k));
  if (c.move)
    sum = fold_build2 (PLUS_EXPR, off, sum,
		       fold_build2 (MULT_EXPR, off, fold_convert (off, c.move),
				    fold_convert (off, a)));
  if (POINTER_TYPE_P (type))
    return fold_build_pointer_plus (unshare_expr (c.base), sum);
  return fold_convert (type, fold_build2 (PLUS_EXPR, off,
					  fold_convert (off,
							unshare_expr (c.base)),
					  sum));
}

/* A new counter of loop L, unsigned 64 bits from 0 by 1, incremented at
   the end of the block EXIT leaves from; its value after the increment
   into *AFTER.  */
tree
new_u64_counter (class loop *l, edge exit, tree *after)
{
  tree u64 = long_long_unsigned_type_node;
  gimple_stmt_iterator incr = gsi_last_bb (exit->src);
  tree v;
  create_iv (build_int_cst (u64, 0), build_int_cst (u64, 1), NULL_TREE, l,
	     &incr, false, &v, after);
  return v;
}

/* ix_counter_value's value, built before TO.  */
tree
ix_counter_at (const ix_counter &c, tree k, gimple_stmt_iterator *to,
	       tree a)
{
  return force_gimple_operand_gsi (to, ix_counter_value (c, k, a), true,
				   NULL_TREE, true, GSI_SAME_STMT);
}

/* Makes EXIT's test leave its loop once NEXT, a counter's value for the
   next iteration, is past LAST.  */
void
wf_exit_past (edge exit, tree next, tree last)
{
  gcond *cond = as_a<gcond *> (last_stmt (exit->src));
  gimple_cond_set_code (cond, (exit->flags & EDGE_TRUE_VALUE) ? GT_EXPR
							   : LE_EXPR);
  gimple_cond_set_lhs (cond, next);
  gimple_cond_set_rhs (cond, last);
  update_stmt (cond);
}

/* Replaces the SSA names of *TP that DATA (a map) has.  */
tree
jm_remap_op (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, tree> *map = (hash_map<tree, tree> *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      if (tree *t = map->get (*tp))
	*tp = *t;
      *walk_subtrees = 0;
    }
  else if (IS_TYPE_OR_DECL_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* T's name in copy MAP: its copy's where MAP has one, else T itself (a
   constant, or a value the copies share).  */
tree
jm_name_in (hash_map<tree, tree> *map, tree t)
{
  tree *c = TREE_CODE (t) == SSA_NAME ? map->get (t) : NULL;
  return c ? *c : t;
}

/* Inserts C, a copy the jam made, at *TO (before it when BEFORE, else
   after it, moving *TO on to C), its virtual operands to be renamed.  */
void
jm_insert (gimple *c, gimple_stmt_iterator *to, bool before)
{
  tree lhs = gimple_get_lhs (c);
  if (lhs && TREE_CODE (lhs) == SSA_NAME)
    SSA_NAME_DEF_STMT (lhs) = c;
  if (gimple_vdef (c))
    gimple_set_vdef (c, gimple_vop (cfun));
  if (gimple_vuse (c))
    gimple_set_vuse (c, gimple_vop (cfun));
  if (before)
    gsi_insert_before (to, c, GSI_SAME_STMT);
  else
    gsi_insert_after (to, c, GSI_NEW_STMT);
  update_stmt (c);
}
