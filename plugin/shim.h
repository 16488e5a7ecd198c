/* gccpoly's C ABI onto GCC's internals.

   The C++ side (the files of shim/, one per concern: docs/design.md) is a
   layer of opaque handles, accessors, iterators and builders; the
   decisions are taken in Rust (the rewrites' own shape checks apart, which
   move to Rust as they are touched).  bindgen reads this header to produce
   the Rust declarations.  Handles are only valid inside the GCC callback
   that produced them.  */

#ifndef GCCPOLY_SHIM_H
#define GCCPOLY_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A GCC location_t.  */
typedef uint32_t gp_location;

/* class loop.  */
typedef struct gp_loop gp_loop;

/* An expanded source position.  FILE is owned by GCC's line maps.  */
typedef struct gp_source_pos
{
  const char *file;
  int line;
  int column;
} gp_source_pos;

/* The kinds of remark, after GCC's dump_flags_t message kinds.  */
typedef enum gp_remark_kind
{
  GP_REMARK_NOTE = 0,
  GP_REMARK_OPTIMIZED = 1,
  GP_REMARK_MISSED = 2
} gp_remark_kind;

/* The loop statements of the C front end.  */
typedef enum gp_fe_loop_kind
{
  GP_FE_FOR = 0,
  GP_FE_WHILE = 1,
  GP_FE_DO = 2
} gp_fe_loop_kind;

/* --- Callbacks implemented in Rust, called by the shim.  ----------------- */

/* The pass's execute on cfun, with loops and SCEV initialized.  */
extern void gccpoly_rs_execute (void);
/* PLUGIN_PRE_GENERICIZE: FNDECL still holds the front end's loop trees.  */
extern void gccpoly_rs_pre_genericize (void *fndecl);
/* PLUGIN_FINISH.  */
extern void gccpoly_rs_finish (void);
/* The parallelization pass (before parloops, with -ftree-parallelize-loops
   > 1), on cfun.  */
extern void gccpoly_rs_parallelize (void);
/* After parloops (before the OpenMP expansion), on cfun.  */
extern void gccpoly_rs_after_parloops (void);

/* --- Setup (from plugin_init).  ------------------------------------------ */

/* The GCC version the shim was compiled against (plugin-version.h).  */
const char *gp_built_for_version (void);

/* Registers the pass after the first instance of "pre", and the
   PRE_GENERICIZE and FINISH callbacks, under PLUGIN_NAME.  */
void gp_register (const char *plugin_name, const char *version,
		  const char *help);

/* --- Diagnostics.  -------------------------------------------------------- */

/* error ("%s", MSG) at no location.  */
void gp_error (const char *msg);
/* inform (LOC, "%s", MSG): a note, never a warning.  */
void gp_inform (gp_location loc, const char *msg);
/* An opt-info remark (-fopt-info-loop-*) from this pass at LOC.  */
void gp_remark (gp_remark_kind kind, gp_location loc, const char *msg);

/* --- Source locations and the unit.  -------------------------------------- */

gp_source_pos gp_expand_location (gp_location loc);
/* A location for LINE:COLUMN in the same file as LOC, where the line maps
   allow it; else LOC itself.  */
gp_location gp_location_at (gp_location loc, int line, int column);
/* The main input file's name, as given on the command line.  */
const char *gp_main_input_filename (void);
/* Before the front end starts (from plugin_init): the input file the
   command line names (NULL when none), and a way to read another in its
   place, with QUOTE_DIR searched for #include "..." after the -iquote
   directories.  */
const char *gp_command_line_input (void);
/* Nonzero when done (in the C front end).  */
int gp_replace_input (const char *path, const char *quote_dir);
/* Whether this compiler is the C front end (cc1; not lto1).  */
int gp_in_c_front_end (void);
/* Whether -flto leaves the loop optimizers to the link (no
   -ffat-lto-objects).  */
int gp_lto_only (void);
/* Which compiler of an -flto link this is: 0 none (not lto1); 1 lto1
   reading the whole program (-fwpa, or a link without partitions); 2 lto1
   compiling one partition (-fltrans), of which a link may run several at
   once, after the -fwpa one has ended.  */
int gp_lto_stage (void);
/* Whether -fopenmp is on.  */
int gp_flag_openmp (void);
/* -ftrapv: signed integer overflow traps.  */
int gp_flag_trapv (void);
typedef void (*gp_name_fn) (void *data, const char *name);
/* Calls FN with each input file the command line names (at an -flto
   link: lto1's object files).  */
void gp_for_each_input_file (gp_name_fn fn, void *data);
/* Calls FN with the name of every file the preprocessor has entered (a
   name may come more than once).  */
void gp_for_each_source_file (gp_name_fn fn, void *data);
/* Calls FN with each command-line option, as written, that changes what
   the preprocessor reads or defines (-D, -U, -I, -iquote, -isystem,
   -idirafter, -include, -imacros), in order.  */
void gp_preprocessor_options (gp_name_fn fn, void *data);

/* --- Front-end loops.  ---------------------------------------------------- */

/* One loop statement as the front end holds it.  */
typedef struct gp_fe_loop_info
{
  gp_fe_loop_kind kind;
  /* The keyword's location, and the condition's (0 when it has none).  */
  gp_location keyword;
  gp_location cond;
  /* The last position inside the statement, in the keyword's file.  */
  int end_line;
  int end_column;
  /* For a `for' whose condition compares an integer variable and whose
     increment steps that variable by a constant (OpenMP's canonical loop
     form): the variable's name and its declaration's location; else NULL
     and 0.  */
  const char *var;
  gp_location var_decl;
  /* Whether the statement right before it assigns (or declares with a
     value) that variable: its own initialization.  */
  int var_initialized;
  /* The keyword of the `for' statement that is the whole body, besides
     the statement initializing that loop's variable; 0 if none.  */
  gp_location only_child;
  /* The local variables its body (and increment) assigns, at most
     GP_FE_MAX_ASSIGNED: name, declaration's location and UID, and whether
     an aggregate (a struct or array, assigned through a member or an
     element).  ASSIGNED_OTHER counts the rest: more variables, globals
     and statics.  */
  const char *assigned[16];
  gp_location assigned_decl[16];
  unsigned assigned_uid[16];
  int assigned_aggregate[16];
  /* Whether an assignment to it reads its own value (`d += 16', `d++',
     `t = t * 2'): a value that may pass from one iteration to the next.  */
  int assigned_recurrent[16];
  /* Its type's size in bytes (0 when not a constant).  */
  int assigned_size[16];
  int n_assigned;
  int assigned_other;
  /* Whether it calls a function that is not a built-in.  */
  int calls;
} gp_fe_loop_info;
#define GP_FE_MAX_ASSIGNED 16

