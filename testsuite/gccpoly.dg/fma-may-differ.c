/* Fused multiply-adds (issue 47): with -fplugin-arg-gccpoly-fma-may-differ
   the rewrites that change which products GCC fuses with additions at
   -O3 -march=native are made anyway, and their remarks say that results
   may differ from the build without the plugin.  Compiled only: the
   program's output differs from the plain build's in the last bits.  */
/* { dg-do compile } */
/* { dg-require-fma "" } */
/* { dg-options "-O3 -march=native -fplugin-arg-gccpoly-fma-may-differ -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
lu (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++) /* { dg-optimized "gccpoly: loop at line \\d+ unrolled and jammed by 4: .*as written; GCC may fuse other multiplications with additions than as written \\(the product at line \\d+\\): results may differ from the build without the plugin in their last bits \\(-fplugin-arg-gccpoly-fma-may-differ\\)" "lu" { target gcc12 } } */
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
    for (int j = 0; j < n; j++) /* { dg-optimized "gccpoly: loops at lines \\d+ and \\d+ interchanged, in a copy run when .*legal once the running value is kept in memory.*; GCC may fuse other multiplications with additions than as written \\(the product at line \\d+\\): results may differ" "mm" } */
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
