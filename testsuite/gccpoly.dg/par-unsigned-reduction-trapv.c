/* With -ftrapv an int overflow must trap: the sum is not computed in
   unsigned arithmetic (where it would wrap), and parloops declines the
   loop as without the plugin.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -ftrapv" } */

int
sum (int n, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* { dg-final { compiler-output-not {computed in unsigned arithmetic} } } */
/* { dg-final { compiler-output-not {optimized: parallelizing} } } */
