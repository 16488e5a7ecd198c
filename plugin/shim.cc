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

#include "shim.h"

/* --- Setup.  -------------------------------------------------------------- */

const char *
gp_built_for_version (void)
{
  return basever;
}

namespace {

const pass_data gccpoly_pass_data = {
  GIMPLE_PASS,		  /* type */
  "gccpoly",		  /* name */
  OPTGROUP_LOOP,	  /* optinfo_flags: -fopt-info-loop-* */
  TV_PLUGIN_RUN,	  /* tv_id */
  PROP_cfg | PROP_ssa,	  /* properties_required */
  0,			  /* properties_provided */
  0,			  /* properties_destroyed */
  0,			  /* todo_flags_start */
  0			  /* todo_flags_finish */
};

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
    gccpoly_rs_execute ();
    scev_finalize ();
    loop_optimizer_finalize ();
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

void
gp_register (const char *plugin_name, const char *version, const char *help)
{
  static struct plugin_info info;
  info.version = version;
  info.help = help;
  register_callback (plugin_name, PLUGIN_INFO, NULL, &info);

  struct register_pass_info pass_info;
  pass_info.pass = new gccpoly_pass (g);
  pass_info.reference_pass_name = "pre";
  pass_info.ref_pass_instance_number = 1;
  pass_info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass_info);
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

/* --- Front-end loops.  ---------------------------------------------------- */

namespace {

struct fe_walk
{
  gp_fe_loop_fn fn;
  void *data;
};

tree
fe_loop_visit (tree *tp, int *, void *data)
{
  fe_walk *w = static_cast<fe_walk *> (data);
  tree t = *tp;
  tree cond;
  gp_fe_loop_kind kind;
  switch (TREE_CODE (t))
    {
    case FOR_STMT:
      kind = GP_FE_FOR;
      cond = FOR_COND (t);
      break;
    case WHILE_STMT:
      kind = GP_FE_WHILE;
      cond = WHILE_COND (t);
      break;
    case DO_STMT:
      kind = GP_FE_DO;
      cond = DO_COND (t);
      break;
    default:
      return NULL_TREE;
    }
  gp_location cond_loc = cond && EXPR_P (cond) ? EXPR_LOCATION (cond) : 0;
  w->fn (w->data, kind, EXPR_LOCATION (t), cond_loc);
  return NULL_TREE;
}

} // anon namespace

void
gp_fe_walk_loops (void *fndecl, gp_fe_loop_fn fn, void *data)
{
  tree decl = static_cast<tree> (fndecl);
  if (!decl || TREE_CODE (decl) != FUNCTION_DECL || !DECL_SAVED_TREE (decl))
    return;
  fe_walk w = { fn, data };
  walk_tree_without_duplicates (&DECL_SAVED_TREE (decl), fe_loop_visit, &w);
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
