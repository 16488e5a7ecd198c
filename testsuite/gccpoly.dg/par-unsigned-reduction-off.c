/* -fplugin-arg-gccpoly-no-unsigned-reductions: a signed integer sum stays
   in int, and parloops declines the loop the plugin marks, as without
   the plugin ("not a part of reduction").  With -fwrapv int wraps, so
   parloops makes the reduction itself and the plugin changes nothing;
   with -ftrapv (par-unsigned-reduction-trapv.c) an overflow must still
   trap, so the sum is left signed.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-unsigned-reductions" } */

int
sum (int n, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++) /* { dg-missed "loop marked parallel, but parloops did not parallelize it" "" } */
    s += a[i];
  return s;
}

/* { dg-final { compiler-output-not {computed in unsigned arithmetic} } } */
/* { dg-final { compiler-output-not {optimized: parallelizing} } } */
/* { dg-final { scan-report {functions[name=sum].loops[line=14].transform} {["parallel","wide-counter"]} } } */
