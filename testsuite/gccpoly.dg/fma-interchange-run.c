/* Fused multiply-adds (issue 47): at -O3 -march=native with GCC's default
   -ffp-contract=fast, the i-j-k matrix product's sum is a chain through a
   register that GCC, tuned for this processor, may leave unfused; swapped,
   the j loop innermost, each C[i][j] is read from memory and GCC fuses
   its product with the addition.  The interchange would change the
   results in their last bits: it is not made, and the program prints (%a)
   what the plain build prints.  The LU's j loop is not jammed either.  */
/* { dg-do run } */
/* { dg-require-fma "" } */
/* { dg-options "-O3 -march=native -fopt-info-loop-missed -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
lu (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++) /* { dg-missed "gccpoly: loop at line \\d+ not unrolled and jammed: it would change which multiplications GCC fuses" "lu" { target gcc12 } } */
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
    for (int j = 0; j < n; j++) /* { dg-missed "gccpoly: loops at lines \\d+ and \\d+ not interchanged: it would change which multiplications GCC fuses with additions \\(the product at line \\d+; -ffp-contract=fast, and the target has fused multiply-adds\\), and so the results in their last bits; -fplugin-arg-gccpoly-fma-may-differ allows it" "mm" } */
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
