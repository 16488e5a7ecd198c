/* The bodies GCC's autopar outlines (f._loopfn.N) are not analysed again:
   only f is in the report.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2" } */

#include <stdio.h>

#define N 100000
double a[N], b[N];

void __attribute__ ((noinline))
f (void)
{
  for (int i = 0; i < N; i++)
    a[i] = b[i] * 2.0 + 1.0;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    b[i] = i % 17;
  f ();
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf ("%.1f\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[*].name} {["f","main"]} } } */
/* { dg-final { scan-report {functions[name=f].loops[*].line} {[14]} } } */
