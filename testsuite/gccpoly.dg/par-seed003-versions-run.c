/* Seed 003's version selectors (E7, E9): the whole nest runs in parallel
   in a copy under the test, and its inner loops run in parallel in the copy
   run when the test fails.  Every call, on either side of each test, must
   print what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>

#define C 3000
#define D 400
double help[D], out[C * D];

/* E7: help is written only when x > 5; the i loop is parallel without
   private copies when x <= 5.  */
void __attribute__ ((noinline))
e7 (int c, int d, int x, double *restrict h, double *restrict o)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 && x <= 5" } */
    {
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 holds and the rest of the test of the loop at line 19 fails" } */
	if (x > 5)
	  h[j] = i * j + x;
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 holds and the rest of the test of the loop at line 19 fails" } */
	if (x > 2)
	  o[i * d + j] = h[j] * 2.0 + i;
    }
}

/* E9: help is written only when d >= 2.  */
void __attribute__ ((noinline))
e9 (int c, int d, double *restrict h, double *restrict o)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when d == 1" } */
    {
      for (int j = 1; j < d; j++)
	{
	  h[j - 1] = i + j;
	  h[j] = i - j;
	}
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when the test of the loop at line 34 fails" } */
	o[i * d + j] = h[j] * 2.0 + i;
    }
}

static void
show (const char *what)
{
  double s = 0, t = 0;
  for (int i = 0; i < C * D; i++)
    s += out[i] * (i % 7 + 1);
  for (int j = 0; j < D; j++)
    t += help[j] * (j % 5 + 1);
  printf ("%s %.6f %.6f\n", what, s, t);
}

int
main (void)
{
  for (int j = 0; j < D; j++)
    help[j] = j % 13;
  e7 (C, D, 4, help, out);	/* x <= 5: the parallel nest */
  show ("e7 x=4");
  e7 (C, D, 9, help, out);	/* x > 5: the inner loops in parallel */
  show ("e7 x=9");
  e7 (C, D, 1, help, out);	/* nothing written at all */
  show ("e7 x=1");
  e9 (C * D, 1, help, out);	/* d = 1: the parallel nest */
  show ("e9 d=1");
  e9 (C, D, help, out);		/* d > 1: the inner read loop in parallel */
  show ("e9 d=D");
  return 0;
}
