/* Read access to GIMPLE: the current function, its loops, blocks,
   statements, trees, types, SSA names and their evolutions.  */

#include "internal.h"

const char *
gp_cfun_name (void)
{
  return function_name (cfun);
}

gp_location
gp_cfun_location (void)
{
  return cfun && cfun->decl ? DECL_SOURCE_LOCATION (cfun->decl)
			    : UNKNOWN_LOCATION;
}

gp_location
gp_cfun_end_location (void)
{
  return cfun ? cfun->function_end_locus : UNKNOWN_LOCATION;
}

int
gp_cfun_associative_math (void)
{
  /* The function's own options (optimize attributes) where it has them.  */
  if (cfun && cfun->decl)
    return opt_for_fn (cfun->decl, flag_associative_math) != 0;
  return flag_associative_math != 0;
}

int
gp_cfun_aggressive_loop_optimizations (void)
{
  if (cfun && cfun->decl)
    return opt_for_fn (cfun->decl, flag_aggressive_loop_optimizations) != 0;
  return flag_aggressive_loop_optimizations != 0;
}

unsigned
gp_loop_table_size (void)
{
  return current_loops ? number_of_loops (cfun) : 0;
}

gp_loop *
gp_loop_get (unsigned num)
{
  if (!current_loops || num >= number_of_loops (cfun))
    return NULL;
  return reinterpret_cast<gp_loop *> (get_loop (cfun, num));
}

unsigned
gp_loop_num (const gp_loop *loop)
{
  return as_loop (loop)->num;
}

unsigned
gp_loop_depth (const gp_loop *loop)
{
  return loop_depth (as_loop (loop));
}

gp_loop *
gp_loop_outer (const gp_loop *loop)
{
  class loop *outer = loop_outer (as_loop (loop));
  if (!outer || outer->num == 0)
    return NULL;
  return reinterpret_cast<gp_loop *> (outer);
}

size_t
gp_loop_exit_cond_locations (const gp_loop *loop, gp_location *out, size_t max)
{
  size_t n = 0;
  for (edge e : get_loop_exit_edges (as_loop (loop)))
    {
      gimple *last = last_stmt (e->src);
      if (!last || gimple_code (last) != GIMPLE_COND)
	continue;
      location_t loc = gimple_location (last);
      if (loc == UNKNOWN_LOCATION)
	continue;
      if (n < max)
	out[n] = loc;
      n++;
    }
  return n;
}

gp_location
gp_loop_header_location (const gp_loop *loop)
{
  basic_block bb = as_loop (loop)->header;
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      location_t loc = gimple_location (gsi_stmt (gsi));
      if (loc != UNKNOWN_LOCATION)
	return loc;
    }
  return UNKNOWN_LOCATION;
}

static gp_edge_info
edge_info (edge e)
{
  gp_edge_info i;
  i.src = e->src->index;
  i.dest = e->dest->index;
  i.true_value = (e->flags & EDGE_TRUE_VALUE) != 0;
  i.false_value = (e->flags & EDGE_FALSE_VALUE) != 0;
  i.abnormal
    = (e->flags & (EDGE_ABNORMAL | EDGE_EH | EDGE_IRREDUCIBLE_LOOP)) != 0;
  return i;
}

int
gp_bb_index_limit (void)
{
  return last_basic_block_for_fn (cfun);
}

gp_bb *
gp_bb_get (int index)
{
  if (index < 0 || index >= last_basic_block_for_fn (cfun))
    return NULL;
  return reinterpret_cast<gp_bb *> (BASIC_BLOCK_FOR_FN (cfun, index));
}

unsigned
gp_bb_loop_num (const gp_bb *bb)
{
  class loop *l = as_bb (bb)->loop_father;
  return l ? l->num : 0;
}

int
gp_bb_irreducible (const gp_bb *bb)
{
  return (as_bb (bb)->flags & BB_IRREDUCIBLE_LOOP) != 0;
}

