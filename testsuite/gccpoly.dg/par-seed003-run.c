/* Seed 003's E8, help[i] = help[i + m]: parallel exactly when no iteration
   reads a cell another one writes, m = 0 or |m| >= c (the thesis prints
   "m > c"; m = c is already safe).  The loop is versioned on that
   condition; with 0 < m < c the original loop runs (its reads must see the
   cells before they are overwritten), and every call prints what the plain
   build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>

#define N 400000
double help[3 * N];

void __attribute__ ((noinline))
e8 (int c, int m, double *restrict h)
{
  for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(m <= -c \\|\\| m >= c \\|\\| m == 0\\)" } */
    h[i] = h[i + m] * 0.5 + 1.0;
}

static void
show (const char *what)
{
  double s = 0;
  for (int i = 0; i < 3 * N; i++)
    s += help[i] * (i % 7 + 1);
  printf ("%s %.6f\n", what, s);
}

int
main (void)
{
  for (int i = 0; i < 3 * N; i++)
    help[i] = i % 13;
  e8 (N, N, help + N / 2);	/* m = c: parallel copy */
  show ("m=c");
  e8 (N, 3, help + N / 2);	/* 0 < m < c: the original loop */
  show ("m=3");
  e8 (N, -N, help + 3 * N / 2);	/* m = -c: parallel copy */
  show ("m=-c");
  e8 (N, 0, help);		/* m = 0: parallel copy */
  show ("m=0");
  return 0;
}

/* { dg-final { scan-report {functions[name=e8].loops[0].parallel} {false} } } */
/* { dg-final { scan-report {functions[name=e8].loops[0].transform} {["parallel","wide-counter"]} } } */
