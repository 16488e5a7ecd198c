/* Run-time tests and versioning: the tests' expressions, loops versioned
   on them, the parallel marks and the guard of the minimum trip count.  */

#include "internal.h"

/* The tests' type: 128 bits where the target computes in them; otherwise
   (x86 with -m32, whose TImode has no shifts or multiplications: expand
   stopped on the tests) the 64 bits of long long.  gp_rt_precision tells
   the builder which, so that it bounds the tests' values to fit.  */
tree
rt_type (void)
{
  if (targetm.scalar_mode_supported_p (TImode) && intTI_type_node)
    return intTI_type_node;
  return long_long_integer_type_node;
}

unsigned
gp_rt_precision (void)
{
  return TYPE_PRECISION (rt_type ());
}

gp_tree *
gp_rt_const (int64_t v)
{
  if (!rt_type ())
    return NULL;
  return to_gp (build_int_cst (rt_type (), v));
}

gp_tree *
gp_rt_value (const gp_tree *t)
{
  tree x = as_tree (t);
  if (!rt_type ())
    return NULL;
  /* Through an unsigned integer of the pointer's size: the address as a
     non-negative number.  */
  if (POINTER_TYPE_P (TREE_TYPE (x)))
    x = fold_convert (pointer_sized_int_node, x);
  else if (!INTEGRAL_TYPE_P (TREE_TYPE (x)))
    return NULL;
  return to_gp (fold_convert (rt_type (), x));
}

gp_tree *
gp_rt_address_of (const gp_tree *decl)
{
  tree d = as_tree (decl);
  if (!rt_type () || !DECL_P (d))
    return NULL;
  tree addr = build_fold_addr_expr (d);
  return to_gp (fold_convert (rt_type (), fold_convert (pointer_sized_int_node, addr)));
}

/* X CODE Y in the tests' type.  The tests' values never wrap (the
   builder bounds their magnitudes), so under -ftrapv, where the signed type
   would trap, the operation is done in the unsigned type of its precision:
   the same value, and no trapping operation, which the gimplifier could
   not evaluate in a COND_EXPR's arms without a temporary outside SSA.  In
   64 bits too: there the values stay in bounds only where the parameters
   do, which the test checks beside them (every part of it is computed),
   so that elsewhere they wrap, without undefined behaviour.  */
static tree
rt_arith (enum tree_code code, tree x, tree y)
{
  tree type = rt_type ();
  if (!TYPE_OVERFLOW_TRAPS (type) && TYPE_PRECISION (type) >= 128)
    return fold_build2 (code, type, x, y);
  tree u = unsigned_type_for (type);
  return fold_convert (type, fold_build2 (code, u, fold_convert (u, x),
					  fold_convert (u, y)));
}

gp_tree *
gp_rt_binary (gp_rt_op_kind op, const gp_tree *a, const gp_tree *b)
{
  tree x = as_tree (a), y = as_tree (b);
  if (!rt_type () || !x || !y)
    return NULL;
  switch (op)
    {
    case GP_RT_ADD:
      return to_gp (rt_arith (PLUS_EXPR, x, y));
    case GP_RT_MUL:
      return to_gp (rt_arith (MULT_EXPR, x, y));
    case GP_RT_LE:
      return to_gp (fold_build2 (LE_EXPR, boolean_type_node, x, y));
    case GP_RT_EQ:
      return to_gp (fold_build2 (EQ_EXPR, boolean_type_node, x, y));
    case GP_RT_MIN:
      return to_gp (fold_build2 (MIN_EXPR, rt_type (), x, y));
    case GP_RT_MAX:
      return to_gp (fold_build2 (MAX_EXPR, rt_type (), x, y));
    case GP_RT_AND:
      return to_gp (fold_build2 (TRUTH_AND_EXPR, boolean_type_node, x, y));
    case GP_RT_OR:
      return to_gp (fold_build2 (TRUTH_OR_EXPR, boolean_type_node, x, y));
    }
  return NULL;
}

gp_tree *
gp_rt_cond (const gp_tree *c, const gp_tree *a, const gp_tree *b)
{
  if (!rt_type () || !c || !a || !b)
    return NULL;
  return to_gp (fold_build3 (COND_EXPR, rt_type (), as_tree (c), as_tree (a),
			     as_tree (b)));
}

/* Loop distribution's run-time alias tests inside LOOP (the
   .LOOP_DIST_ALIAS (N, COND) calls, which the vectorizer answers with COND
   or false once it has tried loop N) answer COND from now on, as where the
   distributed loops are vectorized: the vectorizer finds a test by the
   number of the loops it guards, which copies of them do not keep
   (copy_loop_info leaves orig_loop_num), and a test left unanswered stops
   GCC at expansion.  To be called before LOOP is copied.  */
void
answer_distribution_tests (class loop *loop)
{
  basic_block *body = get_loop_body (loop);
  auto_vec<gimple *> tests;
  for (unsigned b = 0; b < loop->num_nodes; b++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gimple_call_internal_p (gsi_stmt (gsi), IFN_LOOP_DIST_ALIAS))
	tests.safe_push (gsi_stmt (gsi));
  free (body);
  for (gimple *g : tests)
    fold_loop_internal_call (g, gimple_call_arg (g, 1));
}

