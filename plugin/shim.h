/* gccpoly's C ABI onto GCC's internals.

   The C++ side (shim.cc) is a thin layer of opaque handles, iterators and
   builders; every decision is taken in Rust.  bindgen reads this header to
   produce the Rust declarations.  Handles are only valid inside the GCC
   callback that produced them.  */

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

/* --- Front-end loops.  ---------------------------------------------------- */

typedef void (*gp_fe_loop_fn) (void *data, gp_fe_loop_kind kind,
			       gp_location keyword, gp_location cond);
/* Calls FN for every for/while/do statement in FNDECL's body, in source
   order.  KEYWORD is the keyword's location, COND the condition's (0 when the
   loop has none).  */
void gp_fe_walk_loops (void *fndecl, gp_fe_loop_fn fn, void *data);

/* --- The current function (cfun).  -------------------------------------- */

/* Its printable name and the location of its declaration.  */
const char *gp_cfun_name (void);
gp_location gp_cfun_location (void);

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

#ifdef __cplusplus
}
#endif

#endif /* GCCPOLY_SHIM_H */
