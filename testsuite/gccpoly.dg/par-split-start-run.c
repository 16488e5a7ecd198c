/* At -O3 GCC splits `for (j = 0; j < n; j++) ... j < i ? x : y` into a loop
   over j < min (i, n) and a second loop that starts from a merge of the
   first loop's exit value and 0 (where the first loop did not run).  The
   pass before parloops models that start where it is one value of the
   outer counters wherever the second loop runs (i here, i + 1 for j <= i),
   so the outer loop is a region and runs in parallel: trisolv's
   initialization (round-robin: the two parts' counts vary with i).  A
   split at a parameter (`j < m`) starts the second part
   at 0 or min (m, n), no one value: the outer loop stays no region there
   (its inner loops are marked on their own).  The rows nest reads the row
   before: its outer loop must not be marked.  Each runs for sizes from 0
   up, and must print what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
init (int n, double L[n][n], double *x, double *b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when x\\+\\\[0, 8\\*n\\) and b\\+\\\[0, 8\\*n\\) disjoint" "init marked" } */
    {
      x[i] = -999.0;
      b[i] = (double) i;
      for (int j = 0; j < n; j++)
	L[i][j] = j < i ? (double) ((i + n - j + 1) % n) / n / 2.0
		: j == i ? (double) n : -999.0;
    }
}

void __attribute__ ((noinline))
upper (int n, int A[n][n])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops; iterations dealt round-robin" "upper marked" } */
    for (int j = 0; j < n; j++)
      A[i][j] = j <= i ? i * 3 + j : -j;
}

void __attribute__ ((noinline))
param (int n, int m, int A[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = j < m ? i + j : i - j;
}

void __attribute__ ((noinline))
rows (int n, int A[n][n])
{
  for (int i = 1; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: A: the value of A flows from one iteration to another" } */
    for (int j = 0; j < n; j++)
      A[i][j] = j < i ? A[i - 1][j] + 1 : A[i - 1][j] * 2;
}

/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 22 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 35 } */
/* { dg-final { compiler-output-not {:(43|51):[0-9]+: optimized: gccpoly: loop marked} } } */
/* { dg-final { compiler-output-not {:(43|51):[0-9]+: optimized: parallelizing outer loop} } } */
/* { dg-final { scan-report {functions[name=init].loops[line=22].transform} {["parallel","cyclic"]} } } */
/* { dg-final { scan-report {functions[name=upper].loops[line=35].transform} {["parallel","cyclic"]} } } */

int
main (void)
{
  static const int sizes[] = { 0, 1, 2, 3, 17, 130 };
  for (int k = 0; k < 6; k++)
    {
      int n = sizes[k];
      double (*L)[n + 1] = malloc (sizeof (double[n + 1][n + 1]));
      double *x = malloc (sizeof (double[n + 1]));
      double *b = malloc (sizeof (double[n + 1]));
      int (*A)[n + 1] = malloc (sizeof (int[n + 1][n + 1]));
      init (n, (void *) L, x, b);
      double s = 0;
      for (int i = 0; i < n * n; i++)
	s += ((double *) L)[i] * (1 + i % 5);
      for (int i = 0; i < n; i++)
	s += x[i] + 3 * b[i];
      long t = 0;
      upper (n, (void *) A);
      for (int i = 0; i < n * n; i++)
	t += ((int *) A)[i] * (long) (1 + i % 7);
      for (int m = -1; m <= n + 1; m += (n > 4 ? n / 3 : 1))
	{
	  param (n, m, (void *) A);
	  for (int i = 0; i < n * n; i++)
	    t += ((int *) A)[i] * (long) (1 + i % 3);
	}
      for (int i = 0; i < n * n; i++)
	((int *) A)[i] = i % 11;
      rows (n, (void *) A);
      for (int i = 0; i < n * n; i++)
	t += ((int *) A)[i] * (long) (1 + i % 5);
      printf ("%d %.17g %ld\n", n, s, t);
      free (L);
      free (x);
      free (b);
      free (A);
    }
  return 0;
}
