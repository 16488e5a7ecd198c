/* gccpoly's C++ shim: the only C++ in the project.  It turns GCC's
   internals into the small C ABI of shim.h; it decides nothing.  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "c-family/c-common.h"
#include "diagnostic-core.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "tree-pass.h"
#include "context.h"
#include "dumpfile.h"
#include "cfgloop.h"
#include "tree-cfg.h"
#include "tree-scalar-evolution.h"
#include "tree-parloops.h"
#include "ssa.h"
#include "tree-chrec.h"
#include "tree-pretty-print.h"
#include "tree-eh.h"
#include "tree-ssa-alias.h"
#include "stringpool.h"
#include "internal-fn.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "gimple-expr.h"
#include "cfghooks.h"
#include "tree-into-ssa.h"
#include "profile-count.h"
#include "tree-ssa-loop-niter.h"
#include "omp-general.h"
#include "tree-ssa-loop-ivopts.h"
#include "tree-ssa-loop-manip.h"
#include "tree-ssa-loop.h"
#include "tree-ssa.h"
#include "tree-vectorizer.h"
#include "tree-cfgcleanup.h"
#include "tree-ssa-dce.h"
#include "tree-iterator.h"
#include "opts.h"
#include "incpath.h"
#include "langhooks.h"
#include "omp-expand.h"
#include "attribs.h"
#include "cgraph.h"
#include "stor-layout.h"
#include "alias.h"
#include "gimple-walk.h"
#include "fold-const.h"
#include "toplev.h"
#include "target.h"
#include <dlfcn.h>

#include "shim.h"

/* --- Setup.  -------------------------------------------------------------- */

const char *
gp_built_for_version (void)
{
  return basever;
}

namespace {

/* A GIMPLE pass of the plugin: it needs the CFG in SSA form and asks for no
   TODOs (each pass makes its own updates).  */
constexpr pass_data
plugin_pass_data (const char *name, optgroup_flags_t group)
{
  return { GIMPLE_PASS, name, group, TV_PLUGIN_RUN, PROP_cfg | PROP_ssa,
	   0, 0, 0, 0 };
}

const pass_data gccpoly_pass_data
  = plugin_pass_data ("gccpoly", OPTGROUP_LOOP);

class gccpoly_pass : public gimple_opt_pass
{
public:
  gccpoly_pass (gcc::context *ctxt)
    : gimple_opt_pass (gccpoly_pass_data, ctxt)
  {}

  unsigned int
  execute (function *fun) final override
  {
    /* Bodies parloops outlined were analysed as part of their parent.  */
    if (parallelized_function_p (fun->decl))
      return 0;
    /* The same set-up and tear-down PRE does around its own loop use.  */
    loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
    scev_initialize ();
    /* Read by gp_bb_irreducible and gp_dominated_by.  */
    mark_irreducible_loops ();
    calculate_dominance_info (CDI_DOMINATORS);
    gccpoly_rs_execute ();
    scev_finalize ();
    loop_optimizer_finalize ();
    return 0;
  }
};

/* Set when a marked loop lost a branch (gp_loop_select_reductions): the
   pass then asks for a CFG cleanup, which removes the dead block.  */
static bool gp_cleanup_cfg;

const pass_data gccpoly_parallel_pass_data
  = plugin_pass_data ("gccpoly-par", OPTGROUP_LOOP);

/* Runs inside the loop pipeline just before parloops, whose loop and SCEV
   state it uses as they are.  */
class gccpoly_parallel_pass : public gimple_opt_pass
{
public:
  gccpoly_parallel_pass (gcc::context *ctxt)
    : gimple_opt_pass (gccpoly_parallel_pass_data, ctxt)
  {}

  bool
  gate (function *) final override
  {
    return flag_tree_parallelize_loops > 1 || gp_loop_interchange_enabled ();
  }

  unsigned int
  execute (function *fun) final override
  {
    if (parallelized_function_p (fun->decl) || number_of_loops (fun) <= 1)
      return 0;
    mark_irreducible_loops ();
    calculate_dominance_info (CDI_DOMINATORS);
    gp_cleanup_cfg = false;
    gccpoly_rs_parallelize ();
    /* Counts and evolutions cached during the analysis (and copied into
       versioned loops) must not outlive it: parloops recomputes them.  */
    scev_reset ();
    free_numbers_of_iterations_estimates (fun);
    return gp_cleanup_cfg ? TODO_cleanup_cfg : 0;
  }
};

const pass_data gccpoly_forget_counts_pass_data
  = plugin_pass_data ("gccpoly-forget", OPTGROUP_LOOP);

/* Between parloops and the OpenMP expansion that outlines its loops:
   parloops goes on analysing loops after parallelizing one (inner loops of
   a loop it versioned included), and the iteration counts it caches on
   them would move into the outlined function while naming the parent's SSA
   names.  Dropping the caches here is what parloops does after each loop
   it parallelizes.  */
class gccpoly_forget_counts_pass : public gimple_opt_pass
{
public:
  gccpoly_forget_counts_pass (gcc::context *ctxt)
    : gimple_opt_pass (gccpoly_forget_counts_pass_data, ctxt)
  {}

  /* Inserted before every ompexpssa instance.  */
  opt_pass *
  clone () final override
  {
    return new gccpoly_forget_counts_pass (m_ctxt);
  }

  bool
  gate (function *) final override
  {
    return flag_tree_parallelize_loops > 1;
  }

  unsigned int
  execute (function *fun) final override
  {
    if (!current_loops)
      return 0;
    if (scev_initialized_p ())
      scev_reset ();
    free_numbers_of_iterations_estimates (fun);
    gccpoly_rs_after_parloops ();
    return 0;
  }
};

void
pre_genericize_cb (void *gcc_data, void *)
{
  gccpoly_rs_pre_genericize (gcc_data);
}

void
finish_cb (void *, void *)
{
  gccpoly_rs_finish ();
}

} // anon namespace

/* Inserts PASS at POS of instance INSTANCE (0: every one) of the pass
   named REF.  */
static void
insert_pass (const char *plugin_name, opt_pass *pass, const char *ref,
	     int instance, pass_positioning_ops pos)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = ref;
  info.ref_pass_instance_number = instance;
  info.pos_op = pos;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

void
gp_register (const char *plugin_name, const char *version, const char *help)
{
  static struct plugin_info info;
  info.version = version;
  info.help = help;
  register_callback (plugin_name, PLUGIN_INFO, NULL, &info);

  /* The analysis, right after PRE.  */
  insert_pass (plugin_name, new gccpoly_pass (g), "pre", 1,
	       PASS_POS_INSERT_AFTER);
  /* Right before the host parloops, which follows the GRAPHITE container
     in the loop pipeline (the other parloops, OpenACC kernels', cannot be
     named apart by instance at this point).  */
  insert_pass (plugin_name, new gccpoly_parallel_pass (g), "graphite0", 1,
	       PASS_POS_INSERT_AFTER);
  insert_pass (plugin_name, new gccpoly_forget_counts_pass (g), "ompexpssa",
	       0, PASS_POS_INSERT_BEFORE);
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize_cb,
		     NULL);
  register_callback (plugin_name, PLUGIN_FINISH, finish_cb, NULL);
}

/* --- Diagnostics.  -------------------------------------------------------- */

void
gp_error (const char *msg)
{
  error ("%s", msg);
}

void
gp_inform (gp_location loc, const char *msg)
{
  inform (loc, "%s", msg);
}

void
gp_remark (gp_remark_kind kind, gp_location loc, const char *msg)
{
  if (!dump_enabled_p ())
    return;
  dump_flags_t flags = MSG_NOTE;
  if (kind == GP_REMARK_OPTIMIZED)
    flags = MSG_OPTIMIZED_LOCATIONS;
  else if (kind == GP_REMARK_MISSED)
    flags = MSG_MISSED_OPTIMIZATION;
  dump_printf_loc (flags, dump_user_location_t::from_location_t (loc), "%s\n",
		   msg);
}

/* --- Source locations and the unit.  -------------------------------------- */

gp_source_pos
gp_expand_location (gp_location loc)
{
  expanded_location x = expand_location (loc);
  gp_source_pos pos = { x.file, x.line, x.column };
  return pos;
}

gp_location
gp_location_at (gp_location loc, int line, int column)
{
  location_t pure = get_pure_location (loc);
  if (pure < RESERVED_LOCATION_COUNT || line <= 0 || column <= 0)
    return loc;
  const line_map *map = linemap_lookup (line_table, pure);
  if (!map || linemap_macro_expansion_map_p (map))
    return loc;
  const line_map_ordinary *ord = linemap_check_ordinary (map);
  if ((linenum_type) line < ORDINARY_MAP_STARTING_LINE_NUMBER (ord))
    return loc;
  location_t at
    = linemap_position_for_line_and_column (line_table, ord, line, column);
  if (linemap_lookup (line_table, at) != map)
    return loc;
  expanded_location x = expand_location (at);
  if (x.line != line || x.column != column)
    return loc;
  return at;
}

const char *
gp_main_input_filename (void)
{
  return main_input_filename;
}

const char *
gp_command_line_input (void)
{
  return num_in_fnames >= 1 ? in_fnames[0] : NULL;
}

int
gp_lto_only (void)
{
  return flag_lto && !flag_fat_lto_objects;
}

int
gp_lto_stage (void)
{
  /* lto1's language, known from the start; in_lto_p is set only after
     plugins start.  */
  if (!lang_hooks.name || strcmp (lang_hooks.name, "GNU GIMPLE"))
    return 0;
  return flag_ltrans ? 2 : 1;
}

int
gp_in_c_front_end (void)
{
  /* "GNU C", or "GNU C17" and the like once -std is seen; not C++.  */
  return lang_hooks.name && !strncmp (lang_hooks.name, "GNU C", 5)
	 && lang_hooks.name[5] != '+';
}

int
gp_replace_input (const char *path, const char *quote_dir)
{
  /* add_path belongs to the C front end: looked up, so that the plugin
     still loads into lto1 (GCC 12's C++ name of add_path (char *,
     incpath_kind, int, bool)).  */
  typedef void (*add_path_fn) (char *, incpath_kind, int, bool);
  add_path_fn add
    = (add_path_fn) dlsym (RTLD_DEFAULT, "_Z8add_pathPc12incpath_kindib");
  if (num_in_fnames < 1 || !add)
    return 0;
  in_fnames[0] = xstrdup (path);
  add (xstrdup (quote_dir), INC_QUOTE, 0, true);
  return 1;
}

int
gp_flag_trapv (void)
{
  return flag_trapv;
}

int
gp_flag_openmp (void)
{
  return flag_openmp;
}

void
gp_for_each_source_file (gp_name_fn fn, void *data)
{
  for (unsigned i = 0; i < LINEMAPS_ORDINARY_USED (line_table); i++)
    {
      const line_map_ordinary *map = LINEMAPS_ORDINARY_MAP_AT (line_table, i);
      const char *name = ORDINARY_MAP_FILE_NAME (map);
      if (name && name[0] != '<')
	fn (data, name);
    }
}

void
gp_for_each_input_file (gp_name_fn fn, void *data)
{
  for (unsigned i = 0; i < num_in_fnames; i++)
    if (in_fnames[i])
      fn (data, in_fnames[i]);
}

void
gp_preprocessor_options (gp_name_fn fn, void *data)
{
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    switch (save_decoded_options[i].opt_index)
      {
      case OPT_D:
      case OPT_U:
      case OPT_I:
      case OPT_iquote:
      case OPT_isystem:
      case OPT_idirafter:
      case OPT_include:
      case OPT_imacros:
	if (save_decoded_options[i].orig_option_with_args_text)
	  fn (data, save_decoded_options[i].orig_option_with_args_text);
	break;
      default:
	break;
      }
}

/* --- Front-end loops.  ---------------------------------------------------- */

namespace {

struct fe_walk
{
  gp_fe_loop_fn fn;
  void *data;
  /* The `for' statements right after their own initialization.  */
  hash_set<tree> initialized;
  /* Whether to gather more than the loop statements' positions.  */
  bool details;
};

/* The integer variable a `for' condition compares and its increment steps
   by a constant; NULL_TREE otherwise.  */
tree
fe_canonical_var (tree cond, tree incr)
{
  if (!cond || !COMPARISON_CLASS_P (cond) || !incr)
    return NULL_TREE;
  tree var;
  switch (TREE_CODE (incr))
    {
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      var = TREE_OPERAND (incr, 0);
      break;
    case MODIFY_EXPR:
      {
	var = TREE_OPERAND (incr, 0);
	tree rhs = TREE_OPERAND (incr, 1);
	if (TREE_CODE (rhs) != PLUS_EXPR && TREE_CODE (rhs) != MINUS_EXPR)
	  return NULL_TREE;
	tree a = TREE_OPERAND (rhs, 0), b = TREE_OPERAND (rhs, 1);
	STRIP_NOPS (a);
	STRIP_NOPS (b);
	if (a != var || TREE_CODE (b) != INTEGER_CST)
	  return NULL_TREE;
	break;
      }
    default:
      return NULL_TREE;
    }
  if ((!VAR_P (var) && TREE_CODE (var) != PARM_DECL)
      || !INTEGRAL_TYPE_P (TREE_TYPE (var)) || TREE_THIS_VOLATILE (var)
      || !DECL_NAME (var))
    return NULL_TREE;
  tree a = TREE_OPERAND (cond, 0), b = TREE_OPERAND (cond, 1);
  STRIP_NOPS (a);
  STRIP_NOPS (b);
  return a == var || b == var ? var : NULL_TREE;
}

/* Whether statement S only starts loop variable VAR: its declaration or
   an assignment to it.  */
bool
fe_starts_var (tree s, tree var)
{
  if (TREE_CODE (s) == DECL_EXPR)
    return DECL_EXPR_DECL (s) == var;
  STRIP_NOPS (s);
  return TREE_CODE (s) == MODIFY_EXPR && TREE_OPERAND (s, 0) == var;
}

/* The `for' statement that is all of BODY (through blocks and statement
   lists, debug markers and that loop's own initialization apart), or
   NULL_TREE.  */
tree
fe_only_for (tree body, int depth)
{
  if (!body || depth > 16)
    return NULL_TREE;
  switch (TREE_CODE (body))
    {
    case FOR_STMT:
      return body;
    case BIND_EXPR:
      return fe_only_for (BIND_EXPR_BODY (body), depth + 1);
    case STATEMENT_LIST:
      {
	auto_vec<tree, 4> items;
	for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i);
	     tsi_next (&i))
	  if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
	    {
	      if (items.length () == 2)
		return NULL_TREE;
	      items.safe_push (tsi_stmt (i));
	    }
	if (items.length () == 1)
	  return fe_only_for (items[0], depth + 1);
	if (items.length () != 2)
	  return NULL_TREE;
	tree f = fe_only_for (items[1], depth + 1);
	if (!f)
	  return NULL_TREE;
	tree var = fe_canonical_var (FOR_COND (f), FOR_EXPR (f));
	return var && fe_starts_var (items[0], var) ? f : NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

/* A local variable of the function: not static, not external, named.  */
bool
fe_local_var (tree t)
{
  return VAR_P (t) && !TREE_STATIC (t) && !DECL_EXTERNAL (t) && DECL_NAME (t);
}

/* What one loop's walk gathers.  */
struct fe_loop_walk
{
  gp_fe_loop_info *info;
  hash_set<tree> seen;
  expanded_location keyword;
  expanded_location end;
};

/* Records the variable an assignment's left side T stores to; RECURRENT:
   whether the assignment reads the variable's own value.  */
void
fe_note_assigned (tree t, fe_loop_walk *w, bool recurrent = false)
{
  gp_fe_loop_info *info = w->info;
  bool aggregate = false;
  while (TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == ARRAY_REF)
    {
      t = TREE_OPERAND (t, 0);
      aggregate = true;
    }
  if (!DECL_P (t))
    return;
  /* Arrays and structs outside the function are memory the analysis
     models; a global or static scalar is not.  */
  if (!fe_local_var (t))
    {
      if (!aggregate && !AGGREGATE_TYPE_P (TREE_TYPE (t)))
	info->assigned_other++;
      return;
    }
  if (w->seen.contains (t))
    {
      for (int k = 0; k < info->n_assigned; k++)
	if (recurrent && info->assigned_uid[k] == DECL_UID (t))
	  info->assigned_recurrent[k] = 1;
      return;
    }
  w->seen.add (t);
  if (info->n_assigned == GP_FE_MAX_ASSIGNED)
    {
      info->assigned_other++;
      return;
    }
  int k = info->n_assigned++;
  info->assigned[k] = IDENTIFIER_POINTER (DECL_NAME (t));
  info->assigned_decl[k] = DECL_SOURCE_LOCATION (t);
  info->assigned_uid[k] = DECL_UID (t);
  info->assigned_aggregate[k]
    = aggregate || AGGREGATE_TYPE_P (TREE_TYPE (t));
  info->assigned_recurrent[k] = recurrent;
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (t));
  info->assigned_size[k]
    = size && tree_fits_shwi_p (size) && tree_to_shwi (size) <= INT_MAX
      ? (int) tree_to_shwi (size) : 0;
}

/* walk_tree callback: whether *TP is the declaration DATA.  */
tree
fe_find_decl (tree *tp, int *, void *data)
{
  return *tp == static_cast<tree> (data) ? *tp : NULL_TREE;
}

/* Whether the assignment T (MODIFY_EXPR or an increment) reads the value
   of the variable it stores to.  */
bool
fe_assignment_recurrent (tree t)
{
  if (TREE_CODE (t) != MODIFY_EXPR)
    return true;
  tree lhs = TREE_OPERAND (t, 0);
  while (TREE_CODE (lhs) == COMPONENT_REF || TREE_CODE (lhs) == ARRAY_REF)
    lhs = TREE_OPERAND (lhs, 0);
  return DECL_P (lhs)
	 && walk_tree_without_duplicates (&TREE_OPERAND (t, 1), fe_find_decl,
					  lhs);
}

tree
fe_loop_body_visit (tree *tp, int *, void *data)
{
  fe_loop_walk *w = static_cast<fe_loop_walk *> (data);
  tree t = *tp;
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    {
      expanded_location at = expand_location (EXPR_LOCATION (t));
      if (at.file && w->keyword.file && !strcmp (at.file, w->keyword.file)
	  && (at.line > w->end.line
	      || (at.line == w->end.line && at.column > w->end.column)))
	w->end = at;
    }
  switch (TREE_CODE (t))
    {
    case INIT_EXPR:
      fe_note_assigned (TREE_OPERAND (t, 0), w);
      break;
    case MODIFY_EXPR:
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      fe_note_assigned (TREE_OPERAND (t, 0), w, fe_assignment_recurrent (t));
      break;
    case DECL_EXPR:
      /* A declaration with an initializer inside the body assigns a
	 variable declared there.  */
      if (VAR_P (DECL_EXPR_DECL (t)) && DECL_INITIAL (DECL_EXPR_DECL (t)))
	fe_note_assigned (DECL_EXPR_DECL (t), w);
      break;
    case CALL_EXPR:
      {
	tree fn = get_callee_fndecl (t);
	if (!fn || !fndecl_built_in_p (fn))
	  w->info->calls = 1;
	break;
      }
    default:
      break;
    }
  return NULL_TREE;
}

/* The variable facts of one function.  */
struct fe_vars
{
  gp_fe_var_fn fn;
  void *data;
  const char *function;
  hash_set<tree> changed_params;
  /* The variables whose reads do not count, innermost last: those of the
     `for' statements being walked whose initialization assigns them.  */
  auto_vec<tree> initialized;
  /* The location of the last expression walked that has one.  */
  location_t at;
};

/* Reports operand X of an expression as a read, if a local variable.  */
void
fe_note_read (tree x, fe_vars *v)
{
  if (x && fe_local_var (x) && !v->initialized.contains (x))
    v->fn (v->data, v->function, GP_FE_READ,
	   IDENTIFIER_POINTER (DECL_NAME (x)), DECL_SOURCE_LOCATION (x), v->at);
}

tree fe_vars_visit (tree *tp, int *walk_subtrees, void *data);

/* Walks T for variable facts.  */
void
fe_vars_walk (tree *tp, fe_vars *v)
{
  walk_tree_without_duplicates (tp, fe_vars_visit, v);
}

tree
fe_vars_visit (tree *tp, int *walk_subtrees, void *data)
{
  fe_vars *v = static_cast<fe_vars *> (data);
  tree t = *tp;
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    v->at = EXPR_LOCATION (t);
  /* Variables are shared nodes, walked once: their reads are seen from
     the expressions holding them, each walked once. The variable an
     assignment stores to and the one a declaration declares are not
     read.  */
  if (EXPR_P (t) && TREE_CODE (t) != DECL_EXPR)
    {
      bool store = TREE_CODE (t) == MODIFY_EXPR || TREE_CODE (t) == INIT_EXPR;
      for (int k = store ? 1 : 0; k < TREE_OPERAND_LENGTH (t); k++)
	fe_note_read (TREE_OPERAND (t, k), v);
    }
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      if (TREE_CODE (TREE_OPERAND (t, 0)) == PARM_DECL)
	v->changed_params.add (TREE_OPERAND (t, 0));
      break;
    case DECL_EXPR:
      {
	tree d = DECL_EXPR_DECL (t);
	if (fe_local_var (d))
	  {
	    v->fn (v->data, v->function, GP_FE_LOCAL,
		   IDENTIFIER_POINTER (DECL_NAME (d)), DECL_SOURCE_LOCATION (d),
		   DECL_SOURCE_LOCATION (d));
	    if (TREE_ADDRESSABLE (d) && TREE_CODE (TREE_TYPE (d)) != ARRAY_TYPE)
	      v->fn (v->data, v->function, GP_FE_ADDRESSABLE,
		     IDENTIFIER_POINTER (DECL_NAME (d)),
		     DECL_SOURCE_LOCATION (d), DECL_SOURCE_LOCATION (d));
	    v->at = DECL_SOURCE_LOCATION (d);
	    fe_note_read (DECL_INITIAL (d), v);
	  }
	break;
      }
    case STATEMENT_LIST:
      {
	/* A `for' whose initialization assigns its variable right before
	   it: reads of that variable inside it read that value.  */
	tree prev = NULL_TREE;
	for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
	  {
	    tree s = tsi_stmt (i);
	    if (TREE_CODE (s) == DEBUG_BEGIN_STMT)
	      continue;
	    tree var = TREE_CODE (s) == FOR_STMT
			 ? fe_canonical_var (FOR_COND (s), FOR_EXPR (s))
			 : NULL_TREE;
	    bool own = var && prev && fe_starts_var (prev, var);
	    if (own)
	      v->initialized.safe_push (var);
	    fe_vars_walk (tsi_stmt_ptr (i), v);
	    if (own)
	      v->initialized.pop ();
	    prev = s;
	  }
	*walk_subtrees = 0;
	break;
      }
    default:
      break;
    }
  return NULL_TREE;
}

