/* E7 with plain pointers: the nest's parallelism, and that of its inner
   loops, rests on help and out not overlapping.  The loop is first
   versioned on that test (neither copy marked), then, where it holds, on
   x <= 5: the nest in parallel, or else its inner loops.  Where the arrays
   overlap (out = help + 1: the second inner loop is a recurrence), every
   loop runs as written.  Every call prints what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
e7 (int c, int d, int x, double *help, double *out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when help\\+\\\[0, 8\\*d\\) and out\\+\\\[0, 8\\*c\\*d\\) disjoint && d >= 0 && -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 && x <= 5" } */
    {
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when help\\+\\\[0, 8\\*d\\) and out\\+\\\[0, 8\\*c\\*d\\) disjoint && d >= 0 && -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 holds and the rest of the test of the loop at line 16 fails" } */
	if (x > 5)
	  help[j] = (i * j) % 7 + x;
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when help\\+\\\[0, 8\\*d\\) and out\\+\\\[0, 8\\*c\\*d\\) disjoint && d >= 0 && -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 holds and the rest of the test of the loop at line 16 fails" } */
	if (x > 2)
	  out[i * d + j] = help[j] * 0.5 + 1.0;
    }
}

static double
sum (const double *a, int n)
{
  double s = 0;
  for (int k = 0; k < n; k++)
    s += a[k] * (k % 7 + 1);
  return s;
}

int
main (void)
{
  int c = 4, d = 200000;
  double *a = calloc ((size_t) c * d + 1, sizeof (double));
  double *b = calloc ((size_t) c * d, sizeof (double));
  for (int x = 1; x <= 9; x += 4)
    {
      for (int k = 0; k < d; k++)
	a[k] = k % 11;
      e7 (c, d, x, a, b);		/* apart */
      printf ("x=%d apart %.3f %.3f\n", x, sum (a, d), sum (b, c * d));
      for (int k = 0; k < c * d + 1; k++)
	a[k] = k % 11;
      e7 (c, d, x, a, a + 1);		/* overlapping: as written */
      printf ("x=%d overlap %.3f\n", x, sum (a, c * d + 1));
    }
  free (a);
  free (b);
  return 0;
}

/* { dg-final { scan-report {functions[name=e7].loops[line=18].guard} {"help+[0, 8*d) and out+[0, 8*c*d) disjoint && d >= 0 && -2147483648 <= d*i <= 2147483647 && 0 <= d*i <= 4294967295 && !(x <= 5)"} } } */
