/* The plugin's passes and callbacks: where GCC calls into gccpoly, and
   what GCC does around each call (loop and SCEV set-up, caches dropped).  */

#include "internal.h"

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

void
request_cfg_cleanup (void)
{
  gp_cleanup_cfg = true;
}

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