/* Finds the `for' statements right after the statement assigning their
   variable, into the fe_walk DATA.  */
tree
fe_own_init_visit (tree *tp, int *, void *data)
{
  fe_walk *w = static_cast<fe_walk *> (data);
  if (TREE_CODE (*tp) != STATEMENT_LIST)
    return NULL_TREE;
  tree prev = NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (*tp); !tsi_end_p (i); tsi_next (&i))
    {
      tree s = tsi_stmt (i);
      if (TREE_CODE (s) == DEBUG_BEGIN_STMT)
	continue;
      if (TREE_CODE (s) == FOR_STMT && prev)
	{
	  tree var = fe_canonical_var (FOR_COND (s), FOR_EXPR (s));
	  if (var && fe_starts_var (prev, var))
	    w->initialized.add (s);
	}
      prev = s;
    }
  return NULL_TREE;
}

tree
fe_loop_visit (tree *tp, int *, void *data)
{
  fe_walk *w = static_cast<fe_walk *> (data);
  tree t = *tp;
  tree cond;
  gp_fe_loop_info info = {};
  switch (TREE_CODE (t))
    {
    case FOR_STMT:
      {
	info.kind = GP_FE_FOR;
	cond = FOR_COND (t);
	tree var = fe_canonical_var (cond, FOR_EXPR (t));
	if (var)
	  {
	    info.var = IDENTIFIER_POINTER (DECL_NAME (var));
	    info.var_decl = DECL_SOURCE_LOCATION (var);
	    info.var_initialized = w->initialized.contains (t);
	  }
	if (!w->details)
	  break;
	tree child = fe_only_for (FOR_BODY (t), 0);
	info.only_child = child ? EXPR_LOCATION (child) : 0;
	fe_loop_walk lw;
	lw.info = &info;
	lw.keyword = expand_location (EXPR_LOCATION (t));
	lw.end = lw.keyword;
	walk_tree (&FOR_BODY (t), fe_loop_body_visit, &lw, NULL);
	if (FOR_EXPR (t))
	  walk_tree (&FOR_EXPR (t), fe_loop_body_visit, &lw, NULL);
	if (cond)
	  walk_tree (&cond, fe_loop_body_visit, &lw, NULL);
	info.end_line = lw.end.line;
	info.end_column = lw.end.column;
	break;
      }
    case WHILE_STMT:
      info.kind = GP_FE_WHILE;
      cond = WHILE_COND (t);
      break;
    case DO_STMT:
      info.kind = GP_FE_DO;
      cond = DO_COND (t);
      break;
    default:
      return NULL_TREE;
    }
  info.keyword = EXPR_LOCATION (t);
  info.cond = cond && EXPR_P (cond) ? EXPR_LOCATION (cond) : 0;
  w->fn (w->data, &info);
  return NULL_TREE;
}

} // anon namespace

void
gp_fe_walk_loops (void *fndecl, gp_fe_loop_fn fn, gp_fe_var_fn var_fn,
		  int details, void *data)
{
  tree decl = static_cast<tree> (fndecl);
  if (!decl || TREE_CODE (decl) != FUNCTION_DECL || !DECL_SAVED_TREE (decl))
    return;
  fe_walk w;
  w.fn = fn;
  w.data = data;
  w.details = details != 0;
  if (w.details)
    walk_tree_without_duplicates (&DECL_SAVED_TREE (decl), fe_own_init_visit,
				  &w);
  walk_tree_without_duplicates (&DECL_SAVED_TREE (decl), fe_loop_visit, &w);
  if (!w.details)
    return;
  fe_vars v;
  v.fn = var_fn;
  v.data = data;
  v.function = IDENTIFIER_POINTER (DECL_NAME (decl));
  v.at = DECL_SOURCE_LOCATION (decl);
  fe_vars_walk (&DECL_SAVED_TREE (decl), &v);
  for (tree p = DECL_ARGUMENTS (decl); p; p = DECL_CHAIN (p))
    if (DECL_NAME (p) && (TREE_ADDRESSABLE (p) || v.changed_params.contains (p)))
      var_fn (data, v.function, GP_FE_PARAM_CHANGED,
	      IDENTIFIER_POINTER (DECL_NAME (p)), DECL_SOURCE_LOCATION (p), 0);
}

/* --- The current function.  ---------------------------------------------- */

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

/* --- Loops.  -------------------------------------------------------------- */

static class loop *
as_loop (const gp_loop *l)
{
  return reinterpret_cast<class loop *> (const_cast<gp_loop *> (l));
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

/* --- GIMPLE: blocks, statements, trees.  ---------------------------------- */

static basic_block
as_bb (const gp_bb *b)
{
  return reinterpret_cast<basic_block> (const_cast<gp_bb *> (b));
}

static gimple *
as_stmt (const gp_stmt *s)
{
  return reinterpret_cast<gimple *> (const_cast<gp_stmt *> (s));
}

static tree
as_tree (const gp_tree *t)
{
  return reinterpret_cast<tree> (const_cast<gp_tree *> (t));
}

static gp_tree *
to_gp (tree t)
{
  return reinterpret_cast<gp_tree *> (t);
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
gp_ptr_may_alias_decl (const gp_tree *p, const gp_tree *decl)
{
  /* ptr_derefs_may_alias_p handles an address on one side by asking the
     points-to set of the other about the declaration.  */
  return ptr_derefs_may_alias_p (as_tree (p),
				 build_fold_addr_expr (as_tree (decl)));
}

/* --- Run-time tests and parallel marks.  ---------------------------------- */

/* The tests' type: 128 bits where the target computes in them; otherwise
   (x86 with -m32, whose TImode has no shifts or multiplications: expand
   stopped on the tests) the 64 bits of long long.  gp_rt_precision tells
   the builder which, so that it bounds the tests' values to fit.  */
static tree
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
static void
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
static class loop *
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

/* Where T is in V, -1 if it is not.  */
static int
ps_index (const vec<tree> &v, tree t)
{
  for (unsigned i = 0; i < v.length (); i++)
    if (v[i] == t)
      return i;
  return -1;
}

/* Whether SSA name or invariant T is defined outside loop L.  */
static bool
defined_outside (tree t, class loop *l)
{
  if (TREE_CODE (t) != SSA_NAME)
    return is_gimple_min_invariant (t);
  basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (t));
  return !bb || !flow_bb_inside_loop_p (l, bb);
}

/* T, through copies and single-valued PHIs (loop-closed SSA's).  */
static tree
ri_strip (tree t)
{
  for (int steps = 0; steps < 16 && t && TREE_CODE (t) == SSA_NAME; steps++)
    {
      gimple *def = SSA_NAME_DEF_STMT (t);
      tree next = NULL_TREE;
      if (gphi *phi = dyn_cast<gphi *> (def))
	{
	  for (unsigned a = 0; a < gimple_phi_num_args (phi); a++)
	    {
	      tree arg = gimple_phi_arg_def (phi, a);
	      if (next && !operand_equal_p (arg, next, 0))
		return t;
	      next = arg;
	    }
	}
      else if (gimple_assign_ssa_name_copy_p (def))
	next = gimple_assign_rhs1 (def);
      if (!next)
	return t;
      t = next;
    }
  return t;
}

/* Whether VALUE is the value of memory reference REF in the memory state
   ENTRY: VALUE is REF's load in that state, or the value stored to REF by
   a store before it with nothing in between that may write REF.  */
static bool
ri_value_at (tree value, tree ref, tree entry)
{
  value = ri_strip (value);
  gimple *vdef = TREE_CODE (value) == SSA_NAME ? SSA_NAME_DEF_STMT (value) : NULL;
  bool value_is_load = vdef && gimple_assign_single_p (vdef) && gimple_vuse (vdef)
		       && operand_equal_p (gimple_assign_rhs1 (vdef), ref, 0);
  tree v = entry;
  for (int steps = 0; steps < 64 && v && TREE_CODE (v) == SSA_NAME; steps++)
    {
      if (value_is_load && gimple_vuse (vdef) == v)
	return true;
      gimple *s = SSA_NAME_DEF_STMT (v);
      if (gimple_nop_p (s) || gimple_code (s) == GIMPLE_PHI)
	return false;
      if (gimple_assign_single_p (s) && gimple_vdef (s)
	  && operand_equal_p (gimple_assign_lhs (s), ref, 0))
	{
	  tree stored = ri_strip (gimple_assign_rhs1 (s));
	  return stored == value
		 || (CONSTANT_CLASS_P (stored) && CONSTANT_CLASS_P (value)
		     && operand_equal_p (stored, value, 0));
	}
      if (stmt_may_clobber_ref_p (s, ref))
	return false;
      v = gimple_vuse (s);
    }
  return false;
}

/* Whether every SSA name in the address of REF is defined outside LOOP.  */
static bool
ri_address_invariant (class loop *loop, tree ref)
{
  return !walk_tree_without_duplicates (
    &ref,
    [] (tree *sub, int *, void *d) -> tree {
      return TREE_CODE (*sub) == SSA_NAME && !defined_outside (*sub, (class loop *) d)
	     ? *sub : NULL_TREE;
    },
    (void *) loop);
}

unsigned
gp_loop_reload_invariants (unsigned num, const gp_tree *const *refs_in,
			   unsigned n)
{
  class loop *loop = get_loop (cfun, num);
  if (!loop || n == 0 || !loop->latch || loop->latch == loop->header
      || !single_succ_p (loop->latch))
    return 0;
  auto_vec<tree> refs;
  for (unsigned k = 0; k < n; k++)
    if (tree r = as_tree (refs_in[k]))
      refs.safe_push (r);
  edge entry_edge = loop_preheader_edge (loop);
  gphi *vphi = get_virtual_phi (loop->header);
  edge latch_edge = loop_latch_edge (loop);
  unsigned done = 0;
  for (gphi_iterator pi = gsi_start_phis (loop->header); !gsi_end_p (pi);)
    {
      gphi *phi = pi.phi ();
      tree res = gimple_phi_result (phi);
      tree from_latch = PHI_ARG_DEF_FROM_EDGE (phi, latch_edge);
      tree from_entry = PHI_ARG_DEF_FROM_EDGE (phi, entry_edge);
      gimple *load = TREE_CODE (from_latch) == SSA_NAME
		     ? SSA_NAME_DEF_STMT (from_latch) : NULL;
      if (virtual_operand_p (res) || !load || gimple_bb (load) != loop->latch
	  || !gimple_assign_single_p (load) || !gimple_vuse (load)
	  || !refs.contains (gimple_assign_rhs1 (load)))
	{
	  gsi_next (&pi);
	  continue;
	}
      tree ref = gimple_assign_rhs1 (load);
      /* The memory state at the loop's entry: the virtual PHI's value from
	 before the loop, or, with no store in the loop, the load's own.  */
      tree entry = vphi ? PHI_ARG_DEF_FROM_EDGE (vphi, entry_edge) : gimple_vuse (load);
      if (!useless_type_conversion_p (TREE_TYPE (res), TREE_TYPE (ref))
	  || !ri_address_invariant (loop, ref)
	  || !ri_value_at (from_entry, ref, entry))
	{
	  gsi_next (&pi);
	  continue;
	}
      done++;
      /* The PHI's result becomes the load's, at the start of the header,
	 in the memory state the header starts with.  */
      remove_phi_node (&pi, false);
      gassign *reload = gimple_build_assign (res, unshare_expr (ref));
      gimple_set_vuse (reload, vphi ? gimple_phi_result (vphi) : entry);
      gimple_stmt_iterator at = gsi_after_labels (loop->header);
      gsi_insert_before (&at, reload, GSI_SAME_STMT);
      update_stmt (reload);
      if (has_zero_uses (from_latch))
	{
	  gimple_stmt_iterator g = gsi_for_stmt (load);
	  gsi_remove (&g, true);
	  release_defs (load);
	}
    }
  return done;
}

int
gp_loop_sink_store (unsigned num, const gp_stmt *store_in, int apply)
{
  class loop *loop = get_loop (cfun, num);
  gimple *store = as_stmt (store_in);
  edge exit = loop ? single_exit (loop) : NULL;
  if (!exit || !loop->latch || !store || !gimple_assign_single_p (store)
      || !gimple_store_p (store) || gimple_has_volatile_ops (store)
      || gimple_bb (store)->loop_father != loop)
    return 0;
  tree ref = gimple_assign_lhs (store);
  tree value = gimple_assign_rhs1 (store);
  if (!is_gimple_reg_type (TREE_TYPE (ref))
      || (TREE_CODE (value) != SSA_NAME && !is_gimple_min_invariant (value))
      || !ri_address_invariant (loop, ref))
    return 0;
  /* The iteration that leaves the loop has stored: its value is the last
     the loop stores.  */
  calculate_dominance_info (CDI_DOMINATORS);
  if (!dominated_by_p (CDI_DOMINATORS, exit->src, gimple_bb (store)))
    return 0;
  if (!apply)
    return 1;
  location_t loc = gimple_location (store);
  gimple_stmt_iterator gsi = gsi_for_stmt (store);
  unlink_stmt_vdef (store);
  gsi_remove (&gsi, true);
  release_defs (store);
  /* GCC's split keeps loop-closed SSA: the values the loop hands to the
     PHIs after it go through PHIs of the new block.  */
  basic_block after
    = single_pred_p (exit->dest) ? exit->dest : split_loop_exit_edge (exit);
  edge into = single_pred_edge (after);
  /* Loop-closed SSA: a value of the loop leaves it through a PHI.  */
  if (TREE_CODE (value) == SSA_NAME && !defined_outside (value, loop))
    {
      gphi *phi = create_phi_node (make_ssa_name (TREE_TYPE (value)), after);
      add_phi_arg (phi, value, into, loc);
      value = gimple_phi_result (phi);
    }
  gassign *sunk = gimple_build_assign (unshare_expr (ref), value);
  gimple_set_location (sunk, loc);
  gimple_stmt_iterator at = gsi_after_labels (after);
  gsi_insert_before (&at, sunk, GSI_SAME_STMT);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return 1;
}

int
gp_loop_carry_cell (unsigned num, const gp_stmt *store_in,
		    const gp_stmt *const *loads_in, unsigned n, int apply)
{
  class loop *loop = get_loop (cfun, num);
  gimple *store = as_stmt (store_in);
  if (!loop || !store || !loop->latch
      || !gp_loop_sink_store (num, store_in, 0))
    return 0;
  if (n == 0)
    return gp_loop_sink_store (num, store_in, apply);
  tree ref = gimple_assign_lhs (store);
  tree value = gimple_assign_rhs1 (store);
  basic_block at = gimple_bb (store);
  /* The store runs in every iteration: its value is the next one's.  */
  calculate_dominance_info (CDI_DOMINATORS);
  if (!dominated_by_p (CDI_DOMINATORS, loop->latch, at))
    return 0;
  gphi *vphi = get_virtual_phi (loop->header);
  if (!vphi)
    return 0;
  auto_vec<gimple *> loads;
  for (unsigned k = 0; k < n; k++)
    {
      gimple *load = as_stmt (loads_in[k]);
      if (!load || load == store || !gimple_assign_single_p (load)
	  || !gimple_vuse (load) || gimple_vdef (load)
	  || gimple_has_volatile_ops (load)
	  || gimple_bb (load)->loop_father != loop
	  || TREE_CODE (gimple_assign_lhs (load)) != SSA_NAME
	  || !operand_equal_p (gimple_assign_rhs1 (load), ref, 0)
	  || !useless_type_conversion_p (TREE_TYPE (gimple_assign_lhs (load)),
					 TREE_TYPE (ref)))
	return 0;
      /* Before the store in the iteration.  */
      basic_block lb = gimple_bb (load);
      if (lb == at)
	{
	  gimple_stmt_iterator g = gsi_for_stmt (load);
	  for (; !gsi_end_p (g) && gsi_stmt (g) != store; gsi_next (&g))
	    ;
	  if (gsi_end_p (g))
	    return 0;
	}
      else if (!dominated_by_p (CDI_DOMINATORS, at, lb))
	return 0;
      if (!loads.contains (load))
	loads.safe_push (load);
    }
  if (!apply)
    return 1;
  location_t loc = gimple_location (store);
  tree type = TREE_TYPE (ref);
  edge entry = loop_preheader_edge (loop);
  /* The cell's value before the loop, in the memory state the loop
     starts with.  */
  tree before = make_ssa_name (type);
  gassign *first = gimple_build_assign (before, unshare_expr (ref));
  gimple_set_location (first, loc);
  gimple_set_vuse (first, PHI_ARG_DEF_FROM_EDGE (vphi, entry));
  gsi_insert_on_edge_immediate (entry, first);
  update_stmt (first);
  tree running = make_ssa_name (type);
  gphi *phi = create_phi_node (running, loop->header);
  add_phi_arg (phi, before, loop_preheader_edge (loop), loc);
  add_phi_arg (phi, value, loop_latch_edge (loop), loc);
  for (gimple *load : loads)
    {
      gimple_stmt_iterator g = gsi_for_stmt (load);
      gimple_assign_set_rhs_from_tree (&g, running);
      gimple_set_vuse (gsi_stmt (g), NULL_TREE);
      update_stmt (gsi_stmt (g));
    }
  return gp_loop_sink_store (num, store_in, 1);
}

/* walk_tree callback: *SUB is one of the trees of the vec<tree> D.  */
static tree
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
static bool
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

/* Array reductions.  */

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

/* OP of the cycle's type as the cycle's unsigned type UT: its new name
   in MAP, a constant converted, or a conversion inserted at AT (or, with
   AT NULL, on edge ON).  */
static tree
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
static void
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
  auto_vec<tree> bases, types;
  /* Per array: the pointers computed from its pointer in the loop, and the
     loop's loads and stores of it; versioning the loop leaves them to it.  */
  auto_vec<tree> derived[8];
  auto_vec<gimple *> refs[8];
  bool any_last = false, any_fill = false;
  /* The additions into reduced arrays of signed integers.  */
  auto_vec<gimple *> wrapped_ops;
  for (unsigned k = 0; k < n; k++)
    {
      tree base = as_tree (bases_in[k]);
      gimple *store = stores_in[k] ? as_stmt (stores_in[k]) : NULL;
      bool sum = kinds[k] == GP_COPY_SUM;
      any_last |= kinds[k] == GP_COPY_LAST;
      any_fill |= fill[k] != 0;
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
	return 0;
      if (!(declared ? ar_decl_refs (loop, base, &refs[k])
		     : ar_derived (loop, base, &derived[k], &refs[k]))
	  || (store && !refs[k].contains (store)))
	return 0;
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
	    return 0;
	  /* Every access through them is of the reduction's type.  */
	  for (gimple *r : refs[k])
	    {
	      tree mem = gimple_store_p (r) ? gimple_assign_lhs (r)
					     : gimple_assign_rhs1 (r);
	      if (!useless_type_conversion_p (type, TREE_TYPE (mem)))
		return 0;
	      if (wrapped && gimple_store_p (r)
		  && !wr_sum_chain (loop, gimple_assign_rhs1 (r), type,
				    wrapped_ops))
		return 0;
	    }
	}
      bases.safe_push (base);
      types.safe_push (type);
    }
  /* The last iteration's counter is needed where it works in the array
     itself.  */
  tree memcpy_fn = builtin_decl_explicit (BUILT_IN_MEMCPY);
  if ((any_last && !last_in) || (any_fill && !memcpy_fn))
    return 0;
  if (!apply)
    return 1;

  /* Before the loop: each array's bytes [lo, hi), and a zeroed copy of
     them per thread.  */
  basic_block pre = split_edge (loop_preheader_edge (loop));
  gimple_stmt_iterator at = gsi_last_bb (pre);
  tree cond = cond_in ? unshare_expr (as_tree (cond_in)) : boolean_true_node;
  auto_vec<tree> los, sizes, bufs;
  for (unsigned k = 0; k < n; k++)
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
      los.safe_push (fold_convert (sizetype, lo));
      sizes.safe_push (size);
      bufs.safe_push (buf);
    }
  /* The counter of the last iteration in which a statement of the loop
     runs (from 0), where one works in the arrays themselves: below 2^62,
     so that a 64-bit counter reaches it.  */
  tree u64 = long_long_unsigned_type_node;
  tree last = NULL_TREE;
  if (any_last)
    {
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
      last = force_gimple_operand_gsi (&at, fold_convert (u64, last128), true,
				       NULL_TREE, false, GSI_CONTINUE_LINKING);
    }
  /* Where a copy cannot be had, the loop runs as it is, unmarked.  */
  initialize_original_copy_tables ();
  class loop *copy = version_loop (loop, cond);
  free_original_copy_tables ();
  if (!copy)
    {
      /* The copies are not used: given back.  */
      gimple_stmt_iterator end = gsi_last_bb (pre);
      for (tree buf : bufs)
	gsi_insert_after (&end, gimple_build_call (free_fn, 1, buf),
			  GSI_CONTINUE_LINKING);
      loop->can_be_parallel = false;
      mark_virtual_operands_for_renaming (cfun);
      update_ssa (TODO_update_ssa_only_virtuals);
      return 0;
    }
  copy->can_be_parallel = false;
  for (gimple *a : wrapped_ops)
    wr_wrap_assign (as_a<gassign *> (a));
  /* Where the copy runs, whatever was had is given back after it.  */
  {
    calculate_dominance_info (CDI_DOMINATORS);
    if (edge e = single_exit (copy))
      {
	basic_block out = split_loop_exit_edge (e, true);
	gimple_stmt_iterator g = gsi_after_labels (out);
	for (tree buf : bufs)
	  gsi_insert_before (&g, gimple_build_call (free_fn, 1, buf),
			     GSI_SAME_STMT);
      }
  }

  /* In each iteration, the copy of the thread that runs it: base + i is
     buf + thread * size + (i - lo).  */
  gimple_stmt_iterator head = gsi_after_labels (loop->header);
  tree thread = make_ssa_name (integer_type_node);
  gcall *who = gimple_build_call (thread_fn, 0);
  gimple_call_set_lhs (who, thread);
  gsi_insert_before (&head, who, GSI_SAME_STMT);
  tree t = fold_build2 (MIN_EXPR, integer_type_node, thread,
			build_int_cst (integer_type_node, threads - 1));
  t = fold_convert (sizetype, t);
  /* Whether this is the last iteration in which a statement runs: it
     works in the arrays themselves, so that they end with its values.  */
  tree is_last = NULL_TREE;
  if (any_last)
    {
      gimple_stmt_iterator incr;
      bool incr_after;
      standard_iv_increment_position (loop, &incr, &incr_after);
      tree count, count_after;
      create_iv (build_int_cst (u64, 0), build_int_cst (u64, 1), NULL_TREE,
		 loop, &incr, incr_after, &count, &count_after);
      is_last = make_ssa_name (boolean_type_node);
      gsi_insert_before (&head, gimple_build_assign (is_last, EQ_EXPR, count,
						     last),
			 GSI_SAME_STMT);
    }
  for (unsigned k = 0; k < n; k++)
    {
      tree off = fold_build2 (MINUS_EXPR, sizetype,
			      fold_build2 (MULT_EXPR, sizetype, t, sizes[k]),
			      los[k]);
      tree base = bases[k];
      bool declared = VAR_P (base);
      tree ptype = declared ? build_pointer_type (TREE_TYPE (base))
			    : TREE_TYPE (base);
      tree mine = fold_build_pointer_plus (fold_convert (ptype, bufs[k]), off);
      mine = force_gimple_operand_gsi (&head, mine, true, NULL_TREE, true,
				       GSI_SAME_STMT);
      if (kinds[k] == GP_COPY_LAST)
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
	{
	  /* Its loads and stores reach the copy; its debug values are
	     dropped.  Its address is taken after the loop.  */
	  auto_vec<tree> decls, ptrs;
	  decls.safe_push (base);
	  ptrs.safe_push (mine);
	  for (gimple *r : refs[k])
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
	  continue;
	}
      /* The loop's uses of the base now reach the copy; what GCC knew of
	 where the derived pointers point no longer holds.  */
      imm_use_iterator it;
      gimple *u;
      FOR_EACH_IMM_USE_STMT (u, it, bases[k])
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
      for (unsigned i = 1; i < derived[k].length (); i++)
	SSA_NAME_PTR_INFO (derived[k][i]) = NULL;
      for (gimple *r : refs[k])
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

  /* Copies that start as the array's bytes before the loop.  */
  {
    gimple_seq fills = NULL;
    for (unsigned k = 0; k < n; k++)
      {
	if (!fill[k])
	  continue;
	tree start = VAR_P (bases[k]) ? build_fold_addr_expr (bases[k]) : bases[k];
	/* (force_gimple_operand starts the sequence it is given afresh.)  */
	gimple_seq part = NULL;
	tree from = force_gimple_operand (fold_build_pointer_plus (start, los[k]),
					  &part, true, NULL_TREE);
	gimple_seq_add_seq (&fills, part);
	for (int th = 0; th < threads; th++)
	  {
	    tree to = fold_build_pointer_plus (bufs[k],
					       fold_build2 (MULT_EXPR, sizetype,
							    build_int_cst (sizetype, th),
							    sizes[k]));
	    part = NULL;
	    to = force_gimple_operand (to, &part, true, NULL_TREE);
	    gimple_seq_add_seq (&fills, part);
	    gimple_seq_add_stmt (&fills, gimple_build_call (memcpy_fn, 3, to, from,
							    sizes[k]));
	  }
      }
    if (fills)
      gsi_insert_seq_on_edge_immediate (loop_preheader_edge (loop), fills);
  }
  /* After the loop: each array's elements plus every thread's copy of
     them, in the order of the threads; then the copies are given back.  */
  calculate_dominance_info (CDI_DOMINATORS);
  basic_block after = split_loop_exit_edge (single_exit (loop), true);
  basic_block done = split_edge (single_succ_edge (after));
  for (unsigned k = 0; k < n; k++)
    {
      if (kinds[k] != GP_COPY_SUM)
	continue;
      tree type = types[k];
      /* A signed integer's sum wraps as its parts do.  */
      tree sum_type = INTEGRAL_TYPE_P (type) ? unsigned_type_for (type) : type;
      tree esize = fold_convert (sizetype, TYPE_SIZE_UNIT (type));
      tree count = fold_build2 (MINUS_EXPR, sizetype,
				fold_build2 (EXACT_DIV_EXPR, sizetype, sizes[k],
					     esize),
				size_one_node);
      tree iv = create_tmp_var (sizetype, "gp_cell");
      tree before, after_iv;
      class loop *add
	= create_empty_loop_on_edge (single_pred_edge (done), size_zero_node,
				     size_one_node, count, iv, &before,
				     &after_iv, loop_outer (loop));
      basic_block body = single_exit (add)->src;
      gimple_stmt_iterator g = gsi_after_labels (body);
      tree off = fold_build2 (MULT_EXPR, sizetype, before, esize);
      tree start = VAR_P (bases[k]) ? build_fold_addr_expr (bases[k]) : bases[k];
      tree cell = fold_build_pointer_plus (start,
					   fold_build2 (PLUS_EXPR, sizetype,
							los[k], off));
      cell = force_gimple_operand_gsi (&g, cell, true, NULL_TREE, true,
				       GSI_SAME_STMT);
      tree acc = make_ssa_name (type);
      gsi_insert_before (&g, gimple_build_assign (acc, ar_mem (type, cell)),
			 GSI_SAME_STMT);
      acc = ar_convert (&g, sum_type, acc);
      for (int th = 0; th < threads; th++)
	{
	  tree at_th = fold_build2 (PLUS_EXPR, sizetype,
				    fold_build2 (MULT_EXPR, sizetype,
						 build_int_cst (sizetype, th),
						 sizes[k]),
				    off);
	  tree from = fold_build_pointer_plus (bufs[k], at_th);
	  from = force_gimple_operand_gsi (&g, from, true, NULL_TREE, true,
					   GSI_SAME_STMT);
	  tree part = make_ssa_name (type);
	  gsi_insert_before (&g, gimple_build_assign (part, ar_mem (type, from)),
			     GSI_SAME_STMT);
	  part = ar_convert (&g, sum_type, part);
	  tree sum = make_ssa_name (sum_type);
	  gsi_insert_before (&g, gimple_build_assign (sum, PLUS_EXPR, acc, part),
			     GSI_SAME_STMT);
	  acc = sum;
	}
      acc = ar_convert (&g, type, acc);
      gsi_insert_before (&g, gimple_build_assign (ar_mem (type, unshare_expr (cell)),
						  acc),
			 GSI_SAME_STMT);
    }
  gimple_stmt_iterator fin = gsi_after_labels (done);
  for (tree buf : bufs)
    gsi_insert_before (&fin, gimple_build_call (free_fn, 1, buf), GSI_SAME_STMT);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  scev_reset ();
  return 1;
}

