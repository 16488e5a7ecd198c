/* Diagnostics, source locations and the compilation unit: its input
   files, preprocessor options and flags.  */

#include "internal.h"

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

int
gp_fp_contract_fast (void)
{
  /* The function's own options (optimize attributes) where it has them.  */
  if (cfun && cfun->decl)
    return opt_for_fn (cfun->decl, flag_fp_contract_mode) == FP_CONTRACT_FAST;
  return flag_fp_contract_mode == FP_CONTRACT_FAST;
}

int
gp_type_has_fma (const gp_tree *type)
{
  /* As GCC's widening_mul asks, for either kind of block.  */
  tree t = as_tree (type);
  return direct_internal_fn_supported_p (IFN_FMA, t, OPTIMIZE_FOR_SPEED)
	 || direct_internal_fn_supported_p (IFN_FMA, t, OPTIMIZE_FOR_SIZE);
}
