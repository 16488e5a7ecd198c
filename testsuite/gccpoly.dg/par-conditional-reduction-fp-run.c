/* A conditional floating-point sum and product with -ffast-math (the
   reassociation parloops needs): the update becomes unconditional with
   the identity (-0.0 for the sum, 1.0 for the product) where the
   condition fails, and parloops makes the reduction, at -O3 as at -O2.
   Integer-valued numbers, so that every order of the sum gives the same
   result; checked against the sums taken without a condition.  */
/* { dg-do run } */
/* { dg-options "-O3 -ffast-math -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

__attribute__((noinline)) double
big_sum (int n, const double *a, double t)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "1 conditional update of a reduction made unconditional" "" } */
    if (a[i] > t)
      s += a[i];
  return s;
}

__attribute__((noinline)) double
scale (int n, const double *a)
{
  double p = 1.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "1 conditional update of a reduction made unconditional" "" } */
    if (a[i] < -990.0)
      p *= 2.0;
  return p;
}

#define N 100000
static double a[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    a[i] = (double) ((i * 7919L) % 2003 - 1001);
  double s = 0.0, p = 1.0;
  for (int i = 0; i < N; i++)
    {
      s += a[i] > 500.0 ? a[i] : 0.0;
      p *= a[i] < -990.0 ? 2.0 : 1.0;
    }
  double rs = big_sum (N, a, 500.0), rp = scale (N, a);
  printf ("%.1f %.1f\n", rs, rp);
  return rs != s || rp != p;
}

/* { dg-final { compiler-output {:16:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:26:[0-9]+: optimized: parallelizing inner loop} } } */
