/* Pairs whose inner loop waits on the value its previous iteration wrote
   run by the diagonals f * a + b of their iteration numbers, at -O3
   (without threads too): seidel-2d's sweep (f = 2), the upper and left
   neighbours (f = 1), loops going down, the row before read two columns
   on (f = 3), a second array (versioned on its overlap test).  Not run
   by diagonals: a cell four columns on in the row before (f = 5 needed),
   the last cell of the row before (no f), an inner loop that carries no
   value (nothing to gain), a pair inside a parallel loop (with threads),
   three reads over two rows (too little work per cache line).  Each runs
   for sizes from 0 up, arrays apart and the same, and must print what the
   plain build prints (below 16 f inner iterations the pair as written).
   Without the check of the diagonals' order (f = 1 always), wide fails.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
seidel (int steps, int n, double A[n][n])
{
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++) /* { dg-optimized "gccpoly: loops at lines 23 and 24 run by diagonals: the outer loop counts the diagonals 2 a \\+ b of their iteration numbers" "seidel" } */
      for (int j = 1; j < n - 1; j++)
	A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
		   + A[i][j - 1] + A[i][j] + A[i][j + 1]
		   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

__attribute__((noinline)) void
upleft (int n, int m, unsigned A[n][m])
{
  for (int i = 1; i < n; i++) /* { dg-optimized "gccpoly: loops at lines 33 and 34 run by diagonals: the outer loop counts the diagonals a \\+ b" "upleft" } */
    for (int j = 2; j < m; j++)
      A[i][j] = A[i - 1][j] * 3u + (A[i][j - 1] ^ (unsigned) j) + A[i - 1][j - 1] + A[i - 1][j - 2] * 5u + A[i][j] * 7u;
}

__attribute__((noinline)) void
down (int n, double A[n][n])
{
  for (int i = n - 2; i >= 1; i--) /* { dg-optimized "gccpoly: loops at lines 41 and 42 run by diagonals: the outer loop counts the diagonals 2 a \\+ b" "down" } */
    for (int j = n - 2; j >= 1; j--)
      A[i][j] = A[i][j + 1] * 0.5 + A[i + 1][j - 1] * 0.25 + A[i + 1][j + 1] + A[i + 1][j] * 0.125 + A[i][j];
}

__attribute__((noinline)) void
two (int n, double x[n][n], double y[n][n])
{
  for (int i = 1; i < n - 1; i++) /* { dg-optimized "gccpoly: loops at lines 49 and 50 run by diagonals, in a copy run when " "two" } */
    for (int j = 1; j < n - 1; j++)
      x[i][j] = x[i][j - 1] * 0.5 + x[i - 1][j + 1] + x[i - 1][j] * 0.25 + x[i - 1][j - 1] + x[i][j] * 0.125 + y[i][j] + y[i][j - 1] * 0.5 + y[i][j + 1];
}

__attribute__((noinline)) void
wide (int n, double A[n][n])
{
  for (int i = 1; i < n; i++) /* { dg-optimized "gccpoly: loops at lines 57 and 58 run by diagonals: the outer loop counts the diagonals 3 a \\+ b" "wide" } */
    for (int j = 1; j < n - 2; j++)
      A[i][j] = A[i][j - 1] * 0.5 + A[i - 1][j + 2] + A[i - 1][j + 1] * 0.25 + A[i - 1][j] + A[i][j] * 0.125;
}

__attribute__((noinline)) void
steep (int n, double A[n][n])
{
  for (int i = 1; i < n; i++) /* { dg-missed "gccpoly: loops at lines 65 and 66 not run by diagonals: no diagonals f \\* i \\+ j with f up to 4 keep the dependences on A" "steep" } */
    for (int j = 1; j < n - 4; j++)
      A[i][j] = A[i][j - 1] + A[i - 1][j + 4];
}

__attribute__((noinline)) void
last (int n, double A[n][n])
{
  for (int i = 1; i < n; i++) /* { dg-missed "gccpoly: loops at lines 73 and 74 not run by diagonals" "last" } */
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1] + A[i - 1][n - 1];
}

__attribute__((noinline)) void
nochain (int n, double A[n][n])
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] * 0.5 + A[i - 1][j] + A[i - 1][j - 1] * 0.25 + A[i][j] + A[i][j + 1] * 0.125;
}

/* { dg-final { compiler-output-not {:8[12]:[0-9]+: (optimized|missed): gccpoly: loops at lines} } } */
/* { dg-final { scan-report {functions[name=seidel].loops[line=23].transform} {["skew"]} } } */
/* { dg-final { scan-report {functions[name=seidel].loops[line=24].transform} {["skew"]} } } */
/* { dg-final { scan-report {functions[name=seidel].loops[line=22].transform} {[]} } } */