/* Facts about the variables of a function.  */
typedef enum gp_fe_var_kind
{
  /* A parameter its body assigns or takes the address of.  */
  GP_FE_PARAM_CHANGED = 0,
  /* A variable declared in its body.  */
  GP_FE_LOCAL = 1,
  /* A local variable (not an array) whose address it takes.  */
  GP_FE_ADDRESSABLE = 2,
  /* A read of a local variable, at AT (not counting the reads inside a
     `for' whose own initialization assigns the variable).  */
  GP_FE_READ = 3
} gp_fe_var_kind;

typedef void (*gp_fe_loop_fn) (void *data, const gp_fe_loop_info *info);
typedef void (*gp_fe_var_fn) (void *data, const char *function,
			      gp_fe_var_kind kind, const char *name,
			      gp_location decl, gp_location at);
/* Calls FN for every for/while/do statement in FNDECL's body, in source
   order.  With DETAILS (what the offload plans need) it also fills the
   records' fields after COND and calls VAR_FN with the facts about the
   function's variables; else those fields are 0.  */
void gp_fe_walk_loops (void *fndecl, gp_fe_loop_fn fn, gp_fe_var_fn var_fn,
		       int details, void *data);

/* --- The current function (cfun).  -------------------------------------- */

/* Its printable name and the location of its declaration.  */
const char *gp_cfun_name (void);
gp_location gp_cfun_location (void);
/* The location of the end of its body (its closing brace).  */
gp_location gp_cfun_end_location (void);
/* Whether the function may reassociate floating-point arithmetic
   (-fassociative-math, implied by -ffast-math).  */
int gp_cfun_associative_math (void);
/* Whether the function may take undefined behaviour as never happening in
   loops (-faggressive-loop-optimizations, on by default): an index of an
   inner array dimension then stays within that dimension.  */
int gp_cfun_aggressive_loop_optimizations (void);

/* --- Loops of cfun.  ------------------------------------------------------ */

/* The size of the loop table: loop numbers are below it (0 is the root).  */
unsigned gp_loop_table_size (void);
/* The loop numbered NUM, or NULL where it was removed.  */
gp_loop *gp_loop_get (unsigned num);
unsigned gp_loop_num (const gp_loop *loop);
/* 1 for an outermost loop.  */
unsigned gp_loop_depth (const gp_loop *loop);
/* The enclosing loop, or NULL for an outermost loop.  */
gp_loop *gp_loop_outer (const gp_loop *loop);
/* The locations of the loop's exit conditions, at most MAX of them, into
   OUT; returns how many there are.  */
size_t gp_loop_exit_cond_locations (const gp_loop *loop, gp_location *out,
				    size_t max);
/* The first known location among the loop header's statements, or 0.  */
gp_location gp_loop_header_location (const gp_loop *loop);


/* --- GIMPLE: blocks, statements, trees (issue 3).  ------------------------ */

typedef struct gp_bb gp_bb;
typedef struct gp_stmt gp_stmt;
typedef struct gp_tree gp_tree;

/* One CFG edge as seen from a block.  */
typedef struct gp_edge_info
{
  int src;		/* source block index */
  int dest;		/* destination block index */
  int true_value;	/* EDGE_TRUE_VALUE */
  int false_value;	/* EDGE_FALSE_VALUE */
  int abnormal;		/* EDGE_ABNORMAL / EDGE_EH / EDGE_IRREDUCIBLE_LOOP */
} gp_edge_info;

/* The statement kinds the analysis tells apart.  */
typedef enum gp_stmt_kind
{
  GP_STMT_OTHER = 0,
  GP_STMT_ASSIGN,
  GP_STMT_CALL,
  GP_STMT_COND,
  GP_STMT_PHI,
  GP_STMT_LABEL,
  GP_STMT_DEBUG,
  GP_STMT_RETURN,
  GP_STMT_SWITCH,
  GP_STMT_ASM,
  GP_STMT_NOP,
  GP_STMT_PREDICT
} gp_stmt_kind;

/* The tree codes the analysis tells apart; everything else is OTHER (its
   name from gp_tree_code_name).  */
typedef enum gp_tree_kind
{
  GP_T_OTHER = 0,
  GP_T_INTEGER_CST,
  GP_T_REAL_CST,
  GP_T_SSA_NAME,
  GP_T_VAR_DECL,
  GP_T_PARM_DECL,
  GP_T_RESULT_DECL,
  GP_T_ARRAY_REF,
  GP_T_MEM_REF,
  GP_T_COMPONENT_REF,
  GP_T_BIT_FIELD_REF,
  GP_T_ADDR_EXPR,
  GP_T_PLUS,
  GP_T_MINUS,
  GP_T_MULT,
  GP_T_NEGATE,
  GP_T_POINTER_PLUS,
  GP_T_POINTER_DIFF,
  GP_T_CONVERT,		/* NOP_EXPR, CONVERT_EXPR */
  GP_T_CHREC,		/* POLYNOMIAL_CHREC */
  GP_T_SCEV_NOT_KNOWN,
  GP_T_COND_EXPR,
  GP_T_LT,
  GP_T_LE,
  GP_T_GT,
  GP_T_GE,
  GP_T_EQ,
  GP_T_NE,
  GP_T_TRUTH_AND,	/* TRUTH_AND_EXPR, TRUTH_ANDIF_EXPR */
  GP_T_TRUTH_OR,	/* TRUTH_OR_EXPR, TRUTH_ORIF_EXPR */
  GP_T_TRUTH_NOT,
  GP_T_MIN,
  GP_T_MAX,
  GP_T_EXACT_DIV,
  GP_T_VIEW_CONVERT,
  GP_T_CONSTRUCTOR,
  GP_T_STRING_CST,
  GP_T_FUNCTION_DECL,
  GP_T_TARGET_MEM_REF,
  GP_T_REALPART,
  GP_T_IMAGPART,
  GP_T_CONST_DECL,
  GP_T_LSHIFT,
  GP_T_BIT_NOT,
  GP_T_TRUNC_DIV
} gp_tree_kind;

