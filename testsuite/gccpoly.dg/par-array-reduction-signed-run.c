/* Reductions into arrays of signed integers: each thread adds into a
   zeroed copy of its own, as for unsigned sums (par-array-reduction-run.c),
   but the additions into the copies in the loop and the sums of the
   copies after it are computed in unsigned arithmetic, so that no
   thread's partial sum overflows where the whole does not.  A column sum
   of ints, one of longs with a difference, and colsum again on a matrix
   whose lower half of rows sums to INT_MIN in each column and whose upper
   half sums to 2^31 on its own (the thread that runs it goes past
   INT_MAX; the loop as written never does, and ends at 0).  Each must
   print what it prints without the plugin, match the sums taken in the
   other order (j outside, i inside), and give every copy back.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fdump-tree-parloops2" } */

#include <stdio.h>
#include <stdlib.h>
#include "copies-count.h"

void __attribute__ ((noinline))
colsum (int n, int m, const int *a, int *s)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \[^\\n\]*; reductions into s: each thread adds into a zeroed copy of its own, and the copies are added to the array after the loop; the sums into s computed in unsigned arithmetic" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j];
}

void __attribute__ ((noinline))
coldiff (int n, int m, const int *a, long *s)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "reductions into s: each thread adds \[^\\n\]*; the sums into s computed in unsigned arithmetic" } */
    for (int j = 0; j < m; j++)
      s[j] -= (long) a[i * m + j] * 3;
}

int
main (void)
{
  static const int shapes[][2] = { { 0, 5 }, { 1, 7 }, { 3, 2 }, { 1000, 33 } };
  for (int k = 0; k < 4; k++)
    {
      int n = shapes[k][0], m = shapes[k][1];
      int *a = malloc (sizeof (int) * (n * m + 1));
      int *s = calloc (m, sizeof (int));
      long *l = malloc (sizeof (long) * m);
      for (int x = 0; x < n * m; x++)
	a[x] = (x * 37) % 101 - 50;
      for (int j = 0; j < m; j++)
	l[j] = j;
      colsum (n, m, a, s);
      coldiff (n, m, a, l);
      long bad = 0;
      for (int j = 0; j < m; j++)
	{
	  long e = 0;
	  for (int i = 0; i < n; i++)
	    e += a[i * m + j];
	  bad += s[j] != e;
	  bad += l[j] != j - 3 * e;
	  printf (" %d %ld", s[j], l[j]);
	}
      printf ("\n%dx%d: %ld wrong\n", n, m, bad);
      free (a);
      free (s);
      free (l);
    }
  /* 2048 rows of 8: -2^21 in the first 1024 rows, +2^21 in the others.  */
  int n = 2048, m = 8;
  int *a = malloc (sizeof (int) * n * m);
  int *s = calloc (m, sizeof (int));
  for (int x = 0; x < n * m; x++)
    a[x] = x < n * m / 2 ? -(1 << 21) : 1 << 21;
  colsum (n, m, a, s);
  long bad = 0;
  for (int j = 0; j < m; j++)
    bad += s[j] != 0;
  free (a);
  free (s);
  printf ("halves: %ld wrong; %d blocks not given back\n", bad, nlive);
  return bad != 0 || nlive != 0;
}

/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 22 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 30 } */
/* { dg-final { scan-report {functions[name=colsum].loops[line=22].transform} {["parallel","array-reduction","unsigned-reduction"]} } } */