/* Versions LOOP on COND, expected to hold: LOOP runs where it does, the
   copy returned where it does not; NULL when versioning failed (only its
   distribution tests answered).  The caller holds the copy tables.  */
class loop *
version_loop (class loop *loop, tree cond)
{
  answer_distribution_tests (loop);
  gimple_seq stmts = NULL;
  cond = force_gimple_operand_1 (unshare_expr (cond), &stmts,
				 is_gimple_condexpr, NULL_TREE);
  basic_block cond_bb;
  class loop *copy
    = loop_version (loop, cond, &cond_bb, profile_probability::likely (),
		    profile_probability::unlikely (),
		    profile_probability::likely (),
		    profile_probability::unlikely (), true);
  if (!copy)
    return NULL;
  /* The copy runs only where COND fails, and what GCC learns from that can
     give its loops constant counts that the program's loops never had, and
     with them -Waggressive-loop-optimizations warnings that plain GCC does
     not give (with -fwrapv, `nx <= 0' leaves `nx - 1 >= 0' only at INT_MAX:
     gcc.dg/torture/pr47744-1.c at -O2 -fwrapv).  Warnings on the program's
     own code stay with LOOP.  */
  for (class loop *l : loops_list (cfun, LI_INCLUDE_ROOT, copy))
    l->warned_aggressive_loop_optimizations = true;
  if (stmts)
    {
      gimple_stmt_iterator gsi = gsi_last_bb (cond_bb);
      gsi_insert_seq_before (&gsi, stmts, GSI_SAME_STMT);
    }
  update_ssa (TODO_update_ssa);
  return copy;
}

/* version_loop between the copy tables' set-up and release, for a rewrite
   that needs no more of them.  */
class loop *
version_loop_alone (class loop *loop, tree cond)
{
  initialize_original_copy_tables ();
  class loop *copy = version_loop (loop, cond);
  free_original_copy_tables ();
  return copy;
}

unsigned
gp_loop_version_parallel (unsigned num, const gp_tree *cond_t,
			  const unsigned *inner, unsigned n_inner, int mark)
{
  class loop *loop = get_loop (cfun, num);
  if (!loop || !cond_t || !can_duplicate_loop_p (loop))
    return 0;
  initialize_original_copy_tables ();
  /* The test is expected to pass: arrays passed to a kernel rarely
     overlap.  */
  class loop *copy = version_loop (loop, as_tree (cond_t));
  if (!copy)
    {
      free_original_copy_tables ();
      return 0;
    }
  loop->can_be_parallel = mark != 0;
  copy->can_be_parallel = false;
  for (unsigned k = 0; mark && k < n_inner; k++)
    {
      class loop *in = get_loop (cfun, inner[k]);
      class loop *in_copy = in ? get_loop_copy (in) : NULL;
      if (in_copy && flow_loop_nested_p (copy, in_copy))
	in_copy->can_be_parallel = true;
    }
  free_original_copy_tables ();
  return copy->num;
}

void
gp_loop_mark_parallel (unsigned num, int on)
{
  if (class loop *loop = get_loop (cfun, num))
    loop->can_be_parallel = on != 0;
}

unsigned
gp_omp_fors_at_line (unsigned line, int chunk)
{
  unsigned n = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gomp_for *f = dyn_cast<gomp_for *> (gsi_stmt (gsi));
	if (!f || (unsigned) LOCATION_LINE (gimple_location (f)) != line)
	  continue;
	n++;
	if (chunk <= 0 || gimple_omp_for_kind (f) != GF_OMP_FOR_KIND_FOR)
	  continue;
	tree c = omp_find_clause (gimple_omp_for_clauses (f),
				  OMP_CLAUSE_SCHEDULE);
	if (!c || OMP_CLAUSE_SCHEDULE_KIND (c) != OMP_CLAUSE_SCHEDULE_STATIC
	    || OMP_CLAUSE_SCHEDULE_CHUNK_EXPR (c))
	  continue;
	OMP_CLAUSE_SCHEDULE_CHUNK_EXPR (c)
	  = build_int_cst (integer_type_node, chunk);
      }
  return n;
}

int
gp_loop_version_min_trips (unsigned num, unsigned long min_trips)
{
  class loop *loop = get_loop (cfun, num);
  if (!loop || min_trips < 2 || !can_duplicate_loop_p (loop))
    return 0;
  tree latch_runs = number_of_latch_executions (loop);
  if (!latch_runs || chrec_contains_undetermined (latch_runs)
      || !INTEGRAL_TYPE_P (TREE_TYPE (latch_runs)))
    return 0;
  tree type = TREE_TYPE (latch_runs);
  if (!int_fits_type_p (build_int_cst (long_long_unsigned_type_node, min_trips - 1), type))
    return 0;
  /* Iterations = latch executions + 1.  */
  tree cond = fold_build2 (GE_EXPR, boolean_type_node, latch_runs,
			   build_int_cst (type, min_trips - 1));
  if (integer_onep (cond))
    return 0;
  if (integer_zerop (cond))
    {
      loop->can_be_parallel = false;
      return 2;
    }
  initialize_original_copy_tables ();
  class loop *copy = version_loop (loop, cond);
  if (copy)
    copy->can_be_parallel = false;
  free_original_copy_tables ();
  return copy ? 1 : 0;
}