size_t
gp_bb_succs (const gp_bb *bb, gp_edge_info *out, size_t max)
{
  size_t n = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, as_bb (bb)->succs)
    {
      if (n < max)
	out[n] = edge_info (e);
      n++;
    }
  return n;
}

size_t
gp_bb_preds (const gp_bb *bb, gp_edge_info *out, size_t max)
{
  size_t n = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, as_bb (bb)->preds)
    {
      if (n < max)
	out[n] = edge_info (e);
      n++;
    }
  return n;
}

int
gp_dominated_by (int a, int b)
{
  basic_block ba = BASIC_BLOCK_FOR_FN (cfun, a);
  basic_block bb = BASIC_BLOCK_FOR_FN (cfun, b);
  if (!ba || !bb)
    return 0;
  return dominated_by_p (CDI_DOMINATORS, ba, bb);
}

int
gp_bb_idom (int index)
{
  basic_block bb = BASIC_BLOCK_FOR_FN (cfun, index);
  if (!bb || !dom_info_available_p (CDI_DOMINATORS))
    return -1;
  basic_block d = get_immediate_dominator (CDI_DOMINATORS, bb);
  return d ? d->index : -1;
}

size_t
gp_bb_stmts (const gp_bb *bb, gp_stmt **out, size_t max)
{
  size_t n = 0;
  for (gimple_stmt_iterator gsi = gsi_start_bb (as_bb (bb)); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      if (n < max)
	out[n] = reinterpret_cast<gp_stmt *> (gsi_stmt (gsi));
      n++;
    }
  return n;
}

size_t
gp_bb_phis (const gp_bb *bb, gp_stmt **out, size_t max)
{
  size_t n = 0;
  for (gphi_iterator gsi = gsi_start_phis (as_bb (bb)); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      if (n < max)
	out[n] = reinterpret_cast<gp_stmt *> (gsi.phi ());
      n++;
    }
  return n;
}

gp_stmt_kind
gp_stmt_code (const gp_stmt *s)
{
  switch (gimple_code (as_stmt (s)))
    {
    case GIMPLE_ASSIGN: return GP_STMT_ASSIGN;
    case GIMPLE_CALL: return GP_STMT_CALL;
    case GIMPLE_COND: return GP_STMT_COND;
    case GIMPLE_PHI: return GP_STMT_PHI;
    case GIMPLE_LABEL: return GP_STMT_LABEL;
    case GIMPLE_DEBUG: return GP_STMT_DEBUG;
    case GIMPLE_RETURN: return GP_STMT_RETURN;
    case GIMPLE_SWITCH: return GP_STMT_SWITCH;
    case GIMPLE_ASM: return GP_STMT_ASM;
    case GIMPLE_NOP: return GP_STMT_NOP;
    case GIMPLE_PREDICT: return GP_STMT_PREDICT;
    default: return GP_STMT_OTHER;
    }
}

gp_location
gp_stmt_location (const gp_stmt *s)
{
  return gimple_location (as_stmt (s));
}

int
gp_stmt_bb (const gp_stmt *s)
{
  basic_block bb = gimple_bb (as_stmt (s));
  return bb ? bb->index : -1;
}

int
gp_stmt_reads_memory (const gp_stmt *s)
{
  return gimple_vuse (as_stmt (s)) != NULL_TREE;
}

int
gp_stmt_writes_memory (const gp_stmt *s)
{
  return gimple_vdef (as_stmt (s)) != NULL_TREE;
}

int
gp_stmt_has_volatile_ops (const gp_stmt *s)
{
  return gimple_has_volatile_ops (as_stmt (s));
}

int
gp_stmt_could_throw (const gp_stmt *s)
{
  return stmt_could_throw_p (cfun, as_stmt (s));
}

int
gp_stmt_is_clobber (const gp_stmt *s)
{
  return gimple_clobber_p (as_stmt (s));
}

gp_tree *
gp_assign_lhs (const gp_stmt *s)
{
  return to_gp (gimple_assign_lhs (as_stmt (s)));
}

static gp_tree_kind tree_kind (enum tree_code code);

