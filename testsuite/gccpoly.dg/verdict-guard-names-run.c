/* A value GCC computes before a region is a parameter of the model of its
   own, which run-time tests named p or p_N: "in a copy run when p >= 0"
   for a loop to 2 * nn, "(m <= 0 || p >= k)" for the row stride of double
   (*A)[n].  Tests now write such a value as what it is over the source's
   variables: a product as the source has it (its constant first), a
   conversion that may change the value as a cast to a fixed-width type.
   The output must be the plain build's.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

#include <stdio.h>
#include <stdlib.h>

static void
fill (long k, double *v)
{
  for (long x = 0; x < k; x++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(2 \\* nn\\) >= 0 && iterations >= 50000" "2 * nn" } */
    v[x] = (double) ((x * 7) % 13) / 8.0;
}

static double __attribute__ ((noinline))
digest (const double *v, long k)
{
  double d = 0;
  for (long x = 0; x < k; x++)
    d = d * 1.0000001 + v[x];
  return d;
}

static double __attribute__ ((noinline))
part (int m, int n, int k)
{
  double (*A)[n] = calloc ((size_t) m * n + 8, sizeof (double));
  for (int i = 0; i < m; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(uint64_t\\) n >= k$" "(uint64_t) n" } */
    for (int j = 0; j < k; j++)
      A[i][j] = i - 2.0 * j;
  double d = digest (&A[0][0], (long) m * n);
  free (A);
  return d;
}

/* { dg-final { scan-report {functions[name=part].loops[line=34].guard} {"(uint64_t) n >= k"} } } */
/* { dg-final { scan-report {functions[name=part].scops[0].param_values} {{"p":"(uint64_t) n"}} } } */

int
main (void)
{
  static const int sizes[] = { 0, 1, 2, 3, 17, 40, 230 };
  for (int s = 0; s < 7; s++)
    {
      int n = sizes[s];
      long nn = (long) n * n;
      double *A = malloc (sizeof (double) * (2 * nn + 2));
      fill (nn, A);
      printf ("%d %.17g\n", n, digest (A, nn));
      fill (2 * nn, A);
      printf ("%d %.17g\n", n, digest (A, 2 * nn));
      fill (2 * nn + 1, A);
      printf ("%d %.17g\n", n, digest (A, 2 * nn + 1));
      free (A);
    }
  for (int s = 0; s < 7; s++)
    printf ("%d %.17g %.17g\n", s, part (sizes[s], sizes[s] + 1, sizes[s]), part (sizes[s] + 2, sizes[s], sizes[s] / 2));
  return 0;
}