/* Whether V, the value of an exit PHI of LOOP, is one the loop does not
   compute (a constant, a value from before it) or computes alike in
   every iteration: an assignment with no memory access, no side effect
   and operands from before the loop.  */
static bool
rx_recomputable (tree v, class loop *loop)
{
  if (TREE_CODE (v) != SSA_NAME)
    return is_gimple_min_invariant (v);
  if (virtual_operand_p (v))
    return false;
  if (defined_outside (v, loop))
    return true;
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (!is_gimple_assign (def) || gimple_vuse (def)
      || gimple_has_side_effects (def) || stmt_could_throw_p (cfun, def))
    return false;
  for (unsigned i = 1; i < gimple_num_ops (def); i++)
    {
      tree op = gimple_op (def, i);
      if (!op || !(TREE_CODE (op) == SSA_NAME ? defined_outside (op, loop)
					       : is_gimple_min_invariant (op)))
	return false;
    }
  return true;
}

unsigned
gp_loop_recompute_exit_values (unsigned num)
{
  class loop *loop = get_loop (cfun, num);
  edge exit = loop ? single_exit (loop) : NULL;
  if (!exit)
    return 0;
  /* Nothing changes unless some exit value is one.  */
  bool any = false;
  for (gphi_iterator pi = gsi_start_phis (exit->dest); !gsi_end_p (pi) && !any;
       gsi_next (&pi))
    any = rx_recomputable (PHI_ARG_DEF_FROM_EDGE (pi.phi (), exit), loop);
  if (!any)
    return 0;
  /* A block of its own after the exit, whose PHIs have one argument each:
     theirs are the values the loop hands out.  */
  calculate_dominance_info (CDI_DOMINATORS);
  basic_block after = split_loop_exit_edge (exit, true);
  edge in = single_pred_edge (after);
  gimple_stmt_iterator at = gsi_after_labels (after);
  unsigned n = 0;
  for (gphi_iterator pi = gsi_start_phis (after); !gsi_end_p (pi);)
    {
      gphi *phi = pi.phi ();
      tree v = PHI_ARG_DEF_FROM_EDGE (phi, in);
      if (!rx_recomputable (v, loop))
	{
	  gsi_next (&pi);
	  continue;
	}
      tree value = v;
      if (TREE_CODE (v) == SSA_NAME && !defined_outside (v, loop))
	{
	  gimple *copy = gimple_copy (SSA_NAME_DEF_STMT (v));
	  value = make_ssa_name (TREE_TYPE (gimple_phi_result (phi)));
	  gimple_assign_set_lhs (copy, value);
	  gsi_insert_before (&at, copy, GSI_SAME_STMT);
	  update_stmt (copy);
	}
      replace_uses_by (gimple_phi_result (phi), value);
      remove_phi_node (&pi, true);
      n++;
    }
  return n;
}

/* The values of the cycle of header PHI ROOT of LOOP, ROOT's result first,
   into NAMES: every value computed from one of them in LOOP by a PHI, or by
   an assignment ASSIGN_OK (gassign *, tree used) accepts, all of ROOT's
   type.  False where a value is used after LOOP by a statement OUTSIDE_OK
   (gimple *, tree used) does not accept, where the cycle holds more than
   64 values, where a PHI of the cycle takes a value from outside it, or
   where it does not lead back to ROOT along the latch.  */
template <typename AssignOk, typename OutsideOk>
static bool
cycle_values (class loop *loop, gphi *root, auto_vec<tree> &names,
	      AssignOk assign_ok, OutsideOk outside_ok)
{
  tree type = TREE_TYPE (gimple_phi_result (root));
  hash_set<tree> in;
  names.safe_push (gimple_phi_result (root));
  in.add (gimple_phi_result (root));
  for (unsigned k = 0; k < names.length (); k++)
    {
      if (names.length () > 64 || SSA_NAME_OCCURS_IN_ABNORMAL_PHI (names[k]))
	return false;
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, names[k])
	{
	  gimple *s = USE_STMT (use);
	  if (is_gimple_debug (s) || s == root)
	    continue;
	  if (!flow_bb_inside_loop_p (loop, gimple_bb (s)))
	    {
	      if (!outside_ok (s, names[k]))
		return false;
	      continue;
	    }
	  tree lhs;
	  if (gphi *phi = dyn_cast<gphi *> (s))
	    lhs = gimple_phi_result (phi);
	  else if (gassign *a = dyn_cast<gassign *> (s))
	    {
	      if (!assign_ok (a, names[k]))
		return false;
	      lhs = gimple_assign_lhs (a);
	    }
	  else
	    return false;
	  if (TREE_CODE (lhs) != SSA_NAME
	      || !types_compatible_p (TREE_TYPE (lhs), type))
	    return false;
	  if (!in.add (lhs))
	    names.safe_push (lhs);
	}
    }
  for (unsigned k = 1; k < names.length (); k++)
    if (gphi *phi = dyn_cast<gphi *> (SSA_NAME_DEF_STMT (names[k])))
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	if (!in.contains (gimple_phi_arg_def (phi, i)))
	  return false;
  tree back = PHI_ARG_DEF_FROM_EDGE (root, loop_latch_edge (loop));
  return TREE_CODE (back) == SSA_NAME && in.contains (back);
}

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
static tree
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

/* Whether U, in LOOP, converts V to a 64-bit integer type.  */
static bool
wc_conversion (class loop *loop, gimple *u, tree v)
{
  gassign *a = dyn_cast<gassign *> (u);
  return a && flow_bb_inside_loop_p (loop, gimple_bb (a))
	 && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (a))
	 && gimple_assign_rhs1 (a) == v
	 && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_lhs (a)))
	 && TYPE_PRECISION (TREE_TYPE (gimple_assign_lhs (a))) == 64;
}

unsigned
gp_loop_wide_counters (unsigned num)
{
  class loop *loop = get_loop (cfun, num);
  if (!loop || loop->inner || !loop->latch || !loop_preheader_edge (loop))
    return 0;
  unsigned n = 0;
  auto_vec<gphi *> counters;
  for (gphi_iterator pi = gsi_start_phis (loop->header); !gsi_end_p (pi);
       gsi_next (&pi))
    counters.safe_push (pi.phi ());
  for (gphi *phi : counters)
    {
      tree i = gimple_phi_result (phi), type = TREE_TYPE (i);
      affine_iv iv;
      if (virtual_operand_p (i) || TREE_CODE (type) != INTEGER_TYPE
	  || TYPE_PRECISION (type) >= 64 || !TYPE_OVERFLOW_UNDEFINED (type)
	  || !simple_iv (loop, loop, i, &iv, false) || !iv.no_overflow
	  || TREE_CODE (iv.step) != INTEGER_CST)
	continue;
      /* Its conversions to 64 bits, direct or of I plus a value from
	 before the loop (no overflow in TYPE, so that the sum converts
	 as its parts do).  */
      auto_vec<gassign *> convs;
      auto_vec<tree> offsets;
      imm_use_iterator it;
      use_operand_p use;
      FOR_EACH_IMM_USE_FAST (use, it, i)
	{
	  gimple *u = USE_STMT (use);
	  if (wc_conversion (loop, u, i))
	    {
	      convs.safe_push (as_a<gassign *> (u));
	      offsets.safe_push (NULL_TREE);
	      continue;
	    }
	  gassign *sum = dyn_cast<gassign *> (u);
	  if (!sum || gimple_assign_rhs_code (sum) != PLUS_EXPR
	      || !flow_bb_inside_loop_p (loop, gimple_bb (sum)))
	    continue;
	  tree other = gimple_assign_rhs1 (sum) == i ? gimple_assign_rhs2 (sum)
						     : gimple_assign_rhs1 (sum);
	  if (other == i || !defined_outside (other, loop)
	      || !types_compatible_p (TREE_TYPE (gimple_assign_lhs (sum)), type))
	    continue;
	  imm_use_iterator it2;
	  use_operand_p use2;
	  FOR_EACH_IMM_USE_FAST (use2, it2, gimple_assign_lhs (sum))
	    if (wc_conversion (loop, USE_STMT (use2), gimple_assign_lhs (sum))
		&& !convs.contains (as_a<gassign *> (USE_STMT (use2))))
	      {
		convs.safe_push (as_a<gassign *> (USE_STMT (use2)));
		offsets.safe_push (other);
	      }
	}
      if (convs.is_empty ())
	continue;
      /* One counter per 64-bit type, started at the converted start with
	 the converted step: its value is (W) I in every iteration.  */
      tree init = PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (loop));
      auto_vec<tree> wides, befores;
      for (unsigned k = 0; k < convs.length (); k++)
	{
	  tree w = TREE_TYPE (gimple_assign_lhs (convs[k]));
	  tree before = NULL_TREE;
	  for (unsigned j = 0; j < wides.length (); j++)
	    if (types_compatible_p (wides[j], w))
	      before = befores[j];
	  if (!before)
	    {
	      gimple_stmt_iterator incr;
	      bool after;
	      standard_iv_increment_position (loop, &incr, &after);
	      create_iv (fold_convert (w, init), fold_convert (w, iv.step),
			 NULL_TREE, loop, &incr, after, &before, NULL);
	      wides.safe_push (w);
	      befores.safe_push (before);
	    }
	  gimple_stmt_iterator at = gsi_for_stmt (convs[k]);
	  if (offsets[k])
	    {
	      hash_map<tree, tree> none;
	      tree off = wr_operand (offsets[k], w, none, &at, NULL);
	      gimple_assign_set_rhs_with_ops (&at, PLUS_EXPR, before, off);
	    }
	  else
	    gimple_assign_set_rhs_from_tree (&at, before);
	  update_stmt (gsi_stmt (at));
	  n++;
	}
    }
  return n;
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
  gp_cleanup_cfg = true;
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
  vect_loop_form_info form;
  if (!reduces || vect_analyze_loop_form (o, &form))
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
  initialize_original_copy_tables ();
  class loop *copy = version_loop (o, cond);
  free_original_copy_tables ();
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
  vect_loop_form_info form;
  if (loop->inner && !any_nest && !vect_analyze_loop_form (loop, &form))
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

