/* A linearized array A[i*m + j] is two-dimensional only while its rows do
   not overlap (j < m): the region assumes it, and the run-time test checks
   it with the overlap of A and B.  With k > m the rows overlap, iterations
   of the i loop write the same elements, and the original loop runs.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
rows (int n, int m, int k, double *A, const double *B)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when B\\+\\\[0, 8\\*k - 8\\*m \\+ 8\\*m\\*n\\) and A\\+\\\[0, 8\\*k - 8\\*m \\+ 8\\*m\\*n\\) disjoint && m >= 0 && \\(k <= 0 \\|\\| m >= k\\)$" } */
    for (int j = 0; j < k; j++)
      A[i * m + j] = B[i * m + j] * 2.0 + i;
}

int
main (void)
{
  int n = 3000, m = 100;
  double *A = calloc ((size_t) n * m + 200, sizeof (double));
  double *B = malloc (sizeof (double) * ((size_t) n * m + 200));
  for (int i = 0; i < n * m + 200; i++)
    B[i] = i % 11;
  rows (n, m, m, A, B);		/* rows apart: the parallel copy */
  double s = 0;
  for (int i = 0; i < n * m + 200; i++)
    s += A[i] * (i % 3);
  rows (n, m, m + 50, A, B);	/* rows overlap: the original loop */
  double t = 0;
  for (int i = 0; i < n * m + 200; i++)
    t += A[i] * (i % 3);
  printf ("%.1f %.1f\n", s, t);
  free (A);
  free (B);
  return 0;
}

/* { dg-final { scan-report-match {functions[name=rows].scops[0].assumptions} {"kind":"delinearization"} } } */
/* { dg-final { scan-report {functions[name=rows].loops[line=14].transform} {["parallel"]} } } */
