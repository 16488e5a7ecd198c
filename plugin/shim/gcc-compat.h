/* The differences between the GCC majors the shim builds against (11 and
   12), in one place, in the manner of Linux's gcc-common.h: the rest of
   the shim is written to GCC 12's interfaces, and this header gives the
   older GCC the same names.  Included by internal.h after GCC's headers.  */

#ifndef GCCPOLY_SHIM_GCC_COMPAT_H
#define GCCPOLY_SHIM_GCC_COMPAT_H

#if GCCPLUGIN_VERSION_MAJOR < 11 || GCCPLUGIN_VERSION_MAJOR > 12
#error "gccpoly's shim builds against the plugin headers of GCC 11 or GCC 12"
#endif

#if GCCPLUGIN_VERSION_MAJOR < 12
/* GCC 12's range over the loops of a function (cfgloop.h): the numbers
   of the loops under ROOT (the whole tree by default), outer before inner
   unless FLAGS say LI_FROM_INNERMOST, only the innermost under
   LI_ONLY_INNERMOST, ROOT itself under LI_INCLUDE_ROOT.  Numbers are
   taken when the range is made and a loop removed meanwhile is skipped,
   as GCC 12 does, so a walk may change the loop tree.  */
class loops_list
{
public:
  loops_list (function *fn, unsigned flags, class loop *root = nullptr)
    : fn (fn)
  {
    if (!loops_for_fn (fn))
      return;
    class loop *top = root ? root : loops_for_fn (fn)->tree_root;
    if (flags & LI_INCLUDE_ROOT && !(flags & LI_FROM_INNERMOST))
      take (top, flags);
    for (class loop *l = top->inner; l; l = l->next)
      walk (l, flags);
    if (flags & LI_INCLUDE_ROOT && flags & LI_FROM_INNERMOST)
      take (top, flags);
  }

  class iterator
  {
  public:
    iterator (const loops_list &list, unsigned at) : list (list), at (at)
    {
      skip_removed ();
    }
    class loop *operator* () const { return get_loop (list.fn, list.nums[at]); }
    iterator &operator++ ()
    {
      at++;
      skip_removed ();
      return *this;
    }
    bool operator!= (const iterator &o) const { return at != o.at; }

  private:
    void skip_removed ()
    {
      while (at < list.nums.length () && !get_loop (list.fn, list.nums[at]))
	at++;
    }
    const loops_list &list;
    unsigned at;
  };

  iterator begin () const { return iterator (*this, 0); }
  iterator end () const { return iterator (*this, nums.length ()); }

private:
  void take (class loop *l, unsigned flags)
  {
    if (!(flags & LI_ONLY_INNERMOST) || !l->inner)
      nums.safe_push (l->num);
  }
  void walk (class loop *l, unsigned flags)
  {
    if (!(flags & LI_FROM_INNERMOST))
      take (l, flags);
    for (class loop *in = l->inner; in; in = in->next)
      walk (in, flags);
    if (flags & LI_FROM_INNERMOST)
      take (l, flags);
  }

  function *fn;
  auto_vec<int> nums;
};
#endif

/* Whether LOOP has the form the vectorizer (and parloops' double
   reductions) take: GCC 12 returns the verdict alone, GCC 11 builds a
   loop_vec_info, which is dropped again.  */
inline bool
gp_vect_loop_form_p (class loop *loop)
{
#if GCCPLUGIN_VERSION_MAJOR >= 12
  vect_loop_form_info form;
  return bool (vect_analyze_loop_form (loop, &form));
#else
  vec_info_shared shared;
  loop_vec_info info = vect_analyze_loop_form (loop, &shared);
  bool ok = info != NULL;
  delete info;
  return ok;
#endif
}

#endif