int
gp_parallelize_loops_threads (void)
{
  return flag_tree_parallelize_loops;
}

unsigned
gp_sizetype_precision (void)
{
  return TYPE_PRECISION (sizetype);
}

int
gp_loop_interchange_enabled (void)
{
  /* As GCC's own: on at -O3, where the vectorizer may version loops for
     aliasing and so use the stride-1 loops it makes (at -O2 its very
     cheap cost model does not: examples/demo.c's product ran slower
     interchanged).  */
  return flag_loop_interchange;
}

int
gp_loop_jam_enabled (void)
{
  /* As GCC's own unroll-and-jam: on at -O3.  */
  return flag_unroll_jam;
}

/* --- Interchange.  ---------------------------------------------------- */

/* A counter: a header PHI whose value is BASE + STEP * iteration; in a
   wavefront's inner loop BASE may move with the outer loop's iteration A:
   BASE + MOVE * A (MOVE NULL: it does not).  */
struct ix_counter
{
  gphi *phi;
  tree base;
  tree step;
  tree move;
};

/* Loop properties an interchange would invalidate.  */
static bool
ix_marked (class loop *l)
{
  return l->safelen > 0 || l->constraints != 0 || l->can_be_parallel
	 || l->dont_vectorize || l->force_vectorize
	 || l->in_oacc_kernels_region || l->simduid != NULL_TREE;
}

/* L's one exit when the block it leaves from ends in a condition and runs
   on every iteration.  */
static edge
ix_exit (class loop *l)
{
  edge e = single_dom_exit (l);
  if (!e || !(e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE))
      || EDGE_COUNT (e->src->succs) != 2
      || !last_stmt (e->src)
      || gimple_code (last_stmt (e->src)) != GIMPLE_COND)
    return NULL;
  return e;
}

/* The comparison under which the loop of exit X goes on (X's test, or
   its inverse where X leaves when it holds), its operands in *A and *B.  */
static enum tree_code
exit_go_on (edge x, tree *a, tree *b)
{
  gcond *cond = as_a<gcond *> (last_stmt (x->src));
  enum tree_code go_on = gimple_cond_code (cond);
  if (x->flags & EDGE_TRUE_VALUE)
    go_on = invert_tree_comparison (go_on, false);
  *a = gimple_cond_lhs (cond);
  *b = gimple_cond_rhs (cond);
  return go_on;
}

/* L's exit (ix_exit) where its test ends each iteration: the latch, empty,
   comes right after it (what follows the test runs only when L goes on);
   NULL otherwise.  */
static edge
exit_tested_last (class loop *l)
{
  edge x = ix_exit (l);
  if (!x || !l->latch || !single_pred_p (l->latch) || single_pred (l->latch) != x->src
      || !gsi_end_p (gsi_start_phis (l->latch))
      || !gsi_end_p (gsi_start_nondebug_bb (l->latch)))
    return NULL;
  return x;
}

/* Whether NEXT is RES + 1, computed by an assignment (in block IN where IN
   is not NULL).  */
static bool
next_of_step_one (tree res, tree next, basic_block in)
{
  gassign *inc = TREE_CODE (next) == SSA_NAME ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (next)) : NULL;
  return inc && (!in || gimple_bb (inc) == in) && gimple_assign_rhs_code (inc) == PLUS_EXPR
	 && gimple_assign_rhs1 (inc) == res && integer_onep (gimple_assign_rhs2 (inc));
}

/* Whether TYPE suits a counter whose values the rewrites compute in 64
   bits: signed (overflow undefined), integral, at most 32 bits.  */
static bool
small_signed_counter_type (tree type)
{
  return INTEGRAL_TYPE_P (type) && TYPE_OVERFLOW_UNDEFINED (type) && TYPE_PRECISION (type) <= 32;
}

/* The block after B when B is an empty forwarder, else B.  */
static basic_block
ix_through (basic_block b)
{
  if (b && single_succ_p (b) && gsi_end_p (gsi_start_phis (b))
      && gsi_end_p (gsi_start_nondebug_bb (b)))
    return single_succ (b);
  return b;
}

/* L's latch count as an expression over values defined before OUTER's
   preheader (OUTER is L or contains it), or NULL.  */
static tree
ix_count (class loop *l, class loop *outer)
{
  tree n = number_of_latch_executions (l);
  if (!n || chrec_contains_undetermined (n))
    return NULL_TREE;
  n = analyze_scalar_evolution (loop_outer (l), n);
  n = instantiate_scev (loop_preheader_edge (outer), loop_outer (l), n);
  if (!n || chrec_contains_undetermined (n) || tree_contains_chrecs (n, NULL)
      || chrec_contains_symbols_defined_in_loop (n, outer->num)
      || !INTEGRAL_TYPE_P (TREE_TYPE (n)))
    return NULL_TREE;
  return n;
}

/* L's header PHIs: counters (over values defined before OUTER) into
   COUNTERS; at most one other, into *OTHER when OTHER is given.  With
   MOVING (L inside OUTER), a counter's start value may move with OUTER's
   iteration by a constant.  */
static bool
ix_counters (class loop *l, class loop *outer, vec<ix_counter> *counters,
	     gphi **other, bool moving = false)
{
  edge pe = loop_preheader_edge (outer);
  for (gphi_iterator gsi = gsi_start_phis (l->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      tree var = PHI_RESULT (phi);
      if (virtual_operand_p (var))
	continue;
      tree ev = instantiate_scev (pe, l, analyze_scalar_evolution (l, var));
      tree base = NULL_TREE, move = NULL_TREE;
      if ((INTEGRAL_TYPE_P (TREE_TYPE (var)) || POINTER_TYPE_P (TREE_TYPE (var)))
	  && ev && !chrec_contains_undetermined (ev)
	  && TREE_CODE (ev) == POLYNOMIAL_CHREC
	  && CHREC_VARIABLE (ev) == (unsigned) l->num
	  && TREE_CODE (CHREC_RIGHT (ev)) == INTEGER_CST)
	{
	  base = CHREC_LEFT (ev);
	  if (moving && TREE_CODE (base) == POLYNOMIAL_CHREC
	      && CHREC_VARIABLE (base) == (unsigned) outer->num
	      && TREE_CODE (CHREC_RIGHT (base)) == INTEGER_CST)
	    {
	      move = CHREC_RIGHT (base);
	      base = CHREC_LEFT (base);
	    }
	  if (tree_contains_chrecs (base, NULL)
	      || chrec_contains_symbols_defined_in_loop (base, outer->num))
	    base = NULL_TREE;
	}
      if (base)
	{
	  counters->safe_push ({phi, base, CHREC_RIGHT (ev), move});
	  continue;
	}
      if (!other || *other)
	return false;
      *other = phi;
    }
  return true;
}

/* Whether a counter never takes its first value again within the loop:
   undefined overflow, a pointer, or a step of one.  */
static bool
ix_first_value_once (const ix_counter &c)
{
  tree type = TREE_TYPE (PHI_RESULT (c.phi));
  if (integer_zerop (c.step))
    return false;
  return POINTER_TYPE_P (type) || TYPE_OVERFLOW_UNDEFINED (type)
	 || integer_onep (c.step) || integer_minus_onep (c.step);
}

/* The running value of the inner loop N of pair O/N: the PHI RED,
   carried into the next iteration as NEXT and stored to REF by STORE,
   either in N on every iteration, or once after N (in O's exit block X,
   STORE_AFTER, of LCSSA's PHI LCSSA); on entry either LOAD's value (a
   load of REF in O's header) or the invariant INIT (then INIT_STORE, when
   not NULL, stores it to REF in O's header).  */
struct ix_running
{
  gphi *red;
  tree next;
  gimple *store;
  bool store_after;
  gphi *lcssa;
  tree ref;
  gimple *load;
  tree init;
  gimple *init_store;
};

/* Whether SSA value U can be computed at the start of N's header once
   O's own statements move there: defined before O, in O's header or N's
   preheader P, or (with ALSO_X) by a statement of O's exit block X whose
   operands can.  */
static bool
ix_available_at_entry (tree u, class loop *o, basic_block p, basic_block x,
		       bool also_x, unsigned depth)
{
  if (defined_outside (u, o))
    return true;
  if (TREE_CODE (u) != SSA_NAME)
    return false;
  gimple *d = SSA_NAME_DEF_STMT (u);
  basic_block b = gimple_bb (d);
  if (b == o->header || b == p)
    return true;
  if (!also_x || b != x || depth > 16 || !is_gimple_assign (d))
    return false;
  ssa_op_iter oi;
  tree v;
  FOR_EACH_SSA_TREE_OPERAND (v, d, oi, SSA_OP_USE)
    if (!ix_available_at_entry (v, o, p, x, true, depth + 1))
      return false;
  return true;
}

/* Fills R for PHI RED of N (X: O's exit block, N's exit's destination; P:
   N's preheader); false when it is not such a value.  */
static bool
ix_running_value (class loop *o, class loop *n, basic_block p, basic_block x,
		  gphi *red, ix_running *r)
{
  r->red = red;
  r->load = r->init_store = r->store = NULL;
  r->lcssa = NULL;
  r->store_after = false;
  r->init = PHI_ARG_DEF_FROM_EDGE (red, loop_preheader_edge (n));
  r->next = PHI_ARG_DEF_FROM_EDGE (red, loop_latch_edge (n));
  tree res = PHI_RESULT (red);
  if (TREE_CODE (r->next) != SSA_NAME)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (r->next);
  basic_block rb = gimple_bb (def);
  if (!is_gimple_assign (def) || !rb || !flow_bb_inside_loop_p (n, rb))
    return false;
  edge ne = single_exit (n);
  if (!dominated_by_p (CDI_DOMINATORS, ne->src, rb))
    return false;
  /* N's only store, if any, stores NEXT in NEXT's block.  */
  basic_block *bbs = get_loop_body (n);
  bool ok = true;
  for (unsigned i = 0; ok && i < n->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (is_gimple_debug (s))
	  continue;
	if (is_gimple_call (s) || gimple_has_volatile_ops (s))
	  ok = false;
	else if (gimple_vdef (s))
	  {
	    if (r->store || !gimple_assign_single_p (s)
		|| gimple_assign_rhs1 (s) != r->next || bbs[i] != rb)
	      ok = false;
	    r->store = s;
	  }
      }
  free (bbs);
  if (!ok)
    return false;
  if (!r->store)
    {
      /* Stored after N: X's one PHI is NEXT's, X's one store stores it.  */
      if (ne->dest != x)
	return false;
      for (gphi_iterator g = gsi_start_phis (x); !gsi_end_p (g); gsi_next (&g))
	if (!virtual_operand_p (PHI_RESULT (g.phi ())))
	  {
	    if (r->lcssa || PHI_ARG_DEF_FROM_EDGE (g.phi (), ne) != r->next)
	      return false;
	    r->lcssa = g.phi ();
	  }
      if (!r->lcssa || !has_single_use (PHI_RESULT (r->lcssa)))
	return false;
      use_operand_p up;
      gimple *user;
      if (!single_imm_use (PHI_RESULT (r->lcssa), &up, &user)
	  || gimple_bb (user) != x || !gimple_assign_single_p (user)
	  || !gimple_vdef (user) || gimple_has_volatile_ops (user)
	  || gimple_assign_rhs1 (user) != PHI_RESULT (r->lcssa))
	return false;
      r->store = user;
      r->store_after = true;
    }
  r->ref = gimple_assign_lhs (r->store);
  if (TREE_CODE (r->ref) == SSA_NAME || TREE_THIS_VOLATILE (r->ref)
      || !useless_type_conversion_p (TREE_TYPE (res), TREE_TYPE (r->ref)))
    return false;
  /* The cell's address can be computed on entry to N.  */
  ssa_op_iter oi;
  tree u;
  FOR_EACH_SSA_TREE_OPERAND (u, r->store, oi, SSA_OP_USE)
    if (u != r->next && (!r->lcssa || u != PHI_RESULT (r->lcssa))
	&& !ix_available_at_entry (u, o, p, x, r->store_after, 0))
      return false;
  /* Every use of RES comes before the store in its block (for a store
     after N, where it will be: right after NEXT's definition), so that
     the cell holds RES there.  */
  gimple *limit = r->store_after ? def : r->store;
  imm_use_iterator it;
  use_operand_p up;
  FOR_EACH_IMM_USE_FAST (up, it, res)
    {
      gimple *s = USE_STMT (up);
      if (is_gimple_debug (s))
	continue;
      if (gimple_bb (s) != rb || gimple_code (s) == GIMPLE_PHI)
	return false;
      bool before = false;
      for (gimple_stmt_iterator g = gsi_for_stmt (s); !gsi_end_p (g);
	   gsi_next (&g))
	if (gsi_stmt (g) == limit)
	  before = true;
      if (!before || s == r->store)
	return false;
    }
  /* On entry: a load of the cell in O's header used only here, or an
     invariant value.  */
  if (TREE_CODE (r->init) == SSA_NAME && !defined_outside (r->init, o))
    {
      gimple *ld = SSA_NAME_DEF_STMT (r->init);
      if (gimple_bb (ld) != o->header || !gimple_assign_single_p (ld)
	  || !gimple_vuse (ld) || gimple_has_volatile_ops (ld)
	  || !has_single_use (r->init)
	  || !operand_equal_p (gimple_assign_rhs1 (ld), r->ref, 0))
	return false;
      r->load = ld;
    }
  else if (!defined_outside (r->init, o))
    return false;
  return true;
}

/* Whether statement S of O's own blocks may run inside the inner loop
   instead (once per inner iteration, the inner loop always entered, on
   the same operands): no memory, no call, nothing that may trap but a
   floating-point operation, whose exceptions are sticky flags that
   running it again with the same operands leaves as they were.  */
static bool
ix_movable (gimple *s)
{
  if (!is_gimple_assign (s) || gimple_vuse (s) || gimple_vdef (s)
      || gimple_has_side_effects (s))
    return false;
  if (!gimple_could_trap_p (s))
    return true;
  tree lhs = gimple_assign_lhs (s);
  return !cfun->can_throw_non_call_exceptions && !flag_signaling_nans
	 && (FLOAT_TYPE_P (TREE_TYPE (lhs))
	     || FLOAT_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (s))))
	 && gimple_assign_rhs_code (s) != FIX_TRUNC_EXPR;
}

/* Replaces counter C's PHI by VALUE, defined in loop L's header or before
   (debug uses outside L are reset); its update goes into DEAD.  */
static void
ix_replace_counter (const ix_counter &c, tree value, class loop *l,
		    bitmap dead)
{
  tree var = PHI_RESULT (c.phi);
  imm_use_iterator it;
  use_operand_p up;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, var)
    {
      if (is_gimple_debug (use) && !flow_bb_inside_loop_p (l, gimple_bb (use)))
	{
	  gimple_debug_bind_reset_value (use);
	  update_stmt (use);
	  continue;
	}
      FOR_EACH_IMM_USE_ON_STMT (up, it)
	SET_USE (up, value);
      update_stmt (use);
    }
  tree latch_arg
    = PHI_ARG_DEF_FROM_EDGE (c.phi,
			     loop_latch_edge (gimple_bb (c.phi)->loop_father));
  if (TREE_CODE (latch_arg) == SSA_NAME)
    bitmap_set_bit (dead, SSA_NAME_VERSION (latch_arg));
  gimple_stmt_iterator g = gsi_for_stmt (c.phi);
  remove_phi_node (&g, true);
}

/* Gives the counter C a copy in loop TO (incremented before TO_EXIT's
   test) and removes it; its uses take the copy.  */
static void
ix_move_counter (const ix_counter &c, class loop *to, edge to_exit,
		 bitmap dead)
{
  gimple_stmt_iterator incr = gsi_last_bb (to_exit->src);
  tree before, after;
  create_iv (unshare_expr (c.base), unshare_expr (c.step),
	     SSA_NAME_VAR (PHI_RESULT (c.phi)), to, &incr, false, &before,
	     &after);
  ix_replace_counter (c, before, to, dead);
}

/* A perfect pair: loop O, its only inner loop N (innermost); O's header
   H, exit block X and latch L; N's preheader P (H or an empty block after
   it), entered under GUARD (invariant in O) unless SKIP, its other edge,
   is taken; the latch counts; the counters; the running value RED of N
   when there is one (with FIRST, a counter of N whose start value comes
   only in the first iteration).  */
struct ix_pair
{
  class loop *o, *n;
  edge oe, ne;
  basic_block h, x, l, p;
  gcond *guard;
  edge skip;
  tree o_count, n_count;
  auto_vec<ix_counter> o_counters, n_counters;
  gphi *red;
  ix_running run;
  const ix_counter *first;
};

/* Fills PP's loops and blocks for loop OUTER and says whether they have a
   perfect pair's shape.  With MARKED_OK, OUTER may be marked
   can_be_parallel.  With NESTED (a wavefront's pair), the inner loop may
   hold loops and its entry guard may vary in OUTER.  */