/* The type classes the analysis tells apart.  */
typedef enum gp_type_kind
{
  GP_TY_OTHER = 0,
  GP_TY_INTEGER,	/* INTEGER_TYPE, ENUMERAL_TYPE, BOOLEAN_TYPE */
  GP_TY_POINTER,	/* POINTER_TYPE, REFERENCE_TYPE */
  GP_TY_REAL,
  GP_TY_ARRAY,
  GP_TY_RECORD,		/* RECORD_TYPE, UNION_TYPE */
  GP_TY_VOID,
  GP_TY_VECTOR,
  GP_TY_COMPLEX
} gp_type_kind;

/* Blocks of cfun.  Indices 0 and 1 are the entry and exit blocks.  */
int gp_bb_index_limit (void);
/* The block numbered INDEX, or NULL where there is none.  */
gp_bb *gp_bb_get (int index);
/* The number of the innermost loop containing BB (0: none).  */
unsigned gp_bb_loop_num (const gp_bb *bb);
/* Whether BB lies in an irreducible region (marked by the shim).  */
int gp_bb_irreducible (const gp_bb *bb);
/* Successor / predecessor edges, at most MAX into OUT; returns how many.  */
size_t gp_bb_succs (const gp_bb *bb, gp_edge_info *out, size_t max);
size_t gp_bb_preds (const gp_bb *bb, gp_edge_info *out, size_t max);
/* Whether block A is dominated by block B.  */
int gp_dominated_by (int a, int b);
/* The immediate dominator of block INDEX; -1 where there is none.  */
int gp_bb_idom (int index);

/* The statements of BB (PHIs apart), at most MAX into OUT; returns how
   many there are.  */
size_t gp_bb_stmts (const gp_bb *bb, gp_stmt **out, size_t max);
size_t gp_bb_phis (const gp_bb *bb, gp_stmt **out, size_t max);

gp_stmt_kind gp_stmt_code (const gp_stmt *s);
gp_location gp_stmt_location (const gp_stmt *s);
/* The index of the statement's block, or -1.  */
int gp_stmt_bb (const gp_stmt *s);
/* Whether the statement reads / writes memory (its virtual operands), or
   has volatile operands.  */
int gp_stmt_reads_memory (const gp_stmt *s);
int gp_stmt_writes_memory (const gp_stmt *s);
int gp_stmt_has_volatile_ops (const gp_stmt *s);
/* Whether the statement may throw inside the function.  */
int gp_stmt_could_throw (const gp_stmt *s);
/* Whether the statement is a clobber (marks storage dead; no code).  */
int gp_stmt_is_clobber (const gp_stmt *s);

/* GIMPLE_ASSIGN: lhs, the rhs code, and rhs operands 1..3 (NULL past the
   last).  */
gp_tree *gp_assign_lhs (const gp_stmt *s);
gp_tree_kind gp_assign_rhs_code (const gp_stmt *s);
const char *gp_assign_rhs_code_name (const gp_stmt *s);
gp_tree *gp_assign_rhs (const gp_stmt *s, unsigned i);
/* GIMPLE_COND: the comparison code, lhs, rhs.  */
gp_tree_kind gp_cond_code (const gp_stmt *s);
gp_tree *gp_cond_lhs (const gp_stmt *s);
gp_tree *gp_cond_rhs (const gp_stmt *s);
/* GIMPLE_CALL.  */
gp_tree *gp_call_lhs (const gp_stmt *s);
unsigned gp_call_nargs (const gp_stmt *s);
gp_tree *gp_call_arg (const gp_stmt *s, unsigned i);
/* The called function's name, or NULL for an indirect call.  */
const char *gp_call_name (const gp_stmt *s);
/* ECF_CONST / ECF_PURE / ECF_NOVOPS, and whether it is a normal builtin.  */
int gp_call_is_const (const gp_stmt *s);
int gp_call_is_pure (const gp_stmt *s);
int gp_call_is_builtin (const gp_stmt *s);
int gp_call_is_internal (const gp_stmt *s);
/* GIMPLE_PHI.  */
gp_tree *gp_phi_result (const gp_stmt *s);
unsigned gp_phi_nargs (const gp_stmt *s);
gp_tree *gp_phi_arg (const gp_stmt *s, unsigned i);
int gp_phi_arg_src (const gp_stmt *s, unsigned i);
/* The location of the PHI's argument I (UNKNOWN_LOCATION when none).  */
gp_location gp_phi_arg_location (const gp_stmt *s, unsigned i);

/* Trees.  */
gp_tree_kind gp_tree_code (const gp_tree *t);
const char *gp_tree_code_name (const gp_tree *t);
unsigned gp_tree_num_operands (const gp_tree *t);
gp_tree *gp_tree_operand (const gp_tree *t, unsigned i);
gp_tree *gp_tree_type (const gp_tree *t);
/* The expression printed as GCC does, malloc'd: free with gp_free.  */
char *gp_tree_to_string (const gp_tree *t);
void gp_free (void *p);
/* INTEGER_CST: the value sign-extended from its type's precision (so an
   unsigned all-ones is -1) into *OUT; 0 when it does not fit 64 bits.  */
int gp_int_cst_value (const gp_tree *t, int64_t *out);
/* SSA names.  */
unsigned gp_ssa_version (const gp_tree *t);
/* The name of the variable behind the SSA name, or NULL.  */
const char *gp_ssa_var_name (const gp_tree *t);
/* 1 when the SSA name is a value of a variable the source declares (not
   a temporary of GCC's: PRE's prephitmp, the gimplifier's iftmp.N, an
   anonymous value).  */
