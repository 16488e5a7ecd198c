/* Cells PRE already keeps in a register but stores each iteration, since
   GCC cannot tell the loop's other accesses to the array apart from the
   cell: in a nest that holds no marked loop, the model proves them apart
   and the store moves after the loop (cholesky's A[i][j] beside A[i][k],
   k < j; trisolv's x[i] beside x[j], j < i, in the copy where its arrays
   are apart).  Not moved: a cell the loop also reaches through another
   access (k <= j reads A[i][j] itself), and cells inside a nest whose
   outer loop is marked parallel (there the vectorizer's in-order
   reductions ran slower).  Each runs for sizes from 0 up, with the arrays
   apart and overlapping, and must print what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O3 -fno-math-errno -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
cholesky (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++)
	{
	  for (int k = 0; k < j; k++) /* { dg-optimized "gccpoly: the running value of the cell of A kept in a register, stored after the loop$" "cholesky row" } */
	    A[i][j] -= A[i][k] * A[j][k];
	  A[i][j] /= A[j][j];
	}
      for (int k = 0; k < i; k++) /* { dg-optimized "gccpoly: the running value of the cell of A kept in a register, stored after the loop$" "cholesky diagonal" } */
	A[i][i] -= A[i][k] * A[i][k];
      A[i][i] = sqrt (A[i][i]);
    }
}

__attribute__((noinline)) void
trisolv (int n, double *L, double *x, double *b)
{
  for (int i = 0; i < n; i++)
    {
      x[i] = b[i];
      for (int j = 0; j < i; j++) /* { dg-optimized "gccpoly: the running value of the cell of x kept in a register, stored after the loop, in a copy run when " "trisolv" } */
	x[i] -= L[i * n + j] * x[j];
      x[i] = x[i] / L[i * n + i];
    }
}

__attribute__((noinline)) void
reach (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      for (int k = 0; k <= j; k++)
	A[i][j] -= A[i][k] * A[j][k] * 0.5;
}

__attribute__((noinline)) void
rows (int n, double A[n][n], double B[n][n])
{
  for (int i = 0; i < n; i++) /* { dg-optimized "gccpoly: loop marked parallel for parloops" "rows marked" } */
    for (int j = 0; j < i; j++)
      for (int k = 0; k < j; k++)
	A[i][j] -= A[i][k] * B[j][k];
}

/* { dg-final { compiler-output-not {:(50|51|52|59|60|61):[0-9]+: optimized: gccpoly: the running value} } } */
/* { dg-final { scan-report {functions[name=cholesky].loops[line=25].transform} {["register-cell"]} } } */
/* { dg-final { scan-report {functions[name=cholesky].loops[line=29].transform} {["register-cell"]} } } */
/* { dg-final { scan-report {functions[name=cholesky].loops[line=21].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=trisolv].loops[line=41].transform} {["register-cell"]} } } */

#include "digest.h"

static void
spd (int n, double *A)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = i == j ? n + 2.0 : (double) ((i * 7 + j * 3) % 5) / (5.0 * n);
}

int
main (void)
{
  static const int sizes[] = { 0, 1, 2, 3, 17, 130 };
  for (int s = 0; s < 6; s++)
    {
      int n = sizes[s];
      long nn = (long) n * n;
      double *A = malloc (sizeof (double) * (2 * nn + 2 * n + 4));
      double *B = A + nn + 2;

      spd (n, A);
      cholesky (n, (void *) A);
      printf ("cholesky %d: %.17g\n", n, digest (A, nn));

      /* trisolv: apart; b inside x; x inside L (its last row's end).  */
      spd (n, A);
      for (int i = 0; i < n; i++)
	B[i] = i % 7 - 3.0;
      trisolv (n, A, B + n, B);
      printf ("trisolv %d: %.17g\n", n, digest (B + n, n));
      spd (n, A);
      for (int i = 0; i < 2 * n; i++)
	B[i] = i % 7 - 3.0;
      trisolv (n, A, B + 1, B);
      printf ("trisolv b x %d: %.17g\n", n, digest (B, 2 * n));
      spd (n, A);
      trisolv (n, A, A + nn - n / 2, B);
      printf ("trisolv x L %d: %.17g\n", n, digest (A, nn + 2));

      spd (n, A);
      reach (n, (void *) A);
      printf ("reach %d: %.17g\n", n, digest (A, nn));

      spd (n, A);
      spd (n, B);
      rows (n, (void *) A, (void *) B);
      printf ("rows %d: %.17g\n", n, digest (A, nn));
      free (A);
    }
  return 0;
}