static gp_interchange_status
ix_shape (unsigned outer, bool marked_ok, bool nested, ix_pair *pp)
{
  class loop *o = get_loop (cfun, outer);
  if (!o || !o->inner || o->inner->next || (o->inner->inner && !nested))
    return GP_IX_NOT_PERFECT;
  class loop *n = o->inner;
  bool was_marked = o->can_be_parallel;
  if (marked_ok)
    o->can_be_parallel = false;
  bool marked = ix_marked (o);
  o->can_be_parallel = was_marked;
  edge oe = ix_exit (o), ne = ix_exit (n);
  basic_block h = o->header, x = oe ? oe->src : NULL, l = o->latch;
  if (marked || ix_marked (n) || !oe || !ne || x == h || !single_pred_p (l)
      || single_pred (l) != x || !single_succ_p (l)
      || EDGE_COUNT (h->preds) != 2)
    return GP_IX_NOT_PERFECT;
  /* N's preheader: O's header, or a block after it.  Its entry may be
     guarded by a condition invariant in O (the inner trip count's test),
     whose other edge skips to X.  */
  basic_block p = loop_preheader_edge (n)->src;
  gcond *guard = NULL;
  edge skip = NULL;
  if (p != h && (!single_pred_p (p) || single_pred (p) != h))
    return GP_IX_NOT_PERFECT;
  if (!single_succ_p (h))
    {
      gimple *last = last_stmt (h);
      if (p == h || !last || gimple_code (last) != GIMPLE_COND
	  || EDGE_COUNT (h->succs) != 2)
	return GP_IX_NOT_PERFECT;
      guard = as_a<gcond *> (last);
      skip = EDGE_SUCC (h, 0)->dest == p ? EDGE_SUCC (h, 1) : EDGE_SUCC (h, 0);
      if ((!nested && !defined_outside (gimple_cond_lhs (guard), o))
	  || (!nested && !defined_outside (gimple_cond_rhs (guard), o))
	  || !(skip->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)))
	return GP_IX_NOT_PERFECT;
    }
  /* N's exit and the skip reach X directly or through empty forwarders of
     their own; for a wavefront's pair (whose guard goes) they may also
     meet in one empty block before X, with only virtual PHIs.  */
  basic_block m = ne->dest;
  if (nested && skip && skip->dest == m && m != x)
    {
      if (!single_succ_p (m) || single_succ (m) != x
	  || EDGE_COUNT (m->preds) != 2 || EDGE_COUNT (x->preds) != 1
	  || !gsi_end_p (gsi_start_nondebug_after_labels_bb (m))
	  || o->num_nodes != n->num_nodes + 4 + (p != h))
	return GP_IX_NOT_PERFECT;
      for (gphi_iterator g = gsi_start_phis (m); !gsi_end_p (g); gsi_next (&g))
	if (!virtual_operand_p (PHI_RESULT (g.phi ())))
	  return GP_IX_NOT_PERFECT;
    }
  else if (ix_through (ne->dest) != x
	   || (skip && ix_through (skip->dest) != x)
	   || o->num_nodes != (n->num_nodes + 3 + (p != h) + (ne->dest != x)
			       + (skip && skip->dest != x))
	   || EDGE_COUNT (x->preds) != (guard ? 2 : 1)
	   || (ne->dest != x && !single_pred_p (ne->dest))
	   || (skip && skip->dest != x && !single_pred_p (skip->dest)))
    return GP_IX_NOT_PERFECT;
  for (gimple_stmt_iterator g = gsi_start_nondebug_bb (l); !gsi_end_p (g);
       gsi_next_nondebug (&g))
    return GP_IX_NOT_PERFECT;
  pp->o = o;
  pp->n = n;
  pp->oe = oe;
  pp->ne = ne;
  pp->h = h;
  pp->x = x;
  pp->l = l;
  pp->p = p;
  pp->guard = guard;
  pp->skip = skip;
  pp->red = NULL;
  pp->first = NULL;
  pp->run = {};
  return GP_IX_OK;
}

/* Whether O's own code lets the pair be transformed: no value of the pair
   leaves it or the inner loop but by memory (or as PP's running value),
   and O's own statements may move into the inner loop.  */
static gp_interchange_status
ix_own_code (ix_pair *pp)
{
  class loop *o = pp->o;
  edge oe = pp->oe;
  basic_block h = pp->h, x = pp->x, p = pp->p;
  gcond *guard = pp->guard;
  ix_running &run = pp->run;
  /* No value of the pair leaves it or the inner loop but by memory.  */
  for (gphi_iterator g = gsi_start_phis (x); !gsi_end_p (g); gsi_next (&g))
    if (!virtual_operand_p (PHI_RESULT (g.phi ())) && g.phi () != run.lcssa)
      return GP_IX_OUTER_CODE;
  for (gphi_iterator g = gsi_start_phis (oe->dest); !gsi_end_p (g);
       gsi_next (&g))
    {
      tree a = PHI_ARG_DEF_FROM_EDGE (g.phi (), oe);
      if (!virtual_operand_p (PHI_RESULT (g.phi ())) && !defined_outside (a, o))
	return GP_IX_OUTER_CODE;
    }
  /* O's own statements: movable, but for the running value's load or the
     store of its initial value.  */
  auto_vec<basic_block, 3> own;
  own.quick_push (h);
  if (p != h)
    own.quick_push (p);
  own.quick_push (x);
  for (basic_block bb : own)
    for (gimple_stmt_iterator g = gsi_start_nondebug_after_labels_bb (bb);
	 !gsi_end_p (g); gsi_next_nondebug (&g))
      {
	gimple *s = gsi_stmt (g);
	if ((bb == x && s == last_stmt (x)) || s == guard)
	  continue;
	if (pp->red && (s == run.load || (run.store_after && s == run.store)))
	  continue;
	if (pp->red && !run.load && !run.init_store && bb == h
	    && gimple_assign_single_p (s) && gimple_vdef (s)
	    && !gimple_has_volatile_ops (s)
	    && operand_equal_p (gimple_assign_lhs (s), run.ref, 0)
	    && operand_equal_p (gimple_assign_rhs1 (s), run.init, 0))
	  {
	    run.init_store = s;
	    continue;
	  }
	if (!ix_movable (s))
	  return GP_IX_OUTER_CODE;
      }
  return GP_IX_OK;
}

/* Fills PP for loop OUTER and says whether the pair can be transformed.
   With MARKED_OK, OUTER may be marked can_be_parallel.  */
static gp_interchange_status
ix_analyse (unsigned outer, bool marked_ok, ix_pair *pp)
{
  gp_interchange_status status = ix_shape (outer, marked_ok, false, pp);
  if (status != GP_IX_OK)
    return status;
  class loop *o = pp->o, *n = pp->n;
  pp->o_count = ix_count (o, o);
  pp->n_count = ix_count (n, o);
  if (!pp->o_count || !pp->n_count)
    return GP_IX_COUNT;

  if (!ix_counters (o, o, &pp->o_counters, NULL)
      || !ix_counters (n, o, &pp->n_counters, &pp->red))
    return GP_IX_CARRIED;
  if (pp->red)
    {
      for (const ix_counter &c : pp->n_counters)
	if (!pp->first && ix_first_value_once (c))
	  pp->first = &c;
      if (!pp->first
	  || !ix_running_value (o, n, pp->p, pp->x, pp->red, &pp->run))
	return GP_IX_CARRIED;
    }
  return ix_own_code (pp);
}

/* Removes the guard of N's entry (where it always holds): O's header then
   always goes on to N.  */
static void
ix_drop_guard (ix_pair *pp)
{
  gimple_stmt_iterator g = gsi_for_stmt (pp->guard);
  gsi_remove (&g, true);
  if (pp->skip->dest != pp->x && single_pred_p (pp->skip->dest))
    delete_basic_block (pp->skip->dest);
  else
    remove_edge (pp->skip);
  edge e = single_succ_edge (pp->h);
  e->flags &= ~(EDGE_TRUE_VALUE | EDGE_FALSE_VALUE);
  e->flags |= EDGE_FALLTHRU;
  e->probability = profile_probability::always ();
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  pp->guard = NULL;
  pp->skip = NULL;
}

/* Versions O on the guard of N's entry, when there is one; in O, the copy
   where it holds, N is then always entered.  False when versioning
   failed (nothing changed).  */
static bool
ix_enter_always (ix_pair *pp)
{
  if (!pp->guard)
    return true;
  gcond *guard = pp->guard;
  tree enter = build2 (gimple_cond_code (guard), boolean_type_node,
		       unshare_expr (gimple_cond_lhs (guard)),
		       unshare_expr (gimple_cond_rhs (guard)));
  if (pp->skip->flags & EDGE_TRUE_VALUE)
    enter = invert_truthvalue (enter);
  initialize_original_copy_tables ();
  class loop *copy = version_loop (pp->o, enter);
  free_original_copy_tables ();
  if (!copy)
    return false;
  ix_drop_guard (pp);
  return true;
}

/* Computes V before loop C's header; the value.  */
static tree
value_before (class loop *c, tree v)
{
  gimple_seq seq = NULL;
  v = force_gimple_operand (v, &seq, true, NULL_TREE);
  if (seq)
    gsi_insert_seq_on_edge_immediate (loop_preheader_edge (c), seq);
  return v;
}

/* Gimplifies the pair's counts before it.  */
static void
ix_counts_before (ix_pair *pp)
{
  for (tree *count : {&pp->o_count, &pp->n_count})
    *count = value_before (pp->o, unshare_expr (*count));
}

/* Moves O's own statements into N: the header's before TO (in N's
   header), the exit block's before N's exit test; their results go into
   DEAD as candidates for removal.  */
static void
ix_outer_code_into_inner (ix_pair *pp, gimple_stmt_iterator *to, bitmap dead)
{
  auto_vec<basic_block, 2> from;
  from.quick_push (pp->h);
  if (pp->p != pp->h)
    from.quick_push (pp->p);
  for (basic_block bb : from)
    {
      for (gimple_stmt_iterator g = gsi_after_labels (bb); !gsi_end_p (g);)
	{
	  gimple *s = gsi_stmt (g);
	  if (is_gimple_debug (s))
	    gsi_remove (&g, true);
	  else
	    gsi_move_before (&g, to);
	}
    }
  gimple_stmt_iterator at = gsi_last_bb (pp->ne->src);
  for (gimple_stmt_iterator g = gsi_after_labels (pp->x); !gsi_end_p (g);)
    {
      gimple *s = gsi_stmt (g);
      if (s == last_stmt (pp->x))
	break;
      if (is_gimple_debug (s))
	gsi_remove (&g, true);
      else
	{
	  if (gimple_get_lhs (s) && TREE_CODE (gimple_get_lhs (s)) == SSA_NAME)
	    bitmap_set_bit (dead, SSA_NAME_VERSION (gimple_get_lhs (s)));
	  gsi_move_before (&g, &at);
	}
    }
}

/* Whether F holds for a value (not virtual) defined in the blocks
   BBS[0..N), PHI results included; F is called on each until it does.  */
template <typename F>
static bool
any_value_defined (basic_block *bbs, unsigned n, F f)
{
  for (unsigned i = 0; i < n; i++)
    {
      for (gphi_iterator g = gsi_start_phis (bbs[i]); !gsi_end_p (g);
	   gsi_next (&g))
	if (!virtual_operand_p (PHI_RESULT (g.phi ()))
	    && f (PHI_RESULT (g.phi ())))
	  return true;
      for (gimple_stmt_iterator g = gsi_start_bb (bbs[i]); !gsi_end_p (g);
	   gsi_next (&g))
	{
	  def_operand_p def;
	  ssa_op_iter oi;
	  FOR_EACH_SSA_DEF_OPERAND (def, gsi_stmt (g), oi, SSA_OP_DEF)
	    if (f (DEF_FROM_PTR (def)))
	      return true;
	}
    }
  return false;
}

/* Debug statements outside the blocks REGION (IN holds them) that use a
   name defined in them lose their values: the names move into an
   outlined function, or are no longer computed before those statements
   run (a pair's statements moved into its inner loop, a copy of a loop
   that may not run).  */
static void
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
static void
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

/* After a transformation of the pair: cached counts and evolutions go.
   The upper bounds GCC recorded on the two loops (which
   free_numbers_of_iterations_estimates leaves) no longer hold where the
   loops now run other counts: the loop that ran a count of 3 may run
   another's, and that bound, copied with it into parloops' function, let
   cunroll unroll it 3 times (conv3d_lin's interchanged nest at -m32).
   With SKEW >= 0, O now runs at most SKEW * (O's latch count) + N's and N
   at most O's (interchange and wavefronts: SKEW 0, each loop the other's
   count; skewed pairs: the diagonals), and the bounds are carried over
   so: GCC's niter analysis needs them to see that the new counters do
   not wrap (without them parloops found nussinov's diagonals' count
   unknown, and seidel-2d's diagonals ran 8% slower).  With SKEW < 0
   (collapse) they go.  The estimates stay, as with GCC's own
   interchange: heuristics only.  Dead statements go, virtual operands are
   renamed.  */
static void
ix_finish (ix_pair *pp, bitmap dead, int skew)
{
  class loop *o = pp->o, *n = pp->n;
  bool both = o->any_upper_bound && n->any_upper_bound;
  bool both_likely = o->any_likely_upper_bound && n->any_likely_upper_bound;
  if (skew >= 0 && both)
    {
      widest_int ob = o->nb_iterations_upper_bound;
      o->nb_iterations_upper_bound = ob * skew + n->nb_iterations_upper_bound;
      n->nb_iterations_upper_bound = ob;
    }
  if (skew >= 0 && both_likely)
    {
      widest_int ob = o->nb_iterations_likely_upper_bound;
      o->nb_iterations_likely_upper_bound
	= ob * skew + n->nb_iterations_likely_upper_bound;
      n->nb_iterations_likely_upper_bound = ob;
    }
  o->any_upper_bound = n->any_upper_bound = skew >= 0 && both;
  o->any_likely_upper_bound = n->any_likely_upper_bound
    = skew >= 0 && both_likely;
  free_numbers_of_iterations_estimates (o);
  free_numbers_of_iterations_estimates (n);
  scev_reset_htab ();
  simple_dce_from_worklist (dead);
  /* Debug binds outside N of values N now computes (the debug temps GCC
     made of statements that moved into N, as they went) lose them.  */
  reset_debug_outside_loop (pp->n);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
}

gp_interchange_status
gp_loop_interchange (unsigned outer, int apply, gp_running_value *out)
{
  if (out)
    *out = {};
  ix_pair pair;
  ix_pair *pp = &pair;
  gp_interchange_status status = ix_analyse (outer, false, pp);
  if (status != GP_IX_OK)
    return status;
  class loop *o = pp->o, *n = pp->n;
  edge oe = pp->oe, ne = pp->ne;
  gphi *red = pp->red;
  ix_running &run = pp->run;
  if (red && out)
    {
      out->phi = to_gp (PHI_RESULT (red));
      out->next = to_gp (run.next);
      out->stored_after = run.store_after;
      out->lcssa = run.lcssa ? to_gp (PHI_RESULT (run.lcssa)) : NULL;
      out->store_block = pp->x->index;
    }
  if (!apply)
    return GP_IX_OK;
  if (!ix_enter_always (pp))
    return GP_IX_NOT_PERFECT;
  ix_counts_before (pp);
  tree o_count = pp->o_count, n_count = pp->n_count;
  const ix_counter *first = pp->first;

  auto_bitmap dead;
  /* The running value is stored every iteration and read back from its
     cell.  */
  if (red)
    {
      tree res = PHI_RESULT (red);
      if (run.store_after)
	{
	  gimple_stmt_iterator from = gsi_for_stmt (run.store);
	  gimple_stmt_iterator at = gsi_for_stmt (SSA_NAME_DEF_STMT (run.next));
	  unlink_stmt_vdef (run.store);
	  release_ssa_name (gimple_vdef (run.store));
	  gimple_set_vdef (run.store, NULL_TREE);
	  gimple_set_vuse (run.store, NULL_TREE);
	  gimple_assign_set_rhs1 (run.store, run.next);
	  gsi_move_after (&from, &at);
	  update_stmt (run.store);
	  gphi_iterator g = gsi_for_phi (run.lcssa);
	  remove_phi_node (&g, true);
	}
      gimple_stmt_iterator to = gsi_after_labels (n->header);
      tree val;
      if (run.load)
	{
	  gimple_stmt_iterator from = gsi_for_stmt (run.load);
	  gimple_set_vuse (run.load, NULL_TREE);
	  gsi_move_before (&from, &to);
	  update_stmt (run.load);
	  val = run.init;
	}
      else
	{
	  if (run.init_store)
	    {
	      gimple_stmt_iterator g = gsi_for_stmt (run.init_store);
	      unlink_stmt_vdef (run.init_store);
	      gsi_remove (&g, true);
	      release_defs (run.init_store);
	    }
	  tree cell = make_ssa_name (TREE_TYPE (res));
	  gimple *ld = gimple_build_assign (cell, unshare_expr (run.ref));
	  gsi_insert_before (&to, ld, GSI_SAME_STMT);
	  tree later = make_ssa_name (boolean_type_node);
	  tree counter = PHI_RESULT (first->phi);
	  tree start = PHI_ARG_DEF_FROM_EDGE (first->phi,
					      loop_preheader_edge (n));
	  gsi_insert_before (&to, gimple_build_assign (later, NE_EXPR, counter,
						       start),
			     GSI_SAME_STMT);
	  val = make_ssa_name (TREE_TYPE (res));
	  gsi_insert_before (&to, gimple_build_assign (val, COND_EXPR, later,
						       cell, run.init),
			     GSI_SAME_STMT);
	}
      if (run.store_after)
	{
	  /* The cell's address, computed in X, moves to N's start (before
	     the load of the cell just put there).  */
	  auto_bitmap needed;
	  ssa_op_iter oi;
	  tree u;
	  FOR_EACH_SSA_TREE_OPERAND (u, run.store, oi, SSA_OP_USE)
	    bitmap_set_bit (needed, SSA_NAME_VERSION (u));
	  auto_vec<gimple *> slice;
	  for (gimple_stmt_iterator gi = gsi_last_bb (pp->x); !gsi_end_p (gi);
	       gsi_prev (&gi))
	    {
	      gimple *d = gsi_stmt (gi);
	      tree lhs = is_gimple_assign (d) ? gimple_assign_lhs (d) : NULL_TREE;
	      if (!lhs || TREE_CODE (lhs) != SSA_NAME
		  || !bitmap_bit_p (needed, SSA_NAME_VERSION (lhs)))
		continue;
	      slice.safe_push (d);
	      FOR_EACH_SSA_TREE_OPERAND (u, d, oi, SSA_OP_USE)
		bitmap_set_bit (needed, SSA_NAME_VERSION (u));
	    }
	  gimple_stmt_iterator start = gsi_after_labels (n->header);
	  for (unsigned i = slice.length (); i-- > 0;)
	    {
	      gimple_stmt_iterator from2 = gsi_for_stmt (slice[i]);
	      gsi_move_before (&from2, &start);
	    }
	}
      imm_use_iterator it;
      use_operand_p up;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, res)
	{
	  if (is_gimple_debug (use))
	    {
	      gimple_debug_bind_reset_value (use);
	      update_stmt (use);
	      continue;
	    }
	  FOR_EACH_IMM_USE_ON_STMT (up, it)
	    SET_USE (up, val);
	  update_stmt (use);
	}
      gimple_stmt_iterator g = gsi_for_stmt (red);
      remove_phi_node (&g, true);
    }

  /* O's own statements run in N, before everything.  */
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  ix_outer_code_into_inner (pp, &to, dead);

  /* Each loop takes the other's counters and trip count.  */
  for (const ix_counter &c : pp->o_counters)
    ix_move_counter (c, n, ne, dead);
  for (const ix_counter &c : pp->n_counters)
    ix_move_counter (c, o, oe, dead);
  create_canonical_iv (o, oe, n_count);
  create_canonical_iv (n, ne, o_count);
  ix_finish (pp, dead, 0);
  return GP_IX_OK;
}

/* The value counter C takes in iteration K (an unsigned 64-bit value) of
   its loop, as an expression; for a start value that moves (C.move), in
   the outer loop's iteration A.  */
static tree
ix_counter_value (const ix_counter &c, tree k, tree a = NULL_TREE)
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

/* ix_counter_value's value, built before TO.  */
static tree
ix_counter_at (const ix_counter &c, tree k, gimple_stmt_iterator *to,
	       tree a = NULL_TREE)
{
  return force_gimple_operand_gsi (to, ix_counter_value (c, k, a), true,
				   NULL_TREE, true, GSI_SAME_STMT);
}

/* Fills PP for loop OUTER, a pair whose iterations are counted anew
   (collapse, skew): no running value, counts of at most 32 bits (their
   products and sums fit 64).  With APPLY, the pair is then versioned on
   the guard of its inner loop and its counts computed before it.  */
static gp_interchange_status
ix_recounted (unsigned outer, bool marked_ok, int apply, ix_pair *pp)
{
  gp_interchange_status status = ix_analyse (outer, marked_ok, pp);
  if (status != GP_IX_OK)
    return status;
  if (pp->red)
    return GP_IX_CARRIED;
  if (TYPE_PRECISION (TREE_TYPE (pp->o_count)) > 32
      || TYPE_PRECISION (TREE_TYPE (pp->n_count)) > 32)
    return GP_IX_COUNT;
  if (!apply)
    return GP_IX_OK;
  if (!ix_enter_always (pp))
    return GP_IX_NOT_PERFECT;
  ix_counts_before (pp);
  return GP_IX_OK;
}