int gp_ssa_is_user_var (const gp_tree *t);
/* The parameter's name when T is the default definition of a PARM_DECL
   (its value on entry); else NULL.  */
const char *gp_ssa_param_name (const gp_tree *t);
int gp_ssa_is_default_def (const gp_tree *t);
int gp_ssa_is_virtual (const gp_tree *t);
gp_stmt *gp_ssa_def_stmt (const gp_tree *t);
/* The statements using T (a PHI once per use), at most MAX; returns how
   many.  */
size_t gp_ssa_uses (const gp_tree *t, gp_stmt **out, size_t max);
/* Declarations.  */
const char *gp_decl_name (const gp_tree *t);
unsigned gp_decl_uid (const gp_tree *t);
/* Types.  */
gp_type_kind gp_type_class (const gp_tree *type);
unsigned gp_type_precision (const gp_tree *type);
int gp_type_unsigned (const gp_tree *type);
/* TYPE_SIZE_UNIT: NULL when unknown.  */
gp_tree *gp_type_size_unit (const gp_tree *type);
/* The element type of an array, the pointed-to type of a pointer.  */
gp_tree *gp_type_target (const gp_tree *type);
/* An array type's index bounds, NULL when unknown.  */
gp_tree *gp_array_type_min (const gp_tree *type);
gp_tree *gp_array_type_max (const gp_tree *type);
/* ARRAY_REF: its lower bound and element size in bytes (trees).  */
gp_tree *gp_array_ref_low_bound (const gp_tree *t);
gp_tree *gp_array_ref_element_size (const gp_tree *t);
/* COMPONENT_REF: the field's constant byte offset; 0 when not constant
   or not byte-aligned.  */
int gp_component_ref_offset (const gp_tree *t, int64_t *out);
/* POLYNOMIAL_CHREC: the loop number.  */
unsigned gp_chrec_loop (const gp_tree *t);

/* Scalar evolutions.  The evolution of T in LOOP as GCC's SCEV analyses
   it, names defined outside LOOP left symbolic (not instantiated).  */
gp_tree *gp_scev_raw (const gp_loop *loop, const gp_tree *t);
/* The number of latch executions of LOOP, in terms of the values on entry
   to it; NULL when unknown.  */
gp_tree *gp_loop_niter (const gp_loop *loop);
/* Loop structure.  */
int gp_loop_header (const gp_loop *loop);
int gp_loop_latch (const gp_loop *loop);
/* The indices of the blocks of LOOP's body (its inner loops' included) into
   OUT, at most MAX of them; returns how many there are.  */
size_t gp_loop_blocks (const gp_loop *loop, int *out, size_t max);
/* The single exit edge's info, returns 0 when the loop has several or none.  */
int gp_loop_single_exit (const gp_loop *loop, gp_edge_info *out);
/* The preheader edge, or 0 when the loop has no single preheader.  */
int gp_loop_preheader (const gp_loop *loop, gp_edge_info *out);

/* Points-to: whether dereferencing pointers P and Q may touch the same
   memory; whether dereferencing P may touch DECL.  */
int gp_ptr_may_alias_ptr (const gp_tree *p, const gp_tree *q);
int gp_ptr_may_alias_decl (const gp_tree *p, const gp_tree *decl);
/* Alias oracle, IPA mod/ref summaries included: whether call statement
   CALL may read the memory of reference REF.  */
int gp_call_may_use_ref (const gp_stmt *call, const gp_tree *ref);

/* Run-time tests and the marks parloops reads.  Tests are built as trees
   of a 128-bit signed integer type, wide enough for the products of a few
   64-bit values; every builder returns NULL when the target has none.  */
typedef enum gp_rt_op_kind
{
  GP_RT_ADD,
  GP_RT_MUL,
  GP_RT_LE,
  GP_RT_EQ,
  GP_RT_MIN,
  GP_RT_MAX,
  GP_RT_AND,
  GP_RT_OR
} gp_rt_op_kind;

/* The precision of the type the run-time tests compute in (128, or 64
   where the target has no 128-bit arithmetic).  */
unsigned gp_rt_precision (void);
gp_tree *gp_rt_const (int64_t v);
/* An integer or pointer value (a pointer as its address).  */
gp_tree *gp_rt_value (const gp_tree *t);
/* The address of a declaration.  */
gp_tree *gp_rt_address_of (const gp_tree *decl);
gp_tree *gp_rt_binary (gp_rt_op_kind op, const gp_tree *a, const gp_tree *b);
/* C ? A : B.  */
gp_tree *gp_rt_cond (const gp_tree *c, const gp_tree *a, const gp_tree *b);
/* Versions loop NUM on COND: the loop itself runs when COND holds, marked
   can_be_parallel; a copy, not marked, otherwise, in which the copies of
   the N_INNER loops INNER (loops inside NUM) are marked can_be_parallel.
   With MARK zero, no loop is marked (both copies stay sequential).
   Returns the copy's number, 0 when versioning failed (nothing
   changed).  */
unsigned gp_loop_version_parallel (unsigned num, const gp_tree *cond,
				   const unsigned *inner, unsigned n_inner,
				   int mark);
/* Marks loop NUM can_be_parallel (parloops then skips its own test), or
   with ON zero unmarks it.  */
void gp_loop_mark_parallel (unsigned num, int on);
/* Gives every iteration of loop NUM storage of its own for the N local
   arrays DECLS: taken from the stack at the start of the iteration
   (__builtin_stack_save, __builtin_alloca_with_align) and given back at
   its end, before the exit test, so that the threads running the loop's
   iterations share none of them.  The loop's references to them are
   rewritten to the new storage; other copies of the loop keep the arrays.
   Only with the exit test in the block before an empty latch, arrays of
   a constant size of at most MAX_BYTES each, and references the rewrite
   knows (loads, stores, the address as a whole right-hand side, clobbers).
   With APPLY zero nothing changes; returns whether it can be (or was)
   done.  On failure nothing is changed.  */
