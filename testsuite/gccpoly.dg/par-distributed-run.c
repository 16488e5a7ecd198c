/* With threads: the outer loop is parallel where x's two halves and a are
   apart, and GCC's loop distribution splits the inner loop behind a
   run-time alias test (.LOOP_DIST_ALIAS) before parloops.  The plugin's
   pass before parloops versions the outer loop on its test: the copy of
   the distribution's test it made was left unanswered, and GCC stopped
   with an internal compiler error in expand_LOOP_DIST_ALIAS.  The tests
   inside a loop the plugin copies now answer their condition first
   (register-cell-distributed-run.c without threads).  The program must
   print what the plain build prints, with the arrays apart and
   overlapping.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
g (int n, int m, double *x, const double *a)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when a\\+\\\[8, 8\\*m\\*n\\) and x\\+\\\[0, 16\\*m\\*n\\) disjoint" "marked" } */
    for (int j = 1; j < m; j++)
      {
	x[i * m + j] = a[j] * 2;
	x[n * m + i * m + j] = x[n * m + i * m + j - 1] + a[i * m + j];
      }
}

/* { dg-optimized "Loop 2 distributed: split to 2 loops" "" { target *-*-* } 21 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 20 } */

int
main (void)
{
  static const int sizes[][2] = { { 0, 0 }, { 1, 1 }, { 2, 5 }, { 7, 3 }, { 90, 700 } };
  for (int k = 0; k < 5; k++)
    for (int layout = 0; layout < 3; layout++)
      {
	int n = sizes[k][0], m = sizes[k][1];
	long size = 3L * n * m + m + 8;
	double *pool = malloc (sizeof (double) * size);
	for (long v = 0; v < size; v++)
	  pool[v] = (double) ((v * 7) % 23) / 8.0;
	double *x = pool, *a = pool + 2L * n * m + 4;
	if (layout == 1)
	  a = pool + n * m / 2;
	else if (layout == 2)
	  x = pool + 1;
	g (n, m, x, a);
	double s = 0;
	for (long v = 0; v < size; v++)
	  s = s * 0.999 + pool[v];
	printf ("%d %d %d %.17g\n", n, m, layout, s);
	free (pool);
      }
  return 0;
}