gp_interchange_status
gp_loop_collapse (unsigned outer, int apply)
{
  ix_pair pair;
  ix_pair *pp = &pair;
  gp_interchange_status status = ix_recounted (outer, true, apply, pp);
  if (status != GP_IX_OK || !apply)
    return status;
  class loop *o = pp->o, *n = pp->n;

  /* Before the pair: N's trip count and the pair's latch count, in
     unsigned 64 bits.  */
  tree u64 = long_long_unsigned_type_node;
  tree one = build_int_cst (u64, 1);
  tree n_trips = fold_build2 (PLUS_EXPR, u64, fold_convert (u64, pp->n_count),
			      one);
  tree o_trips = fold_build2 (PLUS_EXPR, u64, fold_convert (u64, pp->o_count),
			      one);
  tree latch = fold_build2 (MINUS_EXPR, u64,
			    fold_build2 (MULT_EXPR, u64, o_trips, n_trips),
			    one);
  n_trips = value_before (o, n_trips);
  latch = value_before (o, latch);

  /* N counts K over both loops' iterations; O's counters take K / N's
     trips, N's K % N's trips.  */
  auto_bitmap dead;
  gimple_stmt_iterator incr = gsi_last_bb (pp->ne->src);
  tree k, k_after;
  create_iv (build_int_cst (u64, 0), one, NULL_TREE, n, &incr, false, &k,
	     &k_after);
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  tree q = force_gimple_operand_gsi (&to, fold_build2 (TRUNC_DIV_EXPR, u64, k,
						       n_trips),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  tree r = force_gimple_operand_gsi (&to, fold_build2 (TRUNC_MOD_EXPR, u64, k,
						       n_trips),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  for (const ix_counter &c : pp->o_counters)
    ix_replace_counter (c, ix_counter_at (c, q, &to), n, dead);
  for (const ix_counter &c : pp->n_counters)
    ix_replace_counter (c, ix_counter_at (c, r, &to), n, dead);
  /* O's own statements after the counters' values.  */
  ix_outer_code_into_inner (pp, &to, dead);

  /* N runs every iteration; O once.  The mark moves to N.  */
  create_canonical_iv (n, pp->ne, latch);
  create_canonical_iv (o, pp->oe, build_int_cst (u64, 0));
  n->can_be_parallel = o->can_be_parallel;
  o->can_be_parallel = false;
  ix_finish (pp, dead, -1);
  return GP_IX_OK;
}

/* --- Wavefronts.  ------------------------------------------------------- */

/* A pair run by its wavefronts (gp_loop_wavefront): the pair; O's latch
   count A, N's latch count C0 + C1 * a in O's iteration a (C1 is 1 or
   -1) and its greatest value BMAX, 64-bit signed; N's counters.  */
struct wf_pair
{
  ix_pair pair;
  tree a_count, c0, bmax;
  int c1;
};

/* N's latch count in O's iteration a, C0 + C1 * a, from N's exit test and
   the guard of its entry, which must be the exit test's condition of the
   counter's start value (N runs while its counter, stepping by one from
   that value, stays below or above an invariant bound).  */
static bool
wf_inner_count (wf_pair *wp)
{
  ix_pair *pp = &wp->pair;
  class loop *o = pp->o, *n = pp->n;
  if (!pp->guard)
    return false;
  tree next, bound;
  enum tree_code go_on = exit_go_on (pp->ne, &next, &bound);
  const ix_counter *c = NULL;
  for (int side = 0; side < 2 && !c; side++)
    {
      for (const ix_counter &k : pp->n_counters)
	if (PHI_ARG_DEF_FROM_EDGE (k.phi, loop_latch_edge (n)) == next)
	  c = &k;
      if (!c && side == 0)
	{
	  std::swap (next, bound);
	  go_on = swap_tree_comparison (go_on);
	}
    }
  if (!c || !c->move || !defined_outside (bound, o))
    return false;
  tree type = TREE_TYPE (PHI_RESULT (c->phi));
  if (!INTEGRAL_TYPE_P (type) || !TYPE_OVERFLOW_UNDEFINED (type)
      || TYPE_PRECISION (type) > 32)
    return false;
  /* The guard: the same test of the start value.  */
  gcond *g = pp->guard;
  enum tree_code enter = gimple_cond_code (g);
  if (pp->skip->flags & EDGE_FALSE_VALUE)
    ;
  else
    enter = invert_tree_comparison (enter, false);
  tree start = PHI_ARG_DEF_FROM_EDGE (c->phi, loop_preheader_edge (n));
  tree gl = gimple_cond_lhs (g), gr = gimple_cond_rhs (g);
  if (gr == start)
    {
      std::swap (gl, gr);
      enter = swap_tree_comparison (enter);
    }
  if (gl != start || !operand_equal_p (gr, bound, 0) || enter != go_on)
    return false;
  /* Counting: with step 1, values below BOUND (up to it with <=); with
     step -1, above it.  */
  HOST_WIDE_INT step = tree_to_shwi (c->step);
  HOST_WIDE_INT b1 = tree_to_shwi (c->move);
  int below = step == 1 && (go_on == LT_EXPR || go_on == LE_EXPR);
  int above = step == -1 && (go_on == GT_EXPR || go_on == GE_EXPR);
  if (!below && !above)
    return false;
  int strict = go_on == LT_EXPR || go_on == GT_EXPR;
  wp->c1 = below ? -b1 : b1;
  if (wp->c1 != 1 && wp->c1 != -1)
    return false;
  tree s64 = long_long_integer_type_node;
  tree lo = below ? bound : c->base, hi = below ? c->base : bound;
  /* C0 = LO - HI - STRICT, a constant where the values' definitions say
     so (j = i + 1 over i = n - 1 against n).  */
  auto c0_of = [&] (tree l, tree h) {
    return fold_build2 (MINUS_EXPR, s64,
			fold_build2 (MINUS_EXPR, s64,
				     fold_convert (s64, unshare_expr (l)),
				     fold_convert (s64, unshare_expr (h))),
			build_int_cst (s64, strict));
  };
  tree expanded = c0_of (expand_simple_operations (lo),
			 expand_simple_operations (hi));
  wp->c0 = TREE_CODE (expanded) == INTEGER_CST ? expanded : c0_of (lo, hi);
  return true;
}

/* Fills WP for loop OUTER and says whether its pair can run by wavefronts
   (gp_loop_wavefront).  */
static gp_interchange_status
wf_analyse (unsigned outer, wf_pair *wp)
{
  ix_pair *pp = &wp->pair;
  gp_interchange_status status = ix_shape (outer, false, true, pp);
  if (status != GP_IX_OK)
    return status;
  class loop *o = pp->o;
  tree a = ix_count (o, o);
  if (!a || TYPE_PRECISION (TREE_TYPE (a)) > 32)
    return GP_IX_COUNT;
  wp->a_count = fold_convert (long_long_integer_type_node, a);
  if (!ix_counters (o, o, &pp->o_counters, NULL)
      || !ix_counters (pp->n, o, &pp->n_counters, NULL, true))
    return GP_IX_CARRIED;
  if (!wf_inner_count (wp))
    return GP_IX_COUNT;
  /* The new inner loop's first iteration, b - C0 for C1 = 1, must be
     max (0, b - C0) without a MAX: C0 a constant at most zero; for
     C1 = -1 the new inner loop starts at zero.  */
  if (wp->c1 > 0
      && (TREE_CODE (wp->c0) != INTEGER_CST || tree_int_cst_sgn (wp->c0) > 0))
    return GP_IX_COUNT;
  /* The new outer loop's latch count: the greatest latch count of N, a
     constant below zero when N never runs.  */
  tree s64 = long_long_integer_type_node;
  wp->bmax = wp->c1 > 0 ? fold_build2 (PLUS_EXPR, s64, unshare_expr (wp->c0),
				       unshare_expr (wp->a_count))
			: unshare_expr (wp->c0);
  if (TREE_CODE (wp->bmax) == INTEGER_CST && tree_int_cst_sgn (wp->bmax) < 0)
    return GP_IX_COUNT;
  return ix_own_code (pp);
}

/* Makes EXIT's test leave its loop once NEXT, a counter's value for the
   next iteration, is past LAST.  */
static void
wf_exit_past (edge exit, tree next, tree last)
{
  gcond *cond = as_a<gcond *> (last_stmt (exit->src));
  gimple_cond_set_code (cond, (exit->flags & EDGE_TRUE_VALUE) ? GT_EXPR
							   : LE_EXPR);
  gimple_cond_set_lhs (cond, next);
  gimple_cond_set_rhs (cond, last);
  update_stmt (cond);
}

gp_interchange_status
gp_loop_wavefront (unsigned outer, int apply)
{
  wf_pair wp;
  gp_interchange_status status = wf_analyse (outer, &wp);
  if (status != GP_IX_OK || !apply)
    return status;
  ix_pair *pp = &wp.pair;
  class loop *o = pp->o, *n = pp->n;
  tree s64 = long_long_integer_type_node;
  tree u64 = long_long_unsigned_type_node;

  /* Where the new outer loop's latch count is negative N never runs:
     there the pair runs as it is.  */
  tree c0 = wp.c0, a_count = wp.a_count, bmax = wp.bmax;
  if (TREE_CODE (bmax) != INTEGER_CST)
    {
      tree runs = fold_build2 (GE_EXPR, boolean_type_node, unshare_expr (bmax),
			       build_zero_cst (s64));
      initialize_original_copy_tables ();
      class loop *copy = version_loop (o, runs);
      free_original_copy_tables ();
      if (!copy)
	return GP_IX_NOT_PERFECT;
    }
  /* In every iteration of the new outer loop N runs at least once.  */
  ix_drop_guard (pp);
  bmax = value_before (o, bmax);
  tree a_max = value_before (o, unshare_expr (a_count));
  tree b_last = value_before (o, fold_convert (u64, bmax));

  auto_bitmap dead;
  /* O counts B, N's old iterations; N counts K, and runs O's old
     iterations A from max (0, B - C0) (C1 = 1) or 0 (C1 = -1).  */
  tree b, b_after, k, k_after;
  gimple_stmt_iterator incr = gsi_last_bb (pp->oe->src);
  create_iv (build_int_cst (u64, 0), build_int_cst (u64, 1), NULL_TREE, o,
	     &incr, false, &b, &b_after);
  incr = gsi_last_bb (pp->ne->src);
  create_iv (build_int_cst (u64, 0), build_int_cst (u64, 1), NULL_TREE, n,
	     &incr, false, &k, &k_after);
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  tree first = wp.c1 > 0 ? fold_build2 (MINUS_EXPR, u64, b,
					fold_convert (u64, c0))
			 : build_int_cst (u64, 0);
  tree a = force_gimple_operand_gsi (&to, fold_build2 (PLUS_EXPR, u64, first,
						       k),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  for (const ix_counter &c : pp->o_counters)
    ix_replace_counter (c, ix_counter_at (c, a, &to), n, dead);
  for (const ix_counter &c : pp->n_counters)
    ix_replace_counter (c, ix_counter_at (c, b, &to, a), n, dead);
  ix_outer_code_into_inner (pp, &to, dead);

  /* N's latch count in iteration B: BMAX - B (C1 = 1), or
     min (A, C0 - B); its test compares K with it (a count that is a
     minimum stays out of the loop's values, where the model could not
     follow it).  */
  tree count;
  if (wp.c1 > 0)
    count = fold_build2 (MINUS_EXPR, u64, fold_convert (u64, bmax), b);
  else
    count = fold_convert (u64,
			  fold_build2 (MIN_EXPR, s64, a_max,
				       fold_build2 (MINUS_EXPR, s64, bmax,
						    fold_convert (s64, b))));
  count = value_before (n, count);
  wf_exit_past (pp->oe, b_after, b_last);
  wf_exit_past (pp->ne, k_after, count);
  ix_finish (pp, dead, 0);
  return GP_IX_OK;
}

/* --- Skewed pairs.  ---------------------------------------------------- */

/* Counter C of a skewed pair, as a counter of the new inner loop N that
   steps by STEP (in C's type) from START, an SSA name whose value the
   caller assigns before N; NULL_TREE where C stays computed from A or B
   (ix_counter_at).  Only for a type whose overflow is undefined: there a
   counter of its own lets SCEV see (long) i as affine, so that IVOPTs
   steps the addresses instead of multiplying them out in every iteration
   (seidel-2d's cells: three multiplications and eight sign extensions
   each).  Its values are the original counter's, but for the one after N's
   last iteration, which the caller checks fits the type.  */
static tree
sk_counter_iv (const ix_counter &c, class loop *n, edge exit, tree step,
	       tree *start)
{
  tree type = TREE_TYPE (PHI_RESULT (c.phi));
  if (!INTEGRAL_TYPE_P (type) || !TYPE_OVERFLOW_UNDEFINED (type) || c.move
      || !step)
    return NULL_TREE;
  *start = make_ssa_name (type);
  tree v, v_after;
  gimple_stmt_iterator incr = gsi_last_bb (exit->src);
  create_iv (*start, step, NULL_TREE, n, &incr, false, &v, &v_after);
  return v;
}

gp_interchange_status
gp_loop_skew (unsigned outer, int factor, int apply)
{
  if (factor < 1 || factor > 16)
    return GP_IX_COUNT;
  ix_pair pair;
  ix_pair *pp = &pair;
  /* Diagonals up to FACTOR * 2^32 + 2^32 fit 64 signed bits.  */
  gp_interchange_status status = ix_recounted (outer, false, apply, pp);
  if (status != GP_IX_OK || !apply)
    return status;
  class loop *o = pp->o, *n = pp->n;
  tree s64 = long_long_integer_type_node;
  tree u64 = long_long_unsigned_type_node;
  tree f = build_int_cst (s64, factor);

  /* Diagonals pay for their bounds where the outer loop runs at least
     twice and the inner loop at least 16 * FACTOR times (measured: a
     diagonal of one cell, or about four, ran slower than the rows); then
     every diagonal also has a cell.  Elsewhere the pair runs as it is.  */
  tree enough
    = fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
		   fold_build2 (GE_EXPR, boolean_type_node,
				fold_convert (s64, unshare_expr (pp->n_count)),
				build_int_cst (s64, 16 * factor - 1)),
		   fold_build2 (GE_EXPR, boolean_type_node,
				fold_convert (s64, unshare_expr (pp->o_count)),
				build_int_cst (s64, 1)));
  if (!integer_onep (enough))
    {
      initialize_original_copy_tables ();
      class loop *copy = version_loop (o, enough);
      free_original_copy_tables ();
      if (!copy)
	return GP_IX_NOT_PERFECT;
    }
  tree a_max = value_before (o, fold_convert (s64, pp->o_count));
  tree b_max = value_before (o, fold_convert (s64, pp->n_count));
  tree d_last = value_before (o, fold_convert (u64, fold_build2 (PLUS_EXPR, s64,
					fold_build2 (MULT_EXPR, s64, f, a_max),
					b_max)));

  auto_bitmap dead;
  /* O counts D; N counts K and runs A from max (0, ceil ((D - BMAX) / F))
     to min (AMAX, D / F), B = D - F * A.  */
  tree d, d_after, k, k_after;
  gimple_stmt_iterator incr = gsi_last_bb (pp->oe->src);
  create_iv (build_int_cst (u64, 0), build_int_cst (u64, 1), NULL_TREE, o,
	     &incr, false, &d, &d_after);
  incr = gsi_last_bb (pp->ne->src);
  create_iv (build_int_cst (u64, 0), build_int_cst (u64, 1), NULL_TREE, n,
	     &incr, false, &k, &k_after);
  /* N's first A, LO, is computed before N once O's own code has moved
     into N (which takes what its preheader holds); A's value in N's
     header refers to it already.  */
  tree lo = make_ssa_name (s64);
  gimple_stmt_iterator to = gsi_after_labels (n->header);
  tree a = force_gimple_operand_gsi (&to, fold_build2 (PLUS_EXPR, u64,
						       fold_convert (u64, lo),
						       k),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  tree b = force_gimple_operand_gsi (&to, fold_build2 (MINUS_EXPR, u64, d,
						       fold_build2 (MULT_EXPR,
								    u64,
								    fold_convert (u64, f),
								    a)),
				     true, NULL_TREE, true, GSI_SAME_STMT);
  /* Counters of N's own where their type allows (sk_counter_iv): an outer
     counter steps by its step from its value at LO; an inner one by -F
     times its step from its value at D - F * LO.  After N's last iteration
     the outer one holds its value at A = HI + 1 <= AMAX + 1, which the
     pair computed too; the inner one its value at B = D - F * (HI + 1),
     at least -F: B in [-F, -1] gives values the pair did not compute,
     checked to fit its type here (base and step constant).  */
  auto_vec<std::pair<tree, tree>> starts;
  for (const ix_counter &c : pp->o_counters)
    {
      tree type = TREE_TYPE (PHI_RESULT (c.phi));
      tree start = NULL_TREE;
      tree v = sk_counter_iv (c, n, pp->ne, fold_convert (type, c.step), &start);
      if (v)
	starts.safe_push ({start, ix_counter_value (c, lo)});
      ix_replace_counter (c, v ? v : ix_counter_at (c, a, &to), n, dead);
    }
  for (const ix_counter &c : pp->n_counters)
    {
      tree type = TREE_TYPE (PHI_RESULT (c.phi));
      tree step = NULL_TREE, start = NULL_TREE;
      if (INTEGRAL_TYPE_P (type) && TREE_CODE (c.base) == INTEGER_CST
	  && TREE_CODE (c.step) == INTEGER_CST)
	{
	  widest_int st = wi::to_widest (c.step);
	  widest_int lowest = wi::to_widest (c.base) - st * factor;
	  widest_int per_a = -st * factor;
	  if (wi::fits_to_tree_p (lowest, type) && wi::fits_to_tree_p (per_a, type))
	    step = wide_int_to_tree (type, per_a);
	}
      tree v = sk_counter_iv (c, n, pp->ne, step, &start);
      if (v)
	starts.safe_push ({start, ix_counter_value (c, fold_build2 (MINUS_EXPR, u64, d,
								    fold_build2 (MULT_EXPR, u64,
										 fold_convert (u64, f),
										 fold_convert (u64, lo))))});
      ix_replace_counter (c, v ? v : ix_counter_at (c, b, &to), n, dead);
    }
  ix_outer_code_into_inner (pp, &to, dead);
  /* D's increment stays in O's exit block, where it went with the rest.  */
  gimple_stmt_iterator from = gsi_for_stmt (SSA_NAME_DEF_STMT (d_after));
  gimple_stmt_iterator at = gsi_last_bb (pp->oe->src);
  gsi_move_before (&from, &at);

  tree ds = fold_convert (s64, d);
  tree first = fold_build2 (MAX_EXPR, s64, build_int_cst (s64, 0),
			    fold_build2 (TRUNC_DIV_EXPR, s64,
					 fold_build2 (PLUS_EXPR, s64,
						      fold_build2 (MINUS_EXPR,
								   s64, ds,
								   b_max),
						      build_int_cst (s64,
								     factor
								     - 1)),
					 f));
  gsi_insert_on_edge_immediate (loop_preheader_edge (n),
				gimple_build_assign (lo, value_before (n,
								       first)));
  for (auto &sv : starts)
    gsi_insert_on_edge_immediate (loop_preheader_edge (n),
				  gimple_build_assign (sv.first,
						       value_before (n, sv.second)));
  tree last = fold_build2 (MIN_EXPR, s64, a_max,
			   fold_build2 (TRUNC_DIV_EXPR, s64,
					unshare_expr (ds), f));
  tree count = value_before (n, fold_convert (u64,
					      fold_build2 (MINUS_EXPR, s64,
							   last, lo)));
  wf_exit_past (pp->oe, d_after, d_last);
  wf_exit_past (pp->ne, k_after, count);
  ix_finish (pp, dead, factor);
  return GP_IX_OK;
}

/* --- Index-set splitting.  -------------------------------------------- */

/* A loop split around one iteration (gp_loop_index_split): its counter
   (a header PHI), with its start LO, whose value for the next iteration
   the exit test compares with BOUND, going on while it is GO_ON BOUND
   (LT_EXPR or LE_EXPR); the enclosing loop's counter P; all its counters,
   that one among them.  */
struct is_split
{
  class loop *l;
  gphi *counter;
  tree lo, bound;
  enum tree_code go_on;
  tree p;
  auto_vec<ix_counter> counters;
};

/* Whether a value defined in loop L is used after it (debug binds apart).  */
static bool
is_value_out (class loop *l)
{
  basic_block *bbs = get_loop_body (l);
  bool out = any_value_defined (bbs, l->num_nodes, [&] (tree v) {
    imm_use_iterator it;
    use_operand_p use;
    FOR_EACH_IMM_USE_FAST (use, it, v)
      {
	gimple *u = USE_STMT (use);
	if (!is_gimple_debug (u) && !flow_bb_inside_loop_p (l, gimple_bb (u)))
	  return true;
      }
    return false;
  });
  free (bbs);
  return out;
}

/* Fills S, all but its P, for loop NUM and says whether NUM has the shape
   a split needs.  */
static gp_split_status
is_analyse_loop (unsigned num, is_split *s)
{
  class loop *l = get_loop (cfun, num);
  if (!l || ix_marked (l))
    return GP_SPLIT_SHAPE;
  /* Nor a loop inside GCC marked: its copies would share its marks (a simd
     loop's simduid).  */
  for (auto x : loops_list (cfun, 0))
    if (flow_loop_nested_p (l, x) && ix_marked (x))
      return GP_SPLIT_SHAPE;
  /* The exit test ends each iteration: what follows it runs only when the
     loop goes on, and a copy's last iteration must still run it.  */
  edge x = exit_tested_last (l);
  if (!x || !loop_preheader_edge (l) || !can_duplicate_loop_p (l))
    return GP_SPLIT_SHAPE;
  /* Its values carried across iterations are counters; the exit test
     compares one's value for the next iteration with a bound.  */
  if (!ix_counters (l, l, &s->counters, NULL))
    return GP_SPLIT_COUNTER;
  tree a, b;
  enum tree_code go_on = exit_go_on (x, &a, &b);
  const ix_counter *c = NULL;
  for (const ix_counter &k : s->counters)
    if (!c && (PHI_ARG_DEF_FROM_EDGE (k.phi, loop_latch_edge (l)) == a
	       || PHI_ARG_DEF_FROM_EDGE (k.phi, loop_latch_edge (l)) == b))
      c = &k;
  if (!c)
    return GP_SPLIT_COUNTER;
  gphi *phi = c->phi;
  tree type = TREE_TYPE (PHI_RESULT (phi));
  if (!small_signed_counter_type (type) || !integer_onep (c->step))
    return GP_SPLIT_COUNTER;
  tree next = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (l));
  if (b == next)
    {
      std::swap (a, b);
      go_on = swap_tree_comparison (go_on);
    }
  if (a != next || (go_on != LT_EXPR && go_on != LE_EXPR)
      || !defined_outside (b, l) || !types_compatible_p (type, TREE_TYPE (b)))
    return GP_SPLIT_COUNTER;
  s->l = l;
  s->counter = phi;
  s->lo = PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (l));
  s->bound = b;
  s->go_on = go_on;
  s->p = NULL_TREE;
  return GP_SPLIT_OK;
}

/* A counter of loop O of type TYPE stepping by one from START, or from any
   constant where START is NULL; NULL where there is none.  */
static gphi *
is_outer_counter (class loop *o, tree type, tree start)
{
  auto_vec<ix_counter> ocs;
  gphi *other = NULL;
  if (!ix_counters (o, o, &ocs, &other))
    return NULL;
  for (const ix_counter &c : ocs)
    {
      tree init = PHI_ARG_DEF_FROM_EDGE (c.phi, loop_preheader_edge (o));
      if (integer_onep (c.step)
	  && types_compatible_p (type, TREE_TYPE (PHI_RESULT (c.phi)))
	  && (start ? operand_equal_p (init, start, 0)
	      : TREE_CODE (init) == INTEGER_CST && tree_fits_shwi_p (init)))
	return c.phi;
    }
  return NULL;
}

/* Fills S for loop NUM inside loop OUTER, with OUTER's counter of NUM's
   counter's type stepping by one in *K, from NUM's start where ALIKE, else
   from a constant, and says whether NUM has the shape to be split around
   that counter (plus a constant).  */
static gp_split_status
is_analyse_outer (unsigned num, unsigned outer, bool alike, is_split *s,
		  gphi **k)
{
  class loop *o = get_loop (cfun, outer);
  gp_split_status status = is_analyse_loop (num, s);
  if (status != GP_SPLIT_OK)
    return status;
  if (!o || !flow_loop_nested_p (o, s->l))
    return GP_SPLIT_SHAPE;
  *k = is_outer_counter (o, TREE_TYPE (PHI_RESULT (s->counter)),
			 alike ? s->lo : NULL_TREE);
  return *k ? GP_SPLIT_OK : GP_SPLIT_OUTER_COUNTER;
}

/* Fills S for loop NUM inside loop OUTER and says whether NUM can be split
   around the iteration where its counter equals OUTER's.  */
static gp_split_status
is_analyse (unsigned num, unsigned outer, is_split *s)
{
  /* OUTER's counter: the same type, start and step, so that the model's
     iteration numbers compare as the counters do.  */
  gphi *k;
  gp_split_status status = is_analyse_outer (num, outer, true, s, &k);
  if (status != GP_SPLIT_OK)
    return status;
  s->p = PHI_RESULT (k);
  if (is_value_out (s->l))
    return GP_SPLIT_VALUE_OUT;
  return GP_SPLIT_OK;
}

/* Fills S for loop NUM split around the iteration where its counter equals
   VALUE, a value computed before the loop, and says whether it can be.  */
static gp_split_status
is_analyse_at (unsigned num, tree value, is_split *s)
{
  gp_split_status status = is_analyse_loop (num, s);
  if (status != GP_SPLIT_OK)
    return status;
  calculate_dominance_info (CDI_DOMINATORS);
  basic_block pre = loop_preheader_edge (s->l)->src;
  basic_block def = value && TREE_CODE (value) == SSA_NAME
		      ? gimple_bb (SSA_NAME_DEF_STMT (value)) : NULL;
  if (!value || TREE_CODE (value) != SSA_NAME
      || !types_compatible_p (TREE_TYPE (PHI_RESULT (s->counter)),
			      TREE_TYPE (value))
      || (def && !dominated_by_p (CDI_DOMINATORS, pre, def))
      || (def && flow_bb_inside_loop_p (s->l, def)))
    return GP_SPLIT_VALUE;
  s->p = value;
  if (is_value_out (s->l))
    return GP_SPLIT_VALUE_OUT;
  return GP_SPLIT_OK;
}

/* Enters loop C only where ENTER holds: a test before C's preheader whose
   other edge skips to a new block after C's exit.  */
static void
is_guard (class loop *c, tree enter)
{
  basic_block after = split_edge (single_exit (c));
  basic_block g = split_edge (loop_preheader_edge (c));
  gimple_seq seq = NULL;
  tree t = force_gimple_operand (fold_convert (boolean_type_node,
					      unshare_expr (enter)),
				 &seq, true, NULL_TREE);
  gimple_stmt_iterator gsi = gsi_last_bb (g);
  gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);
  gsi_insert_after (&gsi, gimple_build_cond (NE_EXPR, t, boolean_false_node,
					     NULL_TREE, NULL_TREE),
		    GSI_NEW_STMT);
  edge in = single_succ_edge (g);
  in->flags &= ~EDGE_FALLTHRU;
  in->flags |= EDGE_TRUE_VALUE;
  in->probability = profile_probability::likely ();
  edge skip = make_edge (g, after, EDGE_FALSE_VALUE);
  skip->probability = profile_probability::unlikely ();
  /* C's preheader again: a block of its own after the test.  */
  split_edge (in);
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
}