gp_tree_kind
gp_assign_rhs_code (const gp_stmt *s)
{
  return tree_kind (gimple_assign_rhs_code (as_stmt (s)));
}

const char *
gp_assign_rhs_code_name (const gp_stmt *s)
{
  return get_tree_code_name (gimple_assign_rhs_code (as_stmt (s)));
}

gp_tree *
gp_assign_rhs (const gp_stmt *s, unsigned i)
{
  gimple *g = as_stmt (s);
  if (i == 0 || i >= gimple_num_ops (g))
    return NULL;
  return to_gp (gimple_op (g, i));
}

gp_tree_kind
gp_cond_code (const gp_stmt *s)
{
  return tree_kind (gimple_cond_code (as_stmt (s)));
}

gp_tree *
gp_cond_lhs (const gp_stmt *s)
{
  return to_gp (gimple_cond_lhs (as_stmt (s)));
}

gp_tree *
gp_cond_rhs (const gp_stmt *s)
{
  return to_gp (gimple_cond_rhs (as_stmt (s)));
}

gp_tree *
gp_call_lhs (const gp_stmt *s)
{
  return to_gp (gimple_call_lhs (as_stmt (s)));
}

unsigned
gp_call_nargs (const gp_stmt *s)
{
  return gimple_call_num_args (as_stmt (s));
}

gp_tree *
gp_call_arg (const gp_stmt *s, unsigned i)
{
  gimple *g = as_stmt (s);
  if (i >= gimple_call_num_args (g))
    return NULL;
  return to_gp (gimple_call_arg (g, i));
}

const char *
gp_call_name (const gp_stmt *s)
{
  gimple *g = as_stmt (s);
  if (gimple_call_internal_p (g))
    return internal_fn_name (gimple_call_internal_fn (g));
  tree fn = gimple_call_fndecl (g);
  if (!fn || !DECL_NAME (fn))
    return NULL;
  return IDENTIFIER_POINTER (DECL_NAME (fn));
}

int
gp_call_is_const (const gp_stmt *s)
{
  return (gimple_call_flags (as_stmt (s)) & ECF_CONST) != 0;
}

int
gp_call_is_pure (const gp_stmt *s)
{
  return (gimple_call_flags (as_stmt (s)) & ECF_PURE) != 0;
}

int
gp_call_is_builtin (const gp_stmt *s)
{
  return gimple_call_builtin_p (as_stmt (s), BUILT_IN_NORMAL);
}

int
gp_call_is_internal (const gp_stmt *s)
{
  return gimple_call_internal_p (as_stmt (s));
}

gp_tree *
gp_phi_result (const gp_stmt *s)
{
  return to_gp (gimple_phi_result (as_stmt (s)));
}

unsigned
gp_phi_nargs (const gp_stmt *s)
{
  return gimple_phi_num_args (as_stmt (s));
}

gp_tree *
gp_phi_arg (const gp_stmt *s, unsigned i)
{
  gimple *g = as_stmt (s);
  if (i >= gimple_phi_num_args (g))
    return NULL;
  return to_gp (gimple_phi_arg_def (g, i));
}

int
gp_phi_arg_src (const gp_stmt *s, unsigned i)
{
  gphi *g = as_a<gphi *> (as_stmt (s));
  if (i >= gimple_phi_num_args (g))
    return -1;
  return gimple_phi_arg_edge (g, i)->src->index;
}

gp_location
gp_phi_arg_location (const gp_stmt *s, unsigned i)
{
  gphi *g = as_a<gphi *> (as_stmt (s));
  if (i >= gimple_phi_num_args (g))
    return UNKNOWN_LOCATION;
  return gimple_phi_arg_location (g, i);
}