int gp_loop_private_storage (unsigned num, const gp_tree *const *decls,
			     unsigned n, unsigned long max_bytes, int apply);
/* PRE keeps a value loaded from memory in a register across the
   iterations of loop NUM when a store in the loop might change it: a
   header PHI whose value from the latch is a load, in the latch, of the
   same reference.  parloops refuses such a loop ("scalar dependency
   between iterations").  Where the reference is one of the N memory
   references REFS (the model's proof that the loop writes none of them),
   its address does not change in the loop, and the PHI's value from
   before the loop is provably the reference's value at the loop's entry
   (its store or its load, with nothing in between that may write it), the
   PHI becomes a load of the reference at the start of the header.
   Returns how many PHIs were replaced.  */
/* The values loop NUM hands out through its single exit that it does
   not compute (constants, values from before it) or computes alike in
   every iteration (an assignment with no memory access and no side
   effect, from operands defined before the loop): taken from before the
   loop, or computed again after it, so that the loop's exit PHIs hold
   only what the loop computes (parloops refuses any other exit value:
   "not a part of reduction", "exit PHI argument invariant").  Returns how
   many.  */
unsigned gp_loop_recompute_exit_values (unsigned num);
unsigned gp_loop_reload_invariants (unsigned num, const gp_tree *const *refs,
				    unsigned n);
/* parloops makes a reduction around an inner loop (a double reduction:
   `for i for j s += a[i][j]`) only in a nest of the vectorizer's form,
   which an inner loop entered under a test (`if (m > 0)`, GCC's guard of
   `for (j = 0; j < m; j++)`) breaks; after declining the outer loop it
   may run the inner one in parallel by itself, starting the threads once
   per outer iteration.  Where loop NUM (one inner loop, innermost) has a
   register reduction (a header PHI that is no counter), is not of that
   form, and its inner loop's preheader follows a branch on values defined
   before NUM whose other edge skips the inner loop, NUM is
   versioned on the branch's condition: NUM, where it holds, always enters
   the inner loop (the branch and the skip removed by a CFG cleanup), the
   copy runs unmarked.  Returns 1 when done.  */
int gp_loop_enter_inner (unsigned num);
/* parloops makes no reduction of a signed integer type whose overflow is
   undefined (`int s; s += a[i]`: "not a part of reduction"), since a
   thread's partial sum may overflow where the whole does not.  In loop
   NUM, each header PHI of such a type that is not a counter and whose
   cycle is +, -, * and negation (and PHIs, inner loops' included: a
   double reduction), used in the loop by nothing else and after it only
   through the exit PHIs, is computed in the unsigned type of its
   precision instead, where the operations wrap and give the same value
   modulo 2^precision (s - x as s + -x, which parloops makes and s - x
   not); the exit values are converted back after the loop.  Not with
   -ftrapv.  Around inner loops only in a nest of the vectorizer's form
   (where parloops makes double reductions), unless ANY_NEST (for a
   region of the plugin's own).  Returns how many cycles are rewritten;
   the names of the first MAX variables go into NAMES (when not NULL).  */
unsigned gp_loop_wrapping_reductions (unsigned num, int any_nest,
				      const char **names,
				      unsigned max);
/* parloops makes reductions only in a loop whose body is one block (its
   reduction analysis is the vectorizer's: "control flow in loop"), so a
   conditional update (`if (a[i] > 0) s += a[i]`, `if (c) n++`) keeps
   the loop sequential.  In innermost loop NUM of four blocks (five with
   the split critical edge) whose one branch C skips a block T, where
   every PHI after T joins a reduction's update in T (+, -, *, &, |, ^)
   with its value before (and is the value a header PHI takes from the
   latch), and nothing in T reads or writes memory, may trap or has a side
   effect: T's other statements move before the branch, each update
   becomes unconditional with the branch's condition choosing between its
   operand and the identity (-0.0 for a floating-point sum, which gives
   back every value exactly; not with signalling NaNs or -frounding-math),
   and the branch never goes to T, which the CFG cleanup after the pass
   removes.  Returns how many updates are rewritten.  */
int gp_loop_select_reductions (unsigned num);
/* parloops counts a loop's iterations with an unsigned counter of the
   precision of its widest counter.  A 32-bit counter's value converted to
   64 bits for an address ((long unsigned int) i) is then no affine
   function of it for the vectorizer (the conversion might wrap), and the
   parallel loop's body runs without vectors, slower than the sequential
   one.  In innermost loop NUM, each conversion to a 64-bit integer type
   of a counter of a type whose overflow is undefined (i, or i plus a
   value defined before the loop, which cannot overflow either) becomes a
   64-bit counter of its own, started at the converted start with the
   converted step, or that plus the converted value: the same value in
   every iteration, and parloops' counter then has 64 bits.  Returns how
   many conversions.  */
unsigned gp_loop_wide_counters (unsigned num);
/* A reduction in memory that PRE left as a register cycle plus a store in
   each iteration (`prephitmp = PHI <..., x>; x = prephitmp + e; *s = x`)
   is one parloops does not make: the loop stores the running value.  The
   STORE of loop NUM moves after the loop, on its single exit, storing the
   value the last iteration stored, so that the register cycle is all that
   is left.  The caller's model proves that nothing else in the loop
   accesses the stored array.  Only a store in the loop itself (not an
   inner loop) that every iteration leaving the loop has executed, of a
   register value to an address computed before the loop.  With APPLY
   zero nothing changes; returns whether it can be (or was) done.  */
int gp_loop_sink_store (unsigned num, const gp_stmt *store, int apply);
/* A reduction into one memory cell that PRE left in memory (`x = *s;
   ...; *s = x + e` in each iteration: the arrays could overlap before the
   caller's version test), in loop NUM: the LOADS (N of them) of the cell
   STORE writes become a register carried around the loop, a PHI of the
   header whose value is the cell's before the loop (loaded before it),
   then the value the previous iteration stored; then the store moves after
   the loop (gp_loop_sink_store).  The caller's model proves that the
   loop's other accesses never touch the cell (in the copy where its test
   holds).  Only loads in the loop itself (not an inner loop) of the very
   reference stored, each before the store in the iteration (their blocks
   dominate the store's), and a store that gp_loop_sink_store can move and
   that runs in every iteration.  With no loads (PRE's register cycle
   already), only the store moves.  With APPLY zero nothing changes;
   returns whether it can be (or was) done.  */
