/* Fused multiply-adds (issue 47): LU and Cholesky factorizations of the
   textbook form, at -O3
   -march=native with GCC's default -ffp-contract=fast: on this processor
   GCC fuses products with the additions that use them (FMA), and which
   ones depends on the shape of the code around them.  Unroll-and-jam of
   the j loops (the cells' chains side by side) and the cells carried in
   registers would change which products GCC fuses, and so the results in
   their last bits: they are not made, and the program must print, to the
   last bit (%a), what the plain build prints.  Sums with no product
   are jammed as before.  */
/* { dg-do run } */
/* { dg-require-fma "" } */
/* { dg-options "-O3 -march=native -fno-math-errno -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Doolittle: A = L U, L unit lower triangular in the strict lower part,
   U in the upper part, no pivoting.  */
__attribute__((noinline)) void
lu (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++) /* { dg-missed "gccpoly: loop at line \\d+ not unrolled and jammed: it would change which multiplications GCC fuses with additions \\(the product at line \\d+; -ffp-contract=fast, and the target has fused multiply-adds\\), and so the results in their last bits; -fplugin-arg-gccpoly-fma-may-differ allows it" "lu" { target gcc12 } } */
	{
	  for (int k = 0; k < j; k++)
	    A[i][j] -= A[i][k] * A[k][j];
	  A[i][j] /= A[j][j];
	}
      for (int j = i; j < n; j++)
	for (int k = 0; k < i; k++)
	  A[i][j] -= A[i][k] * A[k][j];
    }
}

/* A = L L^T for a symmetric positive definite A, L in the lower part.  */
__attribute__((noinline)) void
cholesky (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++) /* { dg-missed "gccpoly: loop at line \\d+ not unrolled and jammed: it would change which multiplications GCC fuses" "cholesky" { target gcc12 } } */
	{
	  for (int k = 0; k < j; k++) /* { dg-missed "gccpoly: the running value of the cell of A left in memory: it would change which multiplications GCC fuses" "cholesky cell" } */
	    A[i][j] -= A[i][k] * A[j][k];
	  A[i][j] /= A[j][j];
	}
      for (int k = 0; k < i; k++) /* { dg-missed "gccpoly: the running value of the cell of A left in memory: it would change which multiplications GCC fuses" "cholesky diagonal" } */
	A[i][i] -= A[i][k] * A[i][k];
      A[i][i] = sqrt (A[i][i]);
    }
}

/* Each row's sum, added to every y[k] (atax without its products): no
   product to fuse, jammed.  */
__attribute__((noinline)) void
sums (int n, double A[n][n], double *s, double *y)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "gccpoly: loop at line \\d+ unrolled and jammed by 4, in a copy run when .*: its inner loops at lines \\d+ and \\d+ run 4 of its iterations at each of theirs.*as written$" "sums" } */
    {
      s[i] = 0.0;
      for (int k = 0; k < n; k++)
	s[i] = s[i] + A[i][k];
      for (int k = 0; k < n; k++)
	y[k] = y[k] + s[i];
    }
}

static void
fill (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i == j ? n + 1.0 : (double) ((i * 7 + j * 3) % 11 + 1) / (n + 3);
}

static void
fill_spd (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i == j ? n + 2.0 : 1.0 / (1 + i + j);
}

static void
show (const char *what, int n, double *a, long len)
{
  printf ("%s %d:", what, n);
  for (long k = 0; k < len; k++)
    printf (" %a", a[k]);
  printf ("\n");
}

int
main (void)
{
  for (int n = 0; n <= 57; n += n < 9 ? 1 : 8)
    {
      double (*A)[n] = malloc (sizeof (double) * (n * n + 1));
      double *s = malloc (sizeof (double) * (n + 1));
      double *y = calloc (n + 1, sizeof (double));
      fill (n, A);
      lu (n, A);
      show ("lu", n, &A[0][0], (long) n * n);
      fill_spd (n, A);
      cholesky (n, A);
      show ("cholesky", n, &A[0][0], (long) n * n);
      fill (n, A);
      sums (n, A, s, y);
      show ("sums", n, s, n);
      show ("y", n, y, n);
      free (A);
      free (s);
      free (y);
    }
  return 0;
}
/* With GCC 11 the jam's remarks are not expected (`{ target gcc12 }`):
   GCC 11 counts these inner loops from their outer counter plus one, a
   pair the jam does not take (docs/design.md, GCC versions); the
   programs must still print what the plain build prints.  */