static gp_tree_kind
tree_kind (enum tree_code code)
{
  switch (code)
    {
    case INTEGER_CST: return GP_T_INTEGER_CST;
    case REAL_CST: return GP_T_REAL_CST;
    case SSA_NAME: return GP_T_SSA_NAME;
    case VAR_DECL: return GP_T_VAR_DECL;
    case PARM_DECL: return GP_T_PARM_DECL;
    case RESULT_DECL: return GP_T_RESULT_DECL;
    case CONST_DECL: return GP_T_CONST_DECL;
    case FUNCTION_DECL: return GP_T_FUNCTION_DECL;
    case ARRAY_REF: return GP_T_ARRAY_REF;
    case MEM_REF: return GP_T_MEM_REF;
    case TARGET_MEM_REF: return GP_T_TARGET_MEM_REF;
    case COMPONENT_REF: return GP_T_COMPONENT_REF;
    case BIT_FIELD_REF: return GP_T_BIT_FIELD_REF;
    case ADDR_EXPR: return GP_T_ADDR_EXPR;
    case PLUS_EXPR: return GP_T_PLUS;
    case MINUS_EXPR: return GP_T_MINUS;
    case MULT_EXPR: return GP_T_MULT;
    case LSHIFT_EXPR: return GP_T_LSHIFT;
    case BIT_NOT_EXPR: return GP_T_BIT_NOT;
    case NEGATE_EXPR: return GP_T_NEGATE;
    case POINTER_PLUS_EXPR: return GP_T_POINTER_PLUS;
    case POINTER_DIFF_EXPR: return GP_T_POINTER_DIFF;
    case NOP_EXPR:
    case CONVERT_EXPR: return GP_T_CONVERT;
    case VIEW_CONVERT_EXPR: return GP_T_VIEW_CONVERT;
    case POLYNOMIAL_CHREC: return GP_T_CHREC;
    case SCEV_NOT_KNOWN: return GP_T_SCEV_NOT_KNOWN;
    case COND_EXPR: return GP_T_COND_EXPR;
    case LT_EXPR: return GP_T_LT;
    case LE_EXPR: return GP_T_LE;
    case GT_EXPR: return GP_T_GT;
    case GE_EXPR: return GP_T_GE;
    case EQ_EXPR: return GP_T_EQ;
    case NE_EXPR: return GP_T_NE;
    case TRUTH_AND_EXPR:
    case TRUTH_ANDIF_EXPR: return GP_T_TRUTH_AND;
    case TRUTH_OR_EXPR:
    case TRUTH_ORIF_EXPR: return GP_T_TRUTH_OR;
    case TRUTH_NOT_EXPR: return GP_T_TRUTH_NOT;
    case MIN_EXPR: return GP_T_MIN;
    case MAX_EXPR: return GP_T_MAX;
    case EXACT_DIV_EXPR: return GP_T_EXACT_DIV;
    case TRUNC_DIV_EXPR: return GP_T_TRUNC_DIV;
    case CONSTRUCTOR: return GP_T_CONSTRUCTOR;
    case STRING_CST: return GP_T_STRING_CST;
    case REALPART_EXPR: return GP_T_REALPART;
    case IMAGPART_EXPR: return GP_T_IMAGPART;
    default: return GP_T_OTHER;
    }
}

gp_tree_kind
gp_tree_code (const gp_tree *t)
{
  return t ? tree_kind (TREE_CODE (as_tree (t))) : GP_T_OTHER;
}

const char *
gp_tree_code_name (const gp_tree *t)
{
  return t ? get_tree_code_name (TREE_CODE (as_tree (t))) : "null";
}

unsigned
gp_tree_num_operands (const gp_tree *t)
{
  tree x = as_tree (t);
  if (!x || !EXPR_P (x))
    return 0;
  return TREE_OPERAND_LENGTH (x);
}

gp_tree *
gp_tree_operand (const gp_tree *t, unsigned i)
{
  tree x = as_tree (t);
  if (!x || !EXPR_P (x) || i >= (unsigned) TREE_OPERAND_LENGTH (x))
    return NULL;
  return to_gp (TREE_OPERAND (x, i));
}

gp_tree *
gp_tree_type (const gp_tree *t)
{
  return t ? to_gp (TREE_TYPE (as_tree (t))) : NULL;
}