/* With threads, a parallel loop around the pair keeps it as it is.  */
__attribute__((noinline)) void
planes (int p, int n, double A[p][n][n])
{
  for (int k = 0; k < p; k++) /* { dg-optimized "gccpoly: loop marked parallel for parloops" "planes marked" } */
    for (int i = 1; i < n; i++) /* { dg-missed "gccpoly: loops at lines 96 and 97 not run by diagonals: the loop at line 95 around them runs in parallel" "planes" } */
      for (int j = 1; j < n; j++)
	A[k][i][j] = A[k][i][j - 1] * 0.5 + A[k][i - 1][j] * 0.25;
}

/* Three reads over two rows: too little work per cache line.  */
__attribute__((noinline)) void
light (int n, double A[n][n])
{
  for (int i = 1; i < n - 1; i++) /* { dg-missed "gccpoly: loops at lines 105 and 106 not run by diagonals: too little work per cache line: 3 reads over 2 rows an iteration" "light" } */
    for (int j = 1; j < n - 1; j++)
      A[i][j] = A[i][j - 1] * 0.5 + A[i - 1][j + 1] * 0.25 + A[i][j];
}

/* The inner loop's start a parameter: its counter computed from b in
   each iteration, the outer one a counter of the new inner loop's own
   (docs/codegen.md, Skewed pairs).  */
__attribute__((noinline)) void
offset (int n, int s, double A[n][n])
{
  for (int i = 1; i < n - 1; i++) /* { dg-optimized "gccpoly: loops at lines \\d+ and \\d+ run by diagonals, in a copy run when \\(n <= 2 \\|\\| s > 0\\): the outer loop counts the diagonals 2 a \\+ b" "offset" } */
    for (int j = s; j < n - 1; j++)
      A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1]
		 + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

/* Unsigned counters: both computed from a and b in each iteration.  */
__attribute__((noinline)) void
ucount (unsigned n, double A[n][n])
{
  for (unsigned i = 1; i < n - 1; i++) /* { dg-optimized "gccpoly: loops at lines \\d+ and \\d+ run by diagonals, in a copy run when n > 0: the outer loop counts the diagonals 2 a \\+ b" "ucount" } */
    for (unsigned j = 1; j < n - 1; j++)
      A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1]
		 + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

#include "digest.h"

static void
fill (long k, double *v)
{
  for (long x = 0; x < k; x++)
    v[x] = (double) ((x * 7) % 13) / 8.0;
}

int
main (void)
{
  static const int sizes[] = { 0, 1, 2, 3, 4, 5, 17, 40, 70 };
  for (int s = 0; s < 9; s++)
    {
      int n = sizes[s];
      long nn = (long) n * n;
      double *A = malloc (sizeof (double) * (2 * nn + 2));
      double *B = A + nn + 1;
      unsigned *U = malloc (sizeof (unsigned) * (nn + 3 * n + 1));

      fill (nn, A);
      seidel (3, n, (void *) A);
      printf ("seidel %d: %.17g\n", n, digest (A, nn));

      for (int m = n; m < n + 4; m++)
	{
	  for (long x = 0; x < (long) n * m; x++)
	    U[x] = (unsigned) (x * 2654435761u);
	  upleft (n, m, (void *) U);
	  unsigned long h = 0;
	  for (long x = 0; x < (long) n * m; x++)
	    h = h * 1000003u + U[x];
	  printf ("upleft %d %d: %lu\n", n, m, h);
	}

      fill (nn, A);
      down (n, (void *) A);
      printf ("down %d: %.17g\n", n, digest (A, nn));

      /* two: apart; the same array; y one row on.  */
      fill (2 * nn + 1, A);
      two (n, (void *) A, (void *) B);
      printf ("two %d: %.17g\n", n, digest (A, 2 * nn + 1));
      fill (2 * nn + 1, A);
      two (n, (void *) A, (void *) A);
      printf ("two same %d: %.17g\n", n, digest (A, 2 * nn + 1));
      fill (2 * nn + 1, A);
      two (n, (void *) A, (void *) (A + n));
      printf ("two row %d: %.17g\n", n, digest (A, 2 * nn + 1));

      fill (2 * nn, A);
      planes (2, n, (void *) A);
      printf ("planes %d: %.17g\n", n, digest (A, 2 * nn));

      fill (nn, A);
      wide (n, (void *) A);
      printf ("wide %d: %.17g\n", n, digest (A, nn));

      fill (nn, A);
      light (n, (void *) A);
      printf ("light %d: %.17g\n", n, digest (A, nn));

      for (int o = 1; o < 4; o++)
	{
	  fill (nn, A);
	  offset (n, o, (void *) A);
	  printf ("offset %d %d: %.17g\n", n, o, digest (A, nn));
	}

      if (n > 0)
	{
	  fill (nn, A);
	  ucount (n, (void *) A);
	  printf ("ucount %d: %.17g\n", n, digest (A, nn));
	}

      fill (nn, A);
      steep (n, (void *) A);
      last (n, (void *) A);
      nochain (n, (void *) A);
      printf ("rest %d: %.17g\n", n, digest (A, nn));
      free (U);
      free (A);
    }
  return 0;
}
