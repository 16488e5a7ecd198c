/* Loops whose inner loops carry a chain of floating-point additions from
   one iteration to the next, unrolled and jammed (at -O3, with threads or
   without): atax's rows by 4 (their sums side by side, each carried in a
   register first, then their y updates, each y[j] still in row order); a
   loop from 2 up to m inclusive; rows whose y updates read the sum of the
   row two on (by 2: the jam of 4 would compute it first).  Not jammed: y
   updates that read the next row's sum (any jam computes it first),
   integer sums (no chain the vectorizer does not break), and, with
   threads, rows inside a parallel loop.  Each runs for sizes from 0 up,
   the arrays apart and overlapping, and must print what the plain build
   prints: the same additions in the same order.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
atax (int m, int n, double A[m][n], double *x, double *y, double *tmp)
{
  for (int j = 0; j < n; j++)
    y[j] = 0.0;
  for (int i = 0; i < m; i++) /* { dg-optimized "gccpoly: loop at line 23 unrolled and jammed by 4, in a copy run when .*: its inner loops at lines 26 and 28 run 4 of its iterations at each of theirs" "atax" } */
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++) /* { dg-optimized "gccpoly: the running value of the cell of tmp kept in a register, stored after the loop, in a copy run when " "atax cell" } */
	tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++) /* { dg-missed "gccpoly: parallel loop kept sequential: no overlap test: a bound of .A. has a division" "jammed y loop" } */
	y[j] = y[j] + A[i][j] * tmp[i];
    }
}

__attribute__((noinline)) void
upto (int m, int n, double A[m + 1][n], double *x, double *z)
{
  for (int i = 2; i <= m; i++) /* { dg-optimized "gccpoly: loop at line \\d+ unrolled and jammed by 4, in a copy run when .*: its inner loops at lines \\d+ and \\d+ run 4 of its iterations" "upto" } */
    {
      double s = 0.0;
      for (int j = 0; j < n; j++)
	s = s * 0.5 + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
	z[j] = z[j] + s * A[i][j];
    }
}

__attribute__((noinline)) void
two_on (int m, int n, double A[m][n], double *y, double *tmp)
{
  for (int i = 0; i < m - 2; i++) /* { dg-optimized "gccpoly: loop at line \\d+ unrolled and jammed by 2, in a copy run when " "two_on" } */
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
	tmp[i] = tmp[i] + A[i][j];
      for (int j = 0; j < n; j++)
	y[j] = y[j] + A[i][j] * tmp[i + 2];
    }
}

__attribute__((noinline)) void
next_row (int m, int n, double A[m][n], double *y, double *tmp)
{
  for (int i = 0; i < m - 1; i++) /* { dg-missed "gccpoly: loop at line \\d+ not unrolled and jammed: dependences on tmp go from an iteration to the next" "next_row" } */
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
	tmp[i] = tmp[i] + A[i][j];
      for (int j = 0; j < n; j++)
	y[j] = y[j] + A[i][j] * tmp[i + 1];
    }
}

__attribute__((noinline)) void
integers (int m, int n, int A[m][n], int *x, int *y, int *tmp)
{
  for (int i = 0; i < m; i++)
    {
      tmp[i] = 0;
      for (int j = 0; j < n; j++)
	tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
	y[j] = y[j] + A[i][j] * tmp[i];
    }
}

__attribute__((noinline)) void
planes (int p, int m, int n, double A[p][m][n], double *y, double *tmp)
{
  for (int k = 0; k < p; k++) /* { dg-optimized "gccpoly: loop marked parallel for parloops" "planes marked" } */
    for (int i = 0; i < m; i++)
      {
	tmp[k * m + i] = 0.0;
	for (int j = 0; j < n; j++)
	  tmp[k * m + i] = tmp[k * m + i] + A[k][i][j];
	for (int j = 0; j < n; j++)
	  y[k * n + j] = y[k * n + j] + A[k][i][j] * tmp[k * m + i];
      }
}

/* { dg-final { compiler-output-not {:(7[0-9]|8[0-9]|9[0-9]):[0-9]+: (optimized|missed): gccpoly: loop at line [0-9]+ (not )?unrolled} } } */
/* { dg-final { scan-report {functions[name=atax].loops[line=23].transform} {["jam"]} } } */
/* { dg-final { compiler-output-not {NotAffine} } } */
/* { dg-final { scan-report {functions[name=atax].loops[line=26].transform} {["register-cell"]} } } */
/* { dg-final { scan-report {functions[name=next_row].loops[line=62].transform} {[]} } } */

#include "digest.h"

int
main (void)
{
  static const int sizes[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 17 };
  for (int a = 0; a < 12; a++)
    for (int b = 0; b < 12; b += 3)
      {
	int m = sizes[a], n = sizes[b];
	long mn = (long) (m + 1) * n + m + n + 8;
	double *A = malloc (sizeof (double) * (2 * mn + 2));
	double *v = malloc (sizeof (double) * (3 * mn + 3));
	int *I = malloc (sizeof (int) * (mn + 3 * m + 3 * n + 3));

	fill_doubles (2 * mn, A);
	fill_doubles (3 * mn, v);
	atax (m, n, (void *) A, v, v + mn, v + 2 * mn);
	printf ("atax %d %d: %.17g %.17g\n", m, n, digest (v + mn, n), digest (v + 2 * mn, m));
	/* Overlapping: y is A's first row, tmp x.  */
	fill_doubles (2 * mn, A);
	fill_doubles (3 * mn, v);
	atax (m, n, (void *) A, v, A, v);
	printf ("atax same %d %d: %.17g %.17g\n", m, n, digest (A, 2 * mn), digest (v, mn));

	fill_doubles (2 * mn, A);
	fill_doubles (3 * mn, v);
	upto (m, n, (void *) A, v, v + mn);
	printf ("upto %d %d: %.17g\n", m, n, digest (v + mn, n));

	fill_doubles (2 * mn, A);
	fill_doubles (3 * mn, v);
	two_on (m, n, (void *) A, v, v + mn);
	printf ("two_on %d %d: %.17g %.17g\n", m, n, digest (v, n), digest (v + mn, m));

	fill_doubles (2 * mn, A);
	fill_doubles (3 * mn, v);
	next_row (m, n, (void *) A, v, v + mn);
	printf ("next_row %d %d: %.17g %.17g\n", m, n, digest (v, n), digest (v + mn, m));

	for (long x = 0; x < mn + 3 * m + 3 * n + 3; x++)
	  I[x] = (int) (x * 2654435761u % 1000);
	integers (m, n, (void *) I, I + m * n, I + m * n + n, I + m * n + 2 * n);
	long h = 0;
	for (long x = 0; x < m * n + 2 * n + m; x++)
	  h = h * 1000003 + I[x];
	printf ("integers %d %d: %ld\n", m, n, h);

	fill_doubles (2 * mn, A);
	fill_doubles (3 * mn, v);
	if (2 * (long) m * n <= 2 * mn)
	  {
	    planes (2, m, n, (void *) A, v, v + 2 * n);
	    printf ("planes %d %d: %.17g\n", m, n, digest (v, 2 * n + 2 * m));
	  }
	free (I);
	free (v);
	free (A);
      }
  return 0;
}
