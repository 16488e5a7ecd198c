/* The copy a run-time test selects: with disjoint arrays the parallel one,
   with overlapping arrays the original sequential loop, whose result (a
   prefix sum here, a recurrence through memory) the parallel copy would
   get wrong.  Both must print what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

#define N 200000

void __attribute__ ((noinline))
accumulate (int n, long *a, const long *b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when" } */
    a[i] = a[i] + b[i] + 1;
}
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 16 } */

int
main (void)
{
  long *a = malloc (sizeof (long) * N), *b = malloc (sizeof (long) * N);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i % 7;
  accumulate (N, a, b);		/* disjoint: the parallel copy */
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 5);
  printf ("%ld\n", s);
  accumulate (N - 1, a + 1, a);	/* a[i+1] += a[i] + 1: sequential */
  s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 5);
  printf ("%ld %ld\n", s, a[N - 1]);
  free (a);
  free (b);
  return 0;
}
