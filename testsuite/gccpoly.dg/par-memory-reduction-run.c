/* A sum into memory carried by the outer loop (c[j] over i; GCC's own
   interchange makes this shape out of loop-interchange-9.c's column sums
   at -O3): the outer loop is parallel only with reduced copies of c,
   which parloops does not make: the plugin makes them, the sums of these
   signed integers in unsigned arithmetic (par-array-reduction-signed-run.c).
   An earlier plugin marked the outer loop without copies (the reduction,
   named by its cell "c[j]", was not seen to be memory) and the threads
   lost updates of c.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>

#define M 600
int a[M][M], b[M][M], c[M];

void __attribute__ ((noinline))
column_sums (int n)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops; reductions into c: each thread adds into a zeroed copy of its own, and the copies are added to the array after the loop; the sums into c computed in unsigned arithmetic" } */
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

/* { dg-final { scan-report {functions[name=column_sums].loops[line=20].transform} {["parallel","array-reduction","unsigned-reduction"]} } } */
