/* Front-end loops: the C front end's for, while and do statements, seen
   at PLUGIN_PRE_GENERICIZE, for the loops' locations and the variables
   they assign.  */

#include "internal.h"

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
