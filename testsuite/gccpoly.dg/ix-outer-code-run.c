/* Interchange and collapse where the outer loop of the pair has statements
   of its own in its header (at -O3 the inner loops' guards are gone, and
   the header is the inner loop's preheader): a floating-point value of the
   outer counter, which moves into the inner loop.  Each call prints what
   the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-collapse -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
mm (int n, double (*C)[n], double (*A)[n], double (*B)[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loops at lines 16 and 17 interchanged" } */
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j] + j * 0.5;
}

void __attribute__ ((noinline))
channels (int n, double (*restrict out)[n], double (*restrict in)[n])
{
  for (int c = 0; c < 3; c++)	/* { dg-optimized "gccpoly: loops at lines 24 and 25 collapsed" } */
    for (int i = 0; i < n; i++)
      out[c][i] = in[c][i] * ((c + 1) * 0.75) + (i & 7) * 0.125;
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
  int sizes[] = { 1, 5, 64 };
  for (int t = 0; t < 3; t++)
    {
      int n = sizes[t];
      double *a = malloc (sizeof (double) * 3 * n * n);
      for (int k = 0; k < 3 * n * n; k++)
	a[k] = (k % 13) * 0.25;
      mm (n, (void *) a, (void *) (a + n * n), (void *) (a + 2 * n * n));
      printf ("mm %d %.17g\n", n, sum (a, 3 * n * n));
      channels (n, (void *) a, (void *) (a + 3 * n));
      printf ("channels %d %.17g\n", n, sum (a, 3 * n));
      free (a);
    }
  return 0;
}