/* A copy of loop L run before it (NULL where GCC could not copy it).  */
static class loop *
is_copy_before (class loop *l)
{
  calculate_dominance_info (CDI_DOMINATORS);
  answer_distribution_tests (l);
  initialize_original_copy_tables ();
  class loop *c
    = slpeel_tree_duplicate_loop_to_edge_cfg (l, NULL, loop_preheader_edge (l));
  /* The vectorizer copies innermost loops: the copy's inner loops keep,
     on their entry edges, the original's values in their header PHIs (a
     value the loop before them computed, or its exit PHI's).  Each is the
     copy's own, which the copying made the current definition of the
     original name.  */
  if (c)
    for (class loop *in : loops_list (cfun, 0, c))
      {
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE (e, ei, in->header->preds)
	  if (!flow_bb_inside_loop_p (in, e->src))
	    for (gphi_iterator g = gsi_start_phis (in->header); !gsi_end_p (g);
		 gsi_next (&g))
	      {
		use_operand_p u = PHI_ARG_DEF_PTR_FROM_EDGE (g.phi (), e);
		tree a = USE_FROM_PTR (u);
		if (TREE_CODE (a) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (a))
		  continue;
		basic_block d = gimple_bb (SSA_NAME_DEF_STMT (a));
		tree copy = d && flow_bb_inside_loop_p (l, d) ? get_current_def (a) : NULL_TREE;
		if (copy)
		  SET_USE (u, copy);
	      }
      }
  free_original_copy_tables ();
  delete_update_ssa ();
  return c;
}

/* The header PHI of copy C at the position of loop L's PHI.  */
static gphi *
is_phi_copy (class loop *l, gphi *phi, class loop *c)
{
  gphi_iterator g = gsi_start_phis (l->header);
  gphi_iterator h = gsi_start_phis (c->header);
  for (; !gsi_end_p (g) && !gsi_end_p (h); gsi_next (&g), gsi_next (&h))
    if (g.phi () == phi)
      return h.phi ();
  return NULL;
}

/* Splits S.l around the iteration where its counter equals S.p, which is
   at least its start S.lo (the rewrite of gp_loop_index_split and
   gp_loop_index_split_at).  */
static gp_split_status
is_rewrite (const is_split &s)
{
  class loop *l = s.l;
  tree type = TREE_TYPE (PHI_RESULT (s.counter));
  tree s64 = long_long_integer_type_node;
  auto wide = [&] (tree v) { return fold_convert (s64, unshare_expr (v)); };
  auto test = [&] (enum tree_code code, tree a, tree b) {
    return fold_build2 (code, boolean_type_node, a, b);
  };
  tree lo = wide (s.lo), p = wide (s.p), bound = wide (s.bound);
  tree p1 = fold_build2 (PLUS_EXPR, s64, p, build_int_cst (s64, 1));
  /* Each copy runs where its first iteration is one of the loop's: the
     loop's first, or one its exit test goes on to (computed in 64 bits,
     where P + 1 cannot wrap).  */
  tree before = test (LT_EXPR, lo, p);
  tree at = fold_build2 (TRUTH_OR_EXPR, boolean_type_node, test (EQ_EXPR, lo, p),
			 fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
				      test (LT_EXPR, lo, p),
				      test (s.go_on, p, bound)));
  tree after = fold_build2 (TRUTH_OR_EXPR, boolean_type_node,
			    test (LT_EXPR, p, lo), test (s.go_on, p1, bound));

  class loop *first = is_copy_before (l);
  if (!first)
    return GP_SPLIT_SHAPE;
  class loop *mid = is_copy_before (l);
  if (!mid)
    {
      /* The loop runs once more in FIRST: it must not.  */
      is_guard (first, boolean_false_node);
      mark_virtual_operands_for_renaming (cfun);
      update_ssa (TODO_update_ssa_only_virtuals);
      return GP_SPLIT_SHAPE;
    }
  is_guard (first, before);
  is_guard (mid, at);
  is_guard (l, after);

  /* FIRST runs while its counter stays below P: its bound becomes
     min (BOUND, P) (min (BOUND, P - 1) going on while <=), computed where
     it runs, after LO < P.  */
  gphi *fphi = is_phi_copy (l, s.counter, first);
  edge fx = single_exit (first);
  gcond *fcond = as_a<gcond *> (last_stmt (fx->src));
  tree fnext = PHI_ARG_DEF_FROM_EDGE (fphi, loop_latch_edge (first));
  tree last = s.go_on == LT_EXPR ? unshare_expr (s.p)
				  : fold_build2 (MINUS_EXPR, type,
						 unshare_expr (s.p),
						 build_int_cst (type, 1));
  tree fbound = value_before (first, fold_build2 (MIN_EXPR, type,
					       unshare_expr (s.bound), last));
  if (gimple_cond_lhs (fcond) == fnext)
    gimple_cond_set_rhs (fcond, fbound);
  else
    gimple_cond_set_lhs (fcond, fbound);
  update_stmt (fcond);

  /* MID runs iteration P alone.  */
  gphi *mphi = is_phi_copy (l, s.counter, mid);
  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (mphi, loop_preheader_edge (mid)),
	   s.p);
  wf_exit_past (single_exit (mid),
		PHI_ARG_DEF_FROM_EDGE (mphi, loop_latch_edge (mid)), s.p);

  /* L runs from P + 1 (P is at least LO), computed where it runs (P + 1
     is then at most the loop's last value).  */
  tree start = value_before (l, fold_build2 (PLUS_EXPR, type,
					  unshare_expr (s.p),
					  build_int_cst (type, 1)));
  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (s.counter, loop_preheader_edge (l)),
	   start);

  /* The other counters start at their values in the copies' first
     iterations: P - LO in MID, P + 1 - LO in L.  */
  tree u64 = long_long_unsigned_type_node;
  auto others_from = [&] (class loop *c, tree iter) {
    gimple_stmt_iterator to = gsi_last_bb (loop_preheader_edge (c)->src);
    for (const ix_counter &k : s.counters)
      if (k.phi != s.counter)
	{
	  ix_counter at = k;
	  at.phi = is_phi_copy (l, k.phi, c);
	  tree v = ix_counter_at (at, fold_convert (u64, unshare_expr (iter)),
				  &to);
	  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (at.phi, loop_preheader_edge (c)),
		   v);
	}
  };
  others_from (mid, fold_build2 (MINUS_EXPR, s64, p, lo));
  others_from (l, fold_build2 (MINUS_EXPR, s64, p1, lo));

  /* Debug binds after a copy of values it computes lose them: the copy
     may not run.  */
  for (class loop *c : {first, mid, l})
    {
      reset_debug_outside_loop (c);
      free_numbers_of_iterations_estimates (c);
    }
  scev_reset_htab ();
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return GP_SPLIT_OK;
}

gp_split_status
gp_loop_index_split (unsigned num, unsigned outer)
{
  is_split s;
  gp_split_status status = is_analyse (num, outer, &s);
  return status != GP_SPLIT_OK ? status : is_rewrite (s);
}

/* Whether START, a loop's start, is a constant or an SSA name computed
   before loop L.  */
static bool
is_start_known (tree start, class loop *l)
{
  if (TREE_CODE (start) == INTEGER_CST)
    return tree_fits_shwi_p (start);
  return TREE_CODE (start) == SSA_NAME && defined_outside (start, l);
}

gp_split_status
gp_loop_split_start (unsigned num, int64_t *start, gp_tree **name,
		     gp_tree **base, int64_t *offset)
{
  is_split s;
  gp_split_status status = is_analyse_loop (num, &s);
  if (status != GP_SPLIT_OK)
    return status;
  if (!is_start_known (s.lo, s.l))
    return GP_SPLIT_START;
  *start = TREE_CODE (s.lo) == INTEGER_CST ? tree_to_shwi (s.lo) : 0;
  *name = TREE_CODE (s.lo) == SSA_NAME ? to_gp (s.lo) : NULL;
  *base = NULL;
  *offset = 0;
  /* A start X + C (`lo + 1`, `lo - 1`) in a type whose overflow is
     undefined: its value is X's plus C.  */
  gassign *def = TREE_CODE (s.lo) == SSA_NAME
		   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (s.lo)) : NULL;
  if (def && gimple_assign_rhs_code (def) == PLUS_EXPR
      && TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (s.lo))
      && TREE_CODE (gimple_assign_rhs1 (def)) == SSA_NAME
      && TREE_CODE (gimple_assign_rhs2 (def)) == INTEGER_CST
      && tree_fits_shwi_p (gimple_assign_rhs2 (def))
      && types_compatible_p (TREE_TYPE (gimple_assign_rhs1 (def)),
			     TREE_TYPE (s.lo)))
    {
      *base = to_gp (gimple_assign_rhs1 (def));
      *offset = tree_to_shwi (gimple_assign_rhs2 (def));
    }
  return GP_SPLIT_OK;
}

/* Versions S's loop on COND and splits it where COND holds (is_rewrite),
   S.P computed by MAKE_P before it there when given; where COND fails the
   loop runs as it is, and the marking judges that copy on its own.  */
static gp_split_status
is_rewrite_where (is_split &s, tree cond, tree make_p = NULL_TREE)
{
  initialize_original_copy_tables ();
  class loop *other = version_loop (s.l, cond);
  free_original_copy_tables ();
  if (!other)
    return GP_SPLIT_SHAPE;
  reset_debug_outside_loop (other);
  if (make_p)
    {
      gimple_seq seq = NULL;
      s.p = force_gimple_operand (unshare_expr (make_p), &seq, true,
				  NULL_TREE);
      if (seq)
	gsi_insert_seq_on_edge_immediate (loop_preheader_edge (s.l), seq);
    }
  return is_rewrite (s);
}

gp_split_status
gp_loop_index_split_at (unsigned num, const gp_tree *value)
{
  is_split s;
  gp_split_status status = is_analyse_at (num, as_tree (value), &s);
  if (status == GP_SPLIT_OK && !is_start_known (s.lo, s.l))
    status = GP_SPLIT_START;
  if (status != GP_SPLIT_OK)
    return status;
  /* Split where VALUE is at least the start, so that the last copy starts
     right after it (an affine start for the model); elsewhere every
     iteration comes after VALUE, and a copy of the loop runs them all.  */
  tree s64 = long_long_integer_type_node;
  return is_rewrite_where (s, fold_build2 (LE_EXPR, boolean_type_node,
					   fold_convert (s64, s.lo),
					   fold_convert (s64, s.p)));
}

gp_split_status
gp_loop_outer_start (unsigned num, unsigned outer, int64_t *start)
{
  is_split s;
  gphi *k;
  gp_split_status status = is_analyse_outer (num, outer, false, &s, &k);
  if (status == GP_SPLIT_OK)
    {
      edge pe = loop_preheader_edge (get_loop (cfun, outer));
      *start = tree_to_shwi (PHI_ARG_DEF_FROM_EDGE (k, pe));
    }
  return status;
}

gp_split_status
gp_loop_index_split_offset (unsigned num, unsigned outer, int64_t offset)
{
  is_split s;
  gphi *k;
  gp_split_status status = is_analyse_outer (num, outer, false, &s, &k);
  if (status != GP_SPLIT_OK)
    return status;
  tree type = TREE_TYPE (PHI_RESULT (s.counter));
  if (!is_start_known (s.lo, s.l))
    return GP_SPLIT_START;
  if (is_value_out (s.l))
    return GP_SPLIT_VALUE_OUT;
  /* P = K + OFFSET, exact in 64 bits (the counters have at most 32): the
     split runs where P is a value of the counter's type at least the
     start; elsewhere the loop runs as written (the marking judges that
     copy on its own).  */
  tree s64 = long_long_integer_type_node;
  tree p64 = fold_build2 (PLUS_EXPR, s64, fold_convert (s64, PHI_RESULT (k)),
			  build_int_cst (s64, offset));
  tree cond
    = fold_build2 (TRUTH_AND_EXPR, boolean_type_node,
		   fold_build2 (LE_EXPR, boolean_type_node,
				fold_convert (s64, s.lo), p64),
		   fold_build2 (LE_EXPR, boolean_type_node, p64,
				fold_convert (s64, TYPE_MAX_VALUE (type))));
  return is_rewrite_where (s, cond, fold_convert (type, p64));
}

unsigned
gp_loop_constant_trips (unsigned num)
{
  class loop *l = get_loop (cfun, num);
  if (!l)
    return 0;
  tree n = number_of_latch_executions (l);
  if (!n || TREE_CODE (n) != INTEGER_CST || !tree_fits_uhwi_p (n)
      || tree_to_uhwi (n) >= (1u << 31) - 1)
    return 0;
  return tree_to_uhwi (n) + 1;
}

/* Unroll-and-jam (gp_loop_jam).  */

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