int gp_loop_carry_cell (unsigned num, const gp_stmt *store,
			const gp_stmt *const *loads, unsigned n, int apply);
/* What a thread's copy of an array in gp_loop_thread_copies is for.  */
typedef enum gp_copy_kind
{
  /* A reduction into the array: the copy starts zeroed, and the copies
     are added to the array after the loop.  */
  GP_COPY_SUM = 0,
  /* A private array no value of which is used after the loop.  */
  GP_COPY_PRIVATE = 1,
  /* A private array whose values after the loop are those of the last
     iteration in which a statement of the loop runs (counted from 0, LAST):
     that iteration works in the array itself.  */
  GP_COPY_LAST = 2
} gp_copy_kind;

/* A copy per thread (of flag_tree_parallelize_loops) of the bytes
   [LO, HI) of each of the N arrays (at most 8; at most 64 threads) that
   loop NUM's iterations work in: reductions into arrays (`s[j] +=
   a[i][j]` over i) and private arrays, as KINDS says.  BASES: pointer SSA
   names defined before the loop, or declared arrays; LO, HI and LAST:
   trees over values defined there, as the gp_rt_* builders make them.
   The copies come from calloc, before the loop; the loop is versioned on
   the copies being had, COND (may be NULL), the ranges being non-empty
   and LAST (where needed) being in [0, 2^62): in the copy where they
   hold, each iteration's accesses through BASES go to the copy of the
   thread that runs it (omp_get_thread_num), or for GP_COPY_LAST in the
   last iteration to the array itself; after the loop every reduced array
   gets its threads' copies added, in the order of the threads, and the
   copies are given back; the other copy runs as it is, unmarked.  Where
   FILL[k] (not for a reduction), every copy of array k starts, in the copy
   of the loop that uses them, as the array's bytes [LO, HI) before the
   loop.
   STORES: for a reduction, one of its stores, whose type (a floating
   type, or an integer type: zero must be the sum's identity) is that of
   every access through its base; NULL otherwise.  For a signed integer
   type whose overflow is undefined (not with -ftrapv), the additions in
   the loop that compute the values stored into the array (+, -,
   negation; none from a PHI of that type: a running value in a register)
   and the sums after it are computed in the unsigned type of its
   precision, so that no partial sum of a thread overflows where the whole
   does not.  Only where
   every use of a pointer of BASES and of the pointers computed from it in
   the loop is an offset added to one of them or the base address of a
   load or a store, and every statement of the loop naming a declared
   array of BASES is a load or a store with it as the base of its memory
   reference (it is then marked addressable: its address is taken).  With
   APPLY zero nothing changes; returns whether it can be (or was) done.  */
int gp_loop_thread_copies (unsigned num, const gp_tree *const *bases,
			   const gp_tree *const *lo,
			   const gp_tree *const *hi,
			   const gp_stmt *const *stores,
			   const gp_copy_kind *kinds, const int *fill,
			   unsigned n, const gp_tree *last,
			   const gp_tree *cond, int apply);
/* How many GIMPLE_OMP_FORs of cfun are at source line LINE; with CHUNK
   above 0, those whose schedule is static without a chunk size get the
   chunk size CHUNK (parloops gives every loop schedule(static)).  */
unsigned gp_omp_fors_at_line (unsigned line, int chunk);
/* Versions loop NUM on its number of iterations being at least MIN_TRIPS
   (GCC's own count, at its preheader): NUM runs, still marked, where it
   is, and an unmarked copy where it is not.  Returns 1 when versioned, 2
   when the count is known to be smaller (NUM is then unmarked), 0 when
   the count is unknown or known to be large enough, or versioning failed
   (nothing changed).  */
int gp_loop_version_min_trips (unsigned num, unsigned long min_trips);
/* -ftree-parallelize-loops=N's N.  */
int gp_parallelize_loops_threads (void);
/* The precision of sizetype, in which GCC computes address offsets.  */
unsigned gp_sizetype_precision (void);
/* -floop-interchange (on at -O3): the plugin's interchange runs with it.  */
int gp_loop_interchange_enabled (void);

/* Whether GCC's -floop-unroll-and-jam is on (gp_loop_jam follows it).  */
int gp_loop_jam_enabled (void);

/* Whether -ffp-contract=fast is in effect for cfun (GCC then fuses
   multiplications with additions where the target can).  */
int gp_fp_contract_fast (void);
/* Whether the target has a fused multiply-add of TYPE (GCC's FMA optab).  */
int gp_type_has_fma (const gp_tree *type);

/* Why a loop pair cannot be interchanged (GP_IX_OK: it can).  */
typedef enum gp_interchange_status
{
  GP_IX_OK = 0,
  /* Not OUTER with one inner loop, innermost, and nothing else but its
     header, exit test and latch; or a loop GCC marked (simd, parallel).  */
  GP_IX_NOT_PERFECT,
  /* An iteration count not known before the pair, or the inner loop's
     varying with the outer loop.  */
  GP_IX_COUNT,
  /* A value carried across iterations that is neither a counter nor the
     inner loop's one running value stored in memory each iteration.  */
  GP_IX_CARRIED,
  /* A statement of the outer loop's own that cannot move into the inner
     loop (memory, a call, a possible trap), or a value of the pair used
     after it.  */
  GP_IX_OUTER_CODE
} gp_interchange_status;

/* The running value of an interchanged pair (see gp_loop_interchange).  */
typedef struct gp_running_value
{
  /* Its PHI result and its update; NULL when there is none.  */
  gp_tree *phi;
  gp_tree *next;
  /* Whether it is stored once after the inner loop (in block STORE_BLOCK,
     from LCSSA's PHI, whose result is LCSSA) rather than on every
     iteration.  */
  int stored_after;
  gp_tree *lcssa;
  int store_block;
} gp_running_value;

