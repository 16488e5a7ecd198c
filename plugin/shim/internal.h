/* What the shim's files share: GCC's plugin headers, the C ABI of shim.h,
   the conversions between its handles and GCC's types, the loop shapes
   several rewrites read, and the helpers more than one file calls, each
   declared here once and defined in the file named above it.  Nothing here
   is seen outside the plugin: the shim is built with hidden visibility, so
   these names never bind to cc1's.  */

#ifndef GCCPOLY_SHIM_INTERNAL_H
#define GCCPOLY_SHIM_INTERNAL_H

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
#include "gcc-compat.h"

#include "shim.h"

/* ir.cc: GCC's types behind the handles of shim.h.  */

inline class loop *
as_loop (const gp_loop *l)
{
  return reinterpret_cast<class loop *> (const_cast<gp_loop *> (l));
}

inline basic_block
as_bb (const gp_bb *b)
{
  return reinterpret_cast<basic_block> (const_cast<gp_bb *> (b));
}

inline gimple *
as_stmt (const gp_stmt *s)
{
  return reinterpret_cast<gimple *> (const_cast<gp_stmt *> (s));
}

inline tree
as_tree (const gp_tree *t)
{
  return reinterpret_cast<tree> (const_cast<gp_tree *> (t));
}

inline gp_tree *
to_gp (tree t)
{
  return reinterpret_cast<gp_tree *> (t);
}

/* loop-shape.cc: the shapes several rewrites read.  */

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

/* pair.cc: a perfect loop pair.  */

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

/* index-split.cc: a loop split around one iteration (also the jam's).  */

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

/* versioning.cc: run-time tests and versioning.  */

tree rt_type (void);
void answer_distribution_tests (class loop *loop);
class loop *version_loop (class loop *loop, tree cond);
class loop *version_loop_alone (class loop *loop, tree cond);

/* builders.cc: what the rewrites build alike.  */

bool defined_outside (tree t, class loop *l);
tree wr_operand (tree op, tree ut, hash_map<tree, tree> &map,
                 gimple_stmt_iterator *at, edge on);
void wr_unsigned_copy (gassign *def, tree u, tree ut, hash_map<tree,
                       tree> &map, bool plus_of_negation);
tree value_before (class loop *c, tree v);
void reset_debug_outside (auto_vec<basic_block> &region,
                          hash_set<basic_block> &in);
void reset_debug_outside_loop (class loop *l);
tree ix_counter_value (const ix_counter &c, tree k, tree a = NULL_TREE);
tree ix_counter_at (const ix_counter &c, tree k, gimple_stmt_iterator *to,
                    tree a = NULL_TREE);
void wf_exit_past (edge exit, tree next, tree last);
tree new_u64_counter (class loop *l, edge exit, tree *after);
tree jm_remap_op (tree *tp, int *walk_subtrees, void *data);
tree jm_name_in (hash_map<tree, tree> *map, tree t);
void jm_insert (gimple *c, gimple_stmt_iterator *to, bool before);

/* loop-shape.cc: shapes of loops.  */

bool ix_marked (class loop *l);
edge ix_exit (class loop *l);
enum tree_code exit_go_on (edge x, tree *a, tree *b);
edge exit_tested_last (class loop *l);
bool next_of_step_one (tree res, tree next, basic_block in);
bool small_signed_counter_type (tree type);
tree ix_count (class loop *l, class loop *outer);
bool ix_counters (class loop *l, class loop *outer, vec<ix_counter> *counters,
                  gphi **other, bool moving = false);
bool jm_chain (gphi *phi, class loop *k);
bool counted_inner_loop (class loop *k, class loop *l, counted_inner *c);
bool copyable_stmt (gimple *g);

/* pair.cc: perfect loop pairs.  */

void ix_replace_counter (const ix_counter &c, tree value, class loop *l,
                         bitmap dead);
void ix_replace_counters (ix_pair *pp, tree o_at, tree n_at, tree a,
                          gimple_stmt_iterator *to, bitmap dead);
gp_interchange_status ix_shape (unsigned outer, bool marked_ok, bool nested,
                                ix_pair *pp);
gp_interchange_status ix_own_code (ix_pair *pp);
gp_interchange_status ix_analyse (unsigned outer, bool marked_ok, ix_pair *pp);
void ix_drop_guard (ix_pair *pp);
bool ix_enter_always (ix_pair *pp);
void ix_counts_before (ix_pair *pp);
void ix_outer_code_into_inner (ix_pair *pp, gimple_stmt_iterator *to,
                               bitmap dead);
void ix_finish (ix_pair *pp, bitmap dead, int skew);

/* collapse.cc: a pair counted anew (also the skew's).  */

gp_interchange_status ix_recounted (unsigned outer, bool marked_ok, int apply,
                                    ix_pair *pp);

/* index-split.cc: the split loop's shape (also the jam's).  */

bool is_value_out (class loop *l);
gp_split_status is_analyse_loop (unsigned num, is_split *s);

/* private-storage.cc: its rewrite of references, also used by the copies
   per thread.  */

tree ps_mentions (tree *sub, int *, void *d);
bool ps_rewrite (tree *tp, const vec<tree> &decls, const vec<tree> &ptrs,
                 bool address_ok);

/* reload.cc.  */

bool ri_address_invariant (class loop *loop, tree ref);

/* reductions.cc.  */

tree sel_identity (enum tree_code code, tree type);

/* pass.cc: asks the parallel pass for a CFG cleanup at its end (a marked
   loop lost a branch).  */

void request_cfg_cleanup (void);

/* Templates of builders.cc and reductions.cc.  */

/* Whether F holds for a value (not virtual) defined in the blocks
   BBS[0..N), PHI results included; F is called on each until it does.  */
template <typename F>
inline bool
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

/* The values of the cycle of header PHI ROOT of LOOP, ROOT's result first,
   into NAMES: every value computed from one of them in LOOP by a PHI, or by
   an assignment ASSIGN_OK (gassign *, tree used) accepts, all of ROOT's
   type.  False where a value is used after LOOP by a statement OUTSIDE_OK
   (gimple *, tree used) does not accept, where the cycle holds more than
   64 values, where a PHI of the cycle takes a value from outside it, or
   where it does not lead back to ROOT along the latch.  */
template <typename AssignOk, typename OutsideOk>
inline bool
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

#endif /* GCCPOLY_SHIM_INTERNAL_H */
