/* -fplugin-arg-gccpoly-no-enter-inner: the double reduction whose inner
   loop GCC enters under a test (par-enter-inner-run.c) keeps that test;
   parloops declines the outer loop the plugin marks, and the sum is left
   signed, so that parloops does not run the inner loop in parallel by
   itself either.  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-enter-inner" } */

int
isum (int n, int m, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++) /* { dg-missed "loop marked parallel, but parloops did not parallelize it" "" } */
    for (int j = 0; j < m; j++)
      s += a[i * m + j] ^ (j & 7);
  return s;
}

/* { dg-final { compiler-output-not {optimized: parallelizing} } } */
/* { dg-final { compiler-output-not {versioned on the test} } } */
/* { dg-final { scan-report {functions[name=isum].loops[line=13].transform} {["parallel"]} } } */