/* Interchanges loop OUTER with its only inner loop (a perfect pair of
   counted loops whose inner trip count does not vary with the outer
   loop), GCC's loop structures kept: OUTER then runs the inner loop's
   iterations and the inner loop OUTER's.  A running value the inner loop
   keeps in a register and stores to one memory cell, on every iteration
   or once after it (what PRE and store motion leave of `C[i][j] += ...`),
   is stored every iteration and read back from that cell instead; its
   first iteration takes the value it starts from, and a store of that
   value before the inner loop is dropped.  An inner loop entered under a
   condition invariant in OUTER is first versioned on it.  With APPLY zero
   nothing changes.  *RUN (when not NULL) describes the running value.  */
gp_interchange_status gp_loop_interchange (unsigned outer, int apply,
					   gp_running_value *run);

/* Collapses loop OUTER (which may be marked can_be_parallel) with its only
   inner loop (the same pairs as gp_loop_interchange, without a running
   value, counts of at most 32 bits): the inner loop then runs the
   iterations of both, its counter K giving OUTER's counters their values
   at K / (inner trip count) and its own at K % (inner trip count), and
   takes OUTER's mark; OUTER runs once.  With APPLY zero nothing changes.  */
gp_interchange_status gp_loop_collapse (unsigned outer, int apply);

/* Runs loop OUTER and its only inner loop (which may hold loops) by
   wavefronts: OUTER then counts the inner loop's iterations B and the inner
   loop, for each, the iterations A of OUTER whose inner loop has an
   iteration B, in order; the counters take their values at (A, B).  The
   pair is an interchange in iteration numbers of a triangular nest: the
   inner loop's counter starts at a value that moves by one with OUTER's
   iterations, steps by one, and runs while it stays below (or above) a
   bound invariant in the pair, entered under that same test of its start
   value.  Where the source's counters are i and j, B is the distance j - i
   (up to a constant): the iterations on one diagonal.  With APPLY zero
   nothing changes.  */
gp_interchange_status gp_loop_wavefront (unsigned outer, int apply);

/* Runs loop OUTER and its only inner loop (the same pairs as
   gp_loop_collapse) by the diagonals D = FACTOR * A + B of their
   iteration numbers A (OUTER's) and B: OUTER then counts D from 0 to
   FACTOR * (OUTER's latch count) + (the inner latch count), and the inner
   loop runs, for each D, the iterations A that have a B on it, in
   increasing A; the counters take their values at (A, D - FACTOR * A).
   Where the outer loop runs once or the inner loop fewer than
   16 * FACTOR times (too few cells per diagonal to pay for its bounds)
   the pair runs as it is, in a copy versioned on that.
   FACTOR is 1 to 16.  With APPLY zero nothing changes.  */
gp_interchange_status gp_loop_skew (unsigned outer, int factor, int apply);

/* Why a loop cannot be unrolled and jammed (GP_JAM_OK: it can).  */
typedef enum gp_jam_status
{
  GP_JAM_OK = 0,
  /* Not a loop with one exit, tested last in each iteration, whose values
     carried across iterations are counters and whose exit test compares
     one, stepping by one, with a bound (gp_loop_index_split's shape); or
     a loop GCC marked, or one GCC cannot copy.  */
  GP_JAM_SHAPE,
  /* A loop inside it holds loops, or a branch inside it (an inner loop's
     exit test among them) depends on its iteration: its iterations would
     not take the same paths.  */
  GP_JAM_BRANCH,
  /* A statement the copies cannot repeat: a call, an asm, one that may
     throw or has volatile operands.  */
  GP_JAM_STMT,
  /* A value the loop computes is used after it.  */
  GP_JAM_VALUE_OUT
} gp_jam_status;

/* Unrolls loop NUM FACTOR times (2 to 8) and jams the copies: each block of
   the loop, its inner loops' blocks included, runs its statements for
   FACTOR consecutive iterations, one iteration's after the other's (the
   inner loops' iterations then run FACTOR iterations of the outer loop
   each); the statements that compute the same value in every iteration
   (nothing they use changes with the outer loop's iteration, no memory)
   are not repeated.  Where the loop runs more than FACTOR iterations, it
   runs FACTOR at a time while more than FACTOR are left, and a copy of it
   as it was runs the last 1 to FACTOR after it (elsewhere the copy runs
   them all), as GCC's own unrolling does.  Legal where no dependence goes from an
   iteration to one of the FACTOR - 1 after it and to a block run earlier
   in the new order (the caller's check).  *CHAINS (when not NULL): the
   floating-point values the inner loops carry from one iteration to the
   next through an operation (a sum's running value), whose chains the jam
   runs side by side.  One inner loop, the last (its exit leads to the
   loop's exit test), may run one iteration more at each iteration of the
   loop (cholesky's k < j: a count growing by one, from a start that does
   not change): the copies then share the first copy's iterations, and
   copy M runs its last M iterations after them, in order, right before
   its own statements after that inner loop; the copy of the loop runs
   where the bound is at most the start at the loop's first iteration.
   *GROWING (when not NULL): that inner loop's number, 0 where there is
   none; with APPLY, the number the caller expects (GP_JAM_SHAPE, and
   nothing changed, where the loop has another).  With APPLY zero nothing
   changes.  */
gp_jam_status gp_loop_jam (unsigned num, unsigned factor, int apply,
			   unsigned *chains, unsigned *growing);

/* Why a loop's first inner loop cannot be shifted into the iteration
   before and fused with its last (GP_SHIFT_OK: it can).  */
typedef enum gp_shift_status
{
  GP_SHIFT_OK = 0,
  /* Not a loop with one exit, tested last in each iteration, whose counter
     steps by one and is compared with a bound defined before it; without
     two inner loops, counted one step at a time, the first reached from
     its header with no branch, the last leading to its exit test; with
     loops inside them, or GCC's marks.  */
  GP_SHIFT_SHAPE,
  /* The first inner loop stores, calls, or computes from a value defined
     in the loop that is not its counter.  */
  GP_SHIFT_FIRST,
  /* The first inner loop at the next iteration does not run one iteration
     more than the last at this one.  */
  GP_SHIFT_COUNTS,
  /* The first inner loop carries no floating-point chain: nothing to
     hide.  */
  GP_SHIFT_GAIN
} gp_shift_status;

