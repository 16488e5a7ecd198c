/* Fused multiply-adds (issue 47): with -ffp-contract=off at -O3
   -march=native GCC fuses nothing, and the rewrites that would change
   which products it fuses are made as at the generic target: the LU's j
   loop unrolled and jammed, the matrix product's j and k loops swapped,
   their remarks without a word of fused multiply-adds.  The program
   prints (%a) what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O3 -march=native -ffp-contract=off -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
lu (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++) /* { dg-optimized "gccpoly: loop at line \\d+ unrolled and jammed by 4: .*; the loop at line \\d+ runs one iteration more at each iteration.*; no dependence goes from an iteration to one of the next 3 that the new order runs first; its last 1 to 4 iterations run after it, as written$" "lu" { target gcc12 } } */
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

__attribute__((noinline)) void
mm (int n, double (*C)[n], double (*A)[n], double (*B)[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) /* { dg-optimized "gccpoly: loops at lines \\d+ and \\d+ interchanged, in a copy run when .*: the inner loop.s accesses touch .*; legal once the running value is kept in memory: every other dependence is kept$" "mm" } */
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
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
  for (int n = 0; n <= 50; n += n < 5 ? 1 : 9)
    {
      double (*A)[n] = malloc (sizeof (double) * (n * n + 1));
      double (*B)[n] = malloc (sizeof (double) * (n * n + 1));
      double (*C)[n] = malloc (sizeof (double) * (n * n + 1));
      for (int i = 0; i < n; i++)
	for (int j = 0; j < n; j++)
	  {
	    A[i][j] = i == j ? n + 1.0 : (double) ((i * 7 + j * 3) % 11 + 1) / (n + 3);
	    B[i][j] = (double) ((i * 5 + j) % 13) / 7;
	    C[i][j] = (double) (i - j) / 3;
	  }
      mm (n, C, A, B);
      show ("mm", n, &C[0][0], (long) n * n);
      lu (n, A);
      show ("lu", n, &A[0][0], (long) n * n);
      free (A);
      free (B);
      free (C);
    }
  return 0;
}
/* With GCC 11 the jam's remarks are not expected (`{ target gcc12 }`):
   GCC 11 counts these inner loops from their outer counter plus one, a
   pair the jam does not take (docs/design.md, GCC versions); the
   programs must still print what the plain build prints.  */
