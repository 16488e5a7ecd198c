/* 64-bit counters for the conversions of a marked loop's 32-bit ones
   (gp_loop_wide_counters).  */

#include "internal.h"

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