/* Shifts the first inner loop A of loop NUM by one iteration and fuses it
   with the last inner loop B: in iteration k, where the loop goes on and
   B runs its bound's count (below MAX_COUNT, when not zero), each
   iteration i of B is followed by A's iteration i of k + 1, and
   iteration k + 1 then runs only A's last iteration, from the values
   carried; elsewhere B and A run as written.  Legal where A only reads
   memory and no statement between B's iteration i and A's (k + 1, i)
   writes a cell it reads (the caller's check).  *FIRST and *LAST: A's and
   B's numbers (0 where the status is not GP_SHIFT_OK); with APPLY, they
   must be the loops the caller judged (GP_SHIFT_SHAPE, nothing changed,
   where not).  With APPLY zero nothing changes.  */
gp_shift_status gp_loop_shift (unsigned num, int apply, unsigned long long max_count,
			       unsigned *first, unsigned *last);

/* Why a loop cannot be split around an iteration (GP_SPLIT_OK: it can).  */
typedef enum gp_split_status
{
  GP_SPLIT_OK = 0,
  /* Not a loop with one exit, tested last in each iteration, that GCC
     can copy; or a loop GCC marked (simd, parallel).  */
  GP_SPLIT_SHAPE,
  /* A value carried across iterations that is not a counter, or an exit
     test that does not compare a counter stepping by one (signed, at most
     32 bits), on its value for the next iteration, with a bound invariant
     in the loop.  */
  GP_SPLIT_COUNTER,
  /* The enclosing loop has no counter of the same type, start and step
     (for gp_loop_outer_start and gp_loop_index_split_offset: of the same
     type and step, from a constant).  */
  GP_SPLIT_OUTER_COUNTER,
  /* A value the loop computes is used after it.  */
  GP_SPLIT_VALUE_OUT,
  /* The loop's counter starts neither at a constant nor at a value
     computed before it.  */
  GP_SPLIT_START,
  /* The value to split around is not an SSA name of the counter's type
     computed before the loop.  */
  GP_SPLIT_VALUE
} gp_split_status;

/* Splits loop NUM into three copies run one after the other: its
   iterations before the one where its counter equals the counter P of the
   enclosing loop OUTER (which starts where NUM's does and also steps by
   one), that iteration, and the iterations after it; each copy is entered
   only where it has iterations; its other counters start at their values
   in the copy's first iteration.  The split changes no result: the
   iterations keep their order.  It makes each side a loop of its own, one
   the parallel marking may find parallel where the whole loop is not
   (row k of Floyd-Warshall's i loop).  Nothing changes where it returns
   another status than GP_SPLIT_OK (but for a first copy it could not
   follow with a second, which it then never enters).  */
gp_split_status gp_loop_index_split (unsigned num, unsigned outer);

/* Whether loop NUM has the shape gp_loop_index_split_at needs (GP_SPLIT_OK),
   with what its counter starts at: the SSA name computed before the loop in
   *NAME, else NULL and the constant in *START; where that name is X + C in
   a type whose overflow is undefined (`lo + 1`), X in *BASE and C in
   *OFFSET, else NULL and 0.  */
gp_split_status gp_loop_split_start (unsigned num, int64_t *start, gp_tree **name,
				     gp_tree **base, int64_t *offset);

/* The same split around the iteration where the counter of loop NUM
   equals VALUE, an SSA name of the counter's type computed before the loop
   (a parameter of the loop's region), where the counter starts at a
   constant or at an SSA name computed before the loop.  */
gp_split_status gp_loop_index_split_at (unsigned num, const gp_tree *value);

/* Whether loop OUTER, around loop NUM (which must have the shape
   gp_loop_index_split_at needs), has a counter of NUM's counter's type
   stepping by one from a constant: that constant in *START.  */
gp_split_status gp_loop_outer_start (unsigned num, unsigned outer, int64_t *start);

/* The same split around the iteration where the counter of loop NUM
   equals P = K + OFFSET, K the counter of loop OUTER around it that
   gp_loop_outer_start finds, where NUM's counter starts at a constant or at
   an SSA name computed before it.  The loop is first versioned on P being
   a value of the counter's type at least NUM's start: where that fails,
   the loop runs as written.  */
gp_split_status gp_loop_index_split_offset (unsigned num, unsigned outer, int64_t offset);

/* The trip count of loop NUM when it is a constant below 2^31, else 0.  */
unsigned gp_loop_constant_trips (unsigned num);

/* Runs marked loop NUM of cfun (with NUM zero: the marked loop at source
   line LINE, after parloops declined it) in an OpenMP region of the
   plugin's own (GIMPLE_OMP_PARALLEL, expanded with omp_expand_local),
   versioned on its count being at least parloops' minimum: each thread
   runs a contiguous block of its iterations; reductions are combined after
   the region in thread order, other values it hands out are the last
   iteration's; floating-point reductions only under -fassociative-math
   or with REASSOCIATE nonzero.  Returns 1 when done, with the numbers of
   reductions and of last values; 2 when loop NUM already is in an OpenMP
   region (parloops ran it, or a loop around it); 0 with WHY where it is
   not done (nothing changed, or only the versioning).  */
int gp_loop_own_region (unsigned num, unsigned line, int reassociate,
			unsigned *n_reductions, unsigned *n_last,
			const char **why);
/* Whether parloops would decline loop NUM, which holds other loops, and
   run an inner loop instead: 1 where it carries a value that is not a
   counter (a reduction) around a nest of three or more loops (parloops'
   reductions come from the vectorizer's analysis, which knows nests of
   two); 2 where a value used after it is neither a counter's nor one a
   header PHI carries (the last iteration's); 0 otherwise.  */
int gp_loop_parloops_skips (unsigned num);

#ifdef __cplusplus
}
#endif

#endif /* GCCPOLY_SHIM_H */
