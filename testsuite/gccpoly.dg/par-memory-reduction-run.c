/* A sum into memory carried by the outer loop (c[j] over i; GCC's own
   interchange makes this shape out of loop-interchange-9.c's column sums
   at -O3): the outer loop is parallel only with reduced copies of c,
   which parloops does not make and the plugin does not make for signed
   integers (par-array-reduction-run.c), so it stays sequential; the
   inner loop runs in parallel.  The plugin of the previous stop marked the outer loop
   (the reduction, named by its cell "c[j]", was not seen to be memory)
   and the threads lost updates of c.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>

#define M 600
int a[M][M], b[M][M], c[M];

void __attribute__ ((noinline))
column_sums (int n)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs reductions into arrays \\(c\\\[j\\\]\\), and no copies of them per thread can be made: c holds signed integers, and the partial sum of a thread may overflow where the whole does not" } */
    for (int j = 0; j < n; j++)
      c[j] += a[i][j] * b[i][j];
}

int
main (void)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = i % 7 + 1, b[i][j] = j % 5 + 1;
  for (int r = 0; r < 20; r++)
    column_sums (M);
  long s = 0;
  for (int j = 0; j < M; j++)
    s += (long) c[j] * (j % 3 + 1);
  printf ("%ld\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[name=column_sums].loops[line=20].transform} {[]} } } */