char *
gp_tree_to_string (const gp_tree *t)
{
  if (!t)
    return xstrdup ("(null)");
  return print_generic_expr_to_str (as_tree (t));
}

void
gp_free (void *p)
{
  free (p);
}

int
gp_int_cst_value (const gp_tree *t, int64_t *out)
{
  tree x = as_tree (t);
  if (!x || TREE_CODE (x) != INTEGER_CST)
    return 0;
  unsigned prec = TYPE_PRECISION (TREE_TYPE (x));
  wide_int w = wi::to_wide (x);
  wide_int sext = wi::sext (w, prec);
  if (!wi::fits_shwi_p (sext))
    return 0;
  *out = sext.to_shwi ();
  return 1;
}

unsigned
gp_ssa_version (const gp_tree *t)
{
  return SSA_NAME_VERSION (as_tree (t));
}

const char *
gp_ssa_var_name (const gp_tree *t)
{
  tree id = SSA_NAME_IDENTIFIER (as_tree (t));
  return id ? IDENTIFIER_POINTER (id) : NULL;
}

int
gp_ssa_is_user_var (const gp_tree *t)
{
  tree var = SSA_NAME_VAR (as_tree (t));
  return var && DECL_P (var) && DECL_NAME (var) && !DECL_ARTIFICIAL (var);
}

const char *
gp_ssa_param_name (const gp_tree *t)
{
  tree v = as_tree (t);
  if (TREE_CODE (v) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (v))
    return NULL;
  tree var = SSA_NAME_VAR (v);
  return var && TREE_CODE (var) == PARM_DECL && DECL_NAME (var)
	 ? IDENTIFIER_POINTER (DECL_NAME (var)) : NULL;
}

int
gp_ssa_is_default_def (const gp_tree *t)
{
  return SSA_NAME_IS_DEFAULT_DEF (as_tree (t));
}

int
gp_ssa_is_virtual (const gp_tree *t)
{
  return virtual_operand_p (as_tree (t));
}

gp_stmt *
gp_ssa_def_stmt (const gp_tree *t)
{
  return reinterpret_cast<gp_stmt *> (SSA_NAME_DEF_STMT (as_tree (t)));
}

size_t
gp_ssa_uses (const gp_tree *t, gp_stmt **out, size_t max)
{
  size_t n = 0;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, as_tree (t))
    {
      gimple *u = USE_STMT (use);
      if (is_gimple_debug (u))
	continue;
      if (n < max)
	out[n] = reinterpret_cast<gp_stmt *> (u);
      n++;
    }
  return n;
}

const char *
gp_decl_name (const gp_tree *t)
{
  tree x = as_tree (t);
  if (!x || !DECL_P (x) || !DECL_NAME (x))
    return NULL;
  return IDENTIFIER_POINTER (DECL_NAME (x));
}

unsigned
gp_decl_uid (const gp_tree *t)
{
  return DECL_UID (as_tree (t));
}

gp_type_kind
gp_type_class (const gp_tree *type)
{
  tree t = as_tree (type);
  if (!t)
    return GP_TY_OTHER;
  switch (TREE_CODE (t))
    {
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE: return GP_TY_INTEGER;
    case POINTER_TYPE:
    case REFERENCE_TYPE: return GP_TY_POINTER;
    case REAL_TYPE: return GP_TY_REAL;
    case ARRAY_TYPE: return GP_TY_ARRAY;
    case RECORD_TYPE:
    case UNION_TYPE: return GP_TY_RECORD;
    case VOID_TYPE: return GP_TY_VOID;
    case VECTOR_TYPE: return GP_TY_VECTOR;
    case COMPLEX_TYPE: return GP_TY_COMPLEX;
    default: return GP_TY_OTHER;
    }
}

unsigned
gp_type_precision (const gp_tree *type)
{
  return TYPE_PRECISION (as_tree (type));
}

int
gp_type_unsigned (const gp_tree *type)
{
  return TYPE_UNSIGNED (as_tree (type));
}