/* Whether the latch value of PHI, a header PHI of inner loop K, is
   computed from PHI's own value in K (a running value: each iteration
   waits for the one before).  */
static bool
jm_chain (gphi *phi, class loop *k)
{
  tree res = PHI_RESULT (phi);
  auto_vec<tree, 16> work;
  hash_set<tree> seen;
  work.safe_push (PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (k)));
  while (!work.is_empty () && seen.elements () < 32)
    {
      tree t = work.pop ();
      if (TREE_CODE (t) != SSA_NAME || seen.add (t))
	continue;
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
      if (!def || !flow_bb_inside_loop_p (k, gimple_bb (def)) || gimple_vuse (def))
	continue;
      ssa_op_iter it;
      tree u;
      FOR_EACH_SSA_TREE_OPERAND (u, def, it, SSA_OP_USE)
	{
	  if (u == res)
	    return true;
	  work.safe_push (u);
	}
    }
  return false;
}

/* An inner loop K of loop L counted one step at a time: one block (and
   an empty latch) whose exit is tested at its end; its counter steps by
   one from LO, defined before L, and K goes on while the counter's next
   value is below BOUND + OFF (a test on its value or next value, below, at
   most or not equal), a bound one more at each of L's iterations, FIRST
   at L's first.  */
struct counted_inner
{
  gphi *counter = NULL;
  tree lo = NULL_TREE, bound = NULL_TREE, first = NULL_TREE;
  int off = 0;
  edge exit = NULL;
};

/* Whether inner loop K of L is counted so (fills C).  */
static bool
counted_inner_loop (class loop *k, class loop *l, counted_inner *c)
{
  edge e = ix_exit (k);
  if (!e || e->src != k->header || k->num_nodes > 2 || !k->latch)
    return false;
  if (k->latch != k->header
      && (!gsi_end_p (gsi_start_phis (k->latch))
	  || !gsi_end_p (gsi_start_nondebug_bb (k->latch))))
    return false;
  tree a, b;
  enum tree_code go_on = exit_go_on (e, &a, &b);
  gphi *kc = NULL;
  for (gphi_iterator g = gsi_start_phis (k->header); !gsi_end_p (g) && !kc; gsi_next (&g))
    {
      tree res = PHI_RESULT (g.phi ());
      tree next = PHI_ARG_DEF_FROM_EDGE (g.phi (), loop_latch_edge (k));
      if (!virtual_operand_p (res) && (next == a || next == b || res == a || res == b))
	kc = g.phi ();
    }
  if (!kc)
    return false;
  tree res = PHI_RESULT (kc);
  tree next = PHI_ARG_DEF_FROM_EDGE (kc, loop_latch_edge (k));
  if (b == next || b == res)
    {
      std::swap (a, b);
      go_on = swap_tree_comparison (go_on);
    }
  /* K goes on while NEXT is below B + OFF: the test on the counter's next
     value or on its value (one less), below, at most or not equal.  */
  int off = (a == res) + (go_on == LE_EXPR);
  tree type = TREE_TYPE (res);
  if ((a != next && a != res) || b == next || b == res
      || (go_on != LT_EXPR && go_on != LE_EXPR && go_on != NE_EXPR)
      || !small_signed_counter_type (type) || !types_compatible_p (type, TREE_TYPE (b))
      || !next_of_step_one (res, next, k->header))
    return false;
  tree lo = PHI_ARG_DEF_FROM_EDGE (kc, loop_preheader_edge (k));
  if (!defined_outside (lo, l))
    return false;
  /* The bound: one more at each of L's iterations.  */
  tree ev = instantiate_scev (loop_preheader_edge (l), l, analyze_scalar_evolution (l, b));
  if (!ev || chrec_contains_undetermined (ev) || TREE_CODE (ev) != POLYNOMIAL_CHREC
      || CHREC_VARIABLE (ev) != (unsigned) l->num || !integer_onep (CHREC_RIGHT (ev))
      || tree_contains_chrecs (CHREC_LEFT (ev), NULL)
      || chrec_contains_symbols_defined_in_loop (CHREC_LEFT (ev), l->num))
    return false;
  c->counter = kc;
  c->lo = lo;
  c->bound = b;
  c->first = CHREC_LEFT (ev);
  c->off = off;
  c->exit = e;
  return true;
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

/* Whether statement G can be copied as it is: an assignment without
   volatile operands that cannot throw, a condition, a debug statement, a
   label or a nop.  */
static bool
copyable_stmt (gimple *g)
{
  switch (gimple_code (g))
    {
    case GIMPLE_ASSIGN:
      return !gimple_has_volatile_ops (g) && !stmt_could_throw_p (cfun, g);
    case GIMPLE_COND:
    case GIMPLE_DEBUG:
    case GIMPLE_LABEL:
    case GIMPLE_NOP:
      return true;
    default:
      return false;
    }
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

/* Replaces the SSA names of *TP that DATA (a map) has.  */
static tree
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
static tree
jm_name_in (hash_map<tree, tree> *map, tree t)
{
  tree *c = TREE_CODE (t) == SSA_NAME ? map->get (t) : NULL;
  return c ? *c : t;
}

/* Inserts C, a copy the jam made, at *TO (before it when BEFORE, else
   after it, moving *TO on to C), its virtual operands to be renamed.  */
static void
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
  initialize_original_copy_tables ();
  class loop *rest = version_loop (l, runs);
  free_original_copy_tables ();
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

/* Shift and fusion (gp_loop_shift).  */

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
  class loop *l = j.l, *a = j.a, *b = j.b;
  tree k = PHI_RESULT (j.counter);
  tree type = TREE_TYPE (k);
  tree s64 = long_long_integer_type_node;
  /* B runs fused where L goes on after this iteration and B's count is
     its bound's (above its start: A's then one more), below MAX_COUNT
     where that is not zero (B runs in parallel from there on).  */
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
  initialize_original_copy_tables ();
  class loop *rest = version_loop (b, cond);
  free_original_copy_tables ();
  if (!rest)
    return GP_SHIFT_SHAPE;
  reset_debug_outside_loop (rest);
  /* Both copies of B leave into the block of L's exit test; otherwise B
     stays two copies of itself, which is right.  */
  edge eb = ix_exit (b), er = ix_exit (rest);
  basic_block d = eb ? eb->dest : NULL;
  if (!eb || !er || er->dest != d || EDGE_COUNT (d->preds) != 2 || d != ix_exit (l)->src)
    return GP_SHIFT_SHAPE;
  /* The fused B: A's iteration i of L's next iteration after each of its
     own, A's counter B's, L's counter one on, A's other PHIs B's.  */
  hash_map<tree, tree> fused;
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
  auto_vec<gphi *> carried;
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
  /* What the fused B hands to L's next iteration, through PHIs of D and
     of L's header: A's carried values after B's count of its iterations,
     the counter of its next one, and whether it ran.  */
  auto_vec<tree> in_l;	/* L's header PHIs, per carried value */
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
  tree i_last = carry_like (PHI_RESULT (j.ca.counter),
			    PHI_ARG_DEF_FROM_EDGE (j.cb.counter, loop_latch_edge (b)), j.ca.lo);
  tree flag = make_ssa_name (boolean_type_node);
  carry (make_ssa_name (boolean_type_node), flag, boolean_true_node, boolean_false_node,
	 boolean_false_node);
  /* Before A: where the iteration before ran B fused, only A's last
     iteration is left, run in TAIL from the carried values; A as written
     runs otherwise.  Both go on to A's exit block J.  */
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
  /* J's PHIs take the tail's values; A's values used after A, each a PHI
     of J's, A's or the tail's.  */
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
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  for (class loop *x : {l, a, b, rest})
    free_numbers_of_iterations_estimates (x);
  scev_reset_htab ();
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  return GP_SHIFT_OK;
}

/* --- OpenMP regions of the plugin's own.  -------------------------------- */

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
or_identity (enum tree_code code, tree type)
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
     that is allowed; a partial sum or product of signed integers could
     overflow where the whole does not.  */
  if (SCALAR_FLOAT_TYPE_P (type) && !flag_associative_math)
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
   otherwise, and only the latch value after it.  Fills R.  */
static bool
or_reduction_of (class loop *loop, gphi *root, or_reduction *r)
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
  tree identity = or_identity (kind, type);
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

/* Whether LOOP has the form a region of the plugin's own needs; fills F,
   or WHY.  */
static bool
or_analyze (class loop *loop, or_form *f, const char **why)
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
      else if (or_reduction_of (loop, phi, &r))
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

int
gp_loop_own_region (unsigned num, unsigned line, unsigned *n_reductions,
		    unsigned *n_last, const char **why)
{
  *n_reductions = *n_last = 0;
  *why = NULL;
  unsigned threads = flag_tree_parallelize_loops;
  if (threads < 2 || threads > 1024
      || !builtin_decl_explicit (BUILT_IN_OMP_GET_NUM_THREADS)
      || !builtin_decl_explicit (BUILT_IN_OMP_GET_THREAD_NUM)
      || !builtin_decl_explicit (BUILT_IN_GOMP_PARALLEL))
    {
      *why = "no OpenMP run-time calls in this compilation";
      return 0;
    }
  if (cfun->has_nonlocal_label || cfun->calls_setjmp)
    {
      *why = "the function has non-local labels or calls setjmp";
      return 0;
    }
  /* As parloops: not in a function compiled for an offload device too.  */
  if (oacc_get_fn_attrib (cfun->decl)
      || lookup_attribute ("omp declare target",
			   DECL_ATTRIBUTES (cfun->decl)))
    {
      *why = "the function is compiled for an offload device too";
      return 0;
    }
  calculate_dominance_info (CDI_DOMINATORS);
  class loop *loop = NULL;
  int found = or_find_loop (num, line, &loop);
  if (found != 1)
    {
      *why = "the marked loop was not found";
      return found;
    }

  /* Too little work stays sequential, as in parloops.  */
  unsigned per_thread = loop->inner ? 2 : param_parloops_min_per_thread;
  HOST_WIDE_INT estimated = estimated_loop_iterations_int (loop);
  if (estimated == -1)
    estimated = get_likely_max_loop_iterations_int (loop);
  if (optimize_loop_nest_for_size_p (loop)
      || (estimated != -1
	  && estimated < (HOST_WIDE_INT) threads * per_thread - 1))
    {
      *why = "too few iterations for the threads";
      return 0;
    }
  /* Analysed before the versioning below too, so that a loop the region
     cannot take is not copied for nothing.  */
  {
    or_form first;
    if (!or_analyze (loop, &first, why))
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
  if (!or_analyze (loop, &form, why))
    return 0;
  edge exit = form.exit;
  auto_vec<or_reduction> &reductions = form.reductions;
  auto_vec<gphi *> &outs = form.outs;
  auto_vec<int> &out_reduction = form.out_reduction;

  /* The blocks: HEAD (parent, ends with the GIMPLE_OMP_PARALLEL) → ENTRY
     (the thread's block of iterations) → PRE (preheader) → loop → TEST →
     Y (partial results) → Y1 (the last iteration's values) → Z
     (GIMPLE_OMP_RETURN) → W (parent: the values after the region).  */
  location_t loc = find_loop_location (loop).get_location_t ();
  basic_block head = split_edge (loop_preheader_edge (loop));
  basic_block entry = split_edge (single_succ_edge (head));
  basic_block pre = split_edge (single_succ_edge (entry));
  bool exit_true = exit->flags & EDGE_TRUE_VALUE;
  basic_block y = split_edge (exit);
  basic_block y1 = split_edge (single_succ_edge (y));
  basic_block z = split_edge (single_succ_edge (y1));
  basic_block w = split_edge (single_succ_edge (z));
  tree ulong = long_unsigned_type_node;

  /* In HEAD: the number of iterations, and addresses of the locals.  */
  gimple_stmt_iterator hg = gsi_last_bb (head);
  tree niter = fold_convert (ulong, unshare_expr (form.desc.niter));
  tree total = force_gimple_operand_gsi (&hg, fold_build2 (PLUS_EXPR, ulong,
							   niter,
							   build_int_cst (ulong, 1)),
					 true, NULL_TREE, false,
					 GSI_CONTINUE_LINKING);
  or_share_locals (loop, head, form.locals);

  /* In ENTRY: the thread's block of iterations, where its counters start;
     none: straight to the end.  */
  tree t, lo, cnt;
  or_thread_block (entry, total, &t, &lo, &cnt);
  auto_vec<tree> inits;
  or_start_at (loop, form, entry, lo, inits);
  gimple_stmt_iterator eg = gsi_last_bb (entry);
  gsi_insert_after (&eg, gimple_build_cond (NE_EXPR, cnt,
					    build_int_cst (ulong, 0),
					    NULL_TREE, NULL_TREE),
		    GSI_CONTINUE_LINKING);
  single_succ_edge (entry)->flags = EDGE_TRUE_VALUE;
  single_succ_edge (entry)->probability = profile_probability::likely ();
  make_edge (entry, z, EDGE_FALSE_VALUE)->probability
    = profile_probability::unlikely ();
  or_count_to (loop, form.cond, exit_true, cnt, loc);

  /* The shared record: partial results, last values, live-ins.  */
  tree record = lang_hooks.types.make_type (RECORD_TYPE);
  TYPE_NAME (record) = build_decl (UNKNOWN_LOCATION, TYPE_DECL,
				   create_tmp_var_name (".gccpoly_data"),
				   record);
  tree fields = NULL_TREE;
  auto_vec<tree> part_fields, last_fields;
  for (or_reduction &r : reductions)
    {
      tree ty = build_array_type_nelts (TREE_TYPE (r.out), threads);
      fields = or_field (record, ty, "partial", fields);
      part_fields.safe_push (fields);
    }
  for (unsigned i = 0; i < outs.length (); i++)
    {
      fields = or_field (record, TREE_TYPE (gimple_phi_result (outs[i])),
			 "last", fields);
      last_fields.safe_push (fields);
    }
  auto_vec<basic_block> region;
  region.safe_push (entry);
  region.safe_push (pre);
  basic_block *body = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    region.safe_push (body[i]);
  free (body);
  region.safe_push (y);
  region.safe_push (y1);
  region.safe_push (z);
  hash_set<basic_block> in_region;
  for (basic_block bb : region)
    in_region.add (bb);
  auto_vec<tree> live_in;
  or_prune_debug (region, in_region);
  or_live_ins (region, in_region, live_in);
  auto_vec<tree> live_fields;
  for (tree n : live_in)
    {
      fields = or_field (record, TREE_TYPE (n), "in", fields);
      live_fields.safe_push (fields);
    }
  TYPE_FIELDS (record) = nreverse (fields);
  layout_type (record);
  tree data = create_tmp_var (record, ".gccpoly_data_store");
  TREE_ADDRESSABLE (data) = 1;

  /* HEAD: the live-ins stored, the partial results set to the identity,
     then the region.  */
  hg = gsi_last_bb (head);
  auto head_store = [&] (tree ref, tree value) {
    gsi_insert_after (&hg, gimple_build_assign (ref, value),
		      GSI_CONTINUE_LINKING);
  };
  auto slot = [&] (tree base, unsigned j, tree index) {
    return build4 (ARRAY_REF, TREE_TYPE (reductions[j].out),
		   or_component (base, part_fields[j]), index, NULL_TREE,
		   NULL_TREE);
  };
  for (unsigned i = 0; i < live_in.length (); i++)
    head_store (or_component (data, live_fields[i]), live_in[i]);
  for (unsigned j = 0; j < reductions.length (); j++)
    for (unsigned k = 0; k < threads; k++)
      head_store (slot (data, j, build_int_cst (integer_type_node, k)),
		  reductions[j].identity);
  tree child = or_child_fn (loc);
  tree clause = build_omp_clause (loc, OMP_CLAUSE_NUM_THREADS);
  OMP_CLAUSE_NUM_THREADS_EXPR (clause) = build_int_cst (integer_type_node,
							threads);
  gomp_parallel *par = gimple_build_omp_parallel (NULL, clause, child, data);
  gimple_set_location (par, loc);
  gsi_insert_after (&hg, par, GSI_CONTINUE_LINKING);

  /* ENTRY: the record's address (the child's argument), then the loads.  */
  gimple_stmt_iterator eb = gsi_after_labels (entry);
  tree param = make_ssa_name (DECL_ARGUMENTS (child));
  gsi_insert_before (&eb, gimple_build_assign (param, build_fold_addr_expr (data)),
		     GSI_SAME_STMT);
  tree pd = make_ssa_name (build_pointer_type (record));
  gsi_insert_before (&eb, gimple_build_assign (pd, fold_convert (TREE_TYPE (pd), param)),
		     GSI_SAME_STMT);
  /* A fresh reference each time: GIMPLE shares no tree nodes.  */
  auto view = [&] () { return build_simple_mem_ref (pd); };
  hash_map<tree, tree> copies;
  hash_set<gimple *> keep;
  for (unsigned i = 0; i < live_in.length (); i++)
    {
      tree copy = or_load (&eb, or_component (view (), live_fields[i]));
      copies.put (live_in[i], copy);
      keep.add (SSA_NAME_DEF_STMT (copy));
    }
  or_use_copies (region, copies, keep);

  /* Y: the partial results into the thread's slots; Y1, reached by the
     thread that ran the last iteration: the values the loop hands out.  */
  gimple_stmt_iterator yg = gsi_last_bb (y);
  for (unsigned j = 0; j < reductions.length (); j++)
    or_store (&yg, slot (view (), j, t), reductions[j].out);
  gimple_stmt_iterator yl = gsi_last_bb (y);
  tree end = force_gimple_operand_gsi (&yl, fold_build2 (PLUS_EXPR, ulong, lo, cnt),
				       true, NULL_TREE, false, GSI_CONTINUE_LINKING);
  /* TOTAL, where not a constant, is a live-in: the region uses its copy.  */
  tree *total_copy = copies.get (total);
  gsi_insert_after (&yl, gimple_build_cond (EQ_EXPR, end,
					    total_copy ? *total_copy : total,
					    NULL_TREE, NULL_TREE),
		    GSI_CONTINUE_LINKING);
  single_succ_edge (y)->flags = EDGE_TRUE_VALUE;
  single_succ_edge (y)->probability = profile_probability::even ();
  make_edge (y, z, EDGE_FALSE_VALUE)->probability = profile_probability::even ();
  gimple_stmt_iterator y1g = gsi_last_bb (y1);
  edge out_e = single_succ_edge (w);
  for (unsigned i = 0; i < outs.length (); i++)
    if (out_reduction[i] < 0)
      {
	or_store (&y1g, or_component (view (), last_fields[i]),
		  PHI_ARG_DEF_FROM_EDGE (outs[i], out_e));
	(*n_last)++;
      }
  gimple_stmt_iterator zg = gsi_last_bb (z);
  gsi_insert_after (&zg, gimple_build_omp_return (false), GSI_NEW_STMT);

  /* W: the values after the region: a reduction's value from before the
     loop with the slots, in thread order; the last values.  */
  gimple_stmt_iterator wg = gsi_after_labels (w);
  for (unsigned i = 0; i < outs.length (); i++)
    {
      int j = out_reduction[i];
      tree value;
      if (j >= 0)
	{
	  value = inits[j];
	  for (unsigned k = 0; k < threads; k++)
	    {
	      tree part = or_load (&wg, slot (data, j,
					      build_int_cst (integer_type_node, k)));
	      tree sum = make_ssa_name (TREE_TYPE (reductions[j].out));
	      gsi_insert_before (&wg, gimple_build_assign (sum, reductions[j].code,
							   value, part),
				 GSI_SAME_STMT);
	      value = sum;
	    }
	}
      else
	value = or_load (&wg, or_component (data, last_fields[i]));
      SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (outs[i], out_e), value);
    }
  *n_reductions = reductions.length ();
  reset_debug_outside (region, in_region);

  /* Expand it.  */
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  mark_virtual_operands_for_renaming (cfun);
  update_ssa (TODO_update_ssa_only_virtuals);
  loop->can_be_parallel = false;
  omp_expand_local (head);
  /* The loop passes that follow expect dominators.  */
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  scev_reset ();
  free_numbers_of_iterations_estimates (cfun);
  pt_solution_reset (&cfun->gimple_df->escaped);
  return 1;
}