gp_tree *
gp_type_size_unit (const gp_tree *type)
{
  tree t = as_tree (type);
  return t && COMPLETE_TYPE_P (t) ? to_gp (TYPE_SIZE_UNIT (t)) : NULL;
}

gp_tree *
gp_type_target (const gp_tree *type)
{
  return to_gp (TREE_TYPE (as_tree (type)));
}

gp_tree *
gp_array_type_min (const gp_tree *type)
{
  tree d = TYPE_DOMAIN (as_tree (type));
  return d ? to_gp (TYPE_MIN_VALUE (d)) : NULL;
}

gp_tree *
gp_array_type_max (const gp_tree *type)
{
  tree d = TYPE_DOMAIN (as_tree (type));
  return d ? to_gp (TYPE_MAX_VALUE (d)) : NULL;
}

gp_tree *
gp_array_ref_low_bound (const gp_tree *t)
{
  return to_gp (array_ref_low_bound (as_tree (t)));
}

gp_tree *
gp_array_ref_element_size (const gp_tree *t)
{
  return to_gp (array_ref_element_size (as_tree (t)));
}

int
gp_component_ref_offset (const gp_tree *t, int64_t *out)
{
  tree x = as_tree (t);
  tree field = TREE_OPERAND (x, 1);
  tree off = component_ref_field_offset (x);
  tree bits = DECL_FIELD_BIT_OFFSET (field);
  if (!off || !tree_fits_shwi_p (off) || !tree_fits_shwi_p (bits))
    return 0;
  HOST_WIDE_INT b = tree_to_shwi (bits);
  if (b % BITS_PER_UNIT != 0)
    return 0;
  *out = tree_to_shwi (off) + b / BITS_PER_UNIT;
  return 1;
}

unsigned
gp_chrec_loop (const gp_tree *t)
{
  return CHREC_VARIABLE (as_tree (t));
}

gp_tree *
gp_scev_raw (const gp_loop *loop, const gp_tree *t)
{
  return to_gp (analyze_scalar_evolution (as_loop (loop), as_tree (t)));
}

gp_tree *
gp_loop_niter (const gp_loop *loop)
{
  tree n = number_of_latch_executions (as_loop (loop));
  if (!n || chrec_contains_undetermined (n))
    return NULL;
  return to_gp (n);
}

int
gp_loop_header (const gp_loop *loop)
{
  return as_loop (loop)->header->index;
}

size_t
gp_loop_blocks (const gp_loop *loop, int *out, size_t max)
{
  class loop *l = as_loop (loop);
  basic_block *body = get_loop_body (l);
  size_t n = l->num_nodes;
  for (size_t k = 0; k < n && k < max; k++)
    out[k] = body[k]->index;
  free (body);
  return n;
}

int
gp_loop_latch (const gp_loop *loop)
{
  basic_block b = as_loop (loop)->latch;
  return b ? b->index : -1;
}

int
gp_loop_single_exit (const gp_loop *loop, gp_edge_info *out)
{
  edge e = single_exit (as_loop (loop));
  if (!e)
    return 0;
  *out = edge_info (e);
  return 1;
}

int
gp_loop_preheader (const gp_loop *loop, gp_edge_info *out)
{
  class loop *l = as_loop (loop);
  if (!loop_preheader_edge (l))
    return 0;
  *out = edge_info (loop_preheader_edge (l));
  return 1;
}

int
gp_ptr_may_alias_ptr (const gp_tree *p, const gp_tree *q)
{
  return ptr_derefs_may_alias_p (as_tree (p), as_tree (q));
}

int
gp_call_may_use_ref (const gp_stmt *call, const gp_tree *ref)
{
  return ref_maybe_used_by_stmt_p (as_stmt (call), as_tree (ref));
}

int
gp_ptr_may_alias_decl (const gp_tree *p, const gp_tree *decl)
{
  /* ptr_derefs_may_alias_p handles an address on one side by asking the
     points-to set of the other about the declaration.  */
  return ptr_derefs_may_alias_p (as_tree (p),
				 build_fold_addr_expr (as_tree (decl)));
}
