/* Minima and maxima inside a loop's count or a condition (not only at the
   top of GCC's count) are taken case by case: f's inner loop runs to
   min (i, m) + 1 and g's statement runs where j < max (i, m) - 3.  Both
   nests are regions whose outer loops run in parallel under a test of m
   and n (the rows of a must not overlap), and the programs print what the
   plain build prints on both sides of the tests.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
f (int n, int m, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(m <= 999 \\|\\| n <= 1001\\);" } */
    {
      int e = (i < m ? i : m) + 2;
      for (int j = 1; j < e; j++)
	a[i * 1000 + j] += j;
    }
}

void __attribute__ ((noinline))
g (int n, int m, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .*n <= 1005 && \\(n <= 1000 \\|\\| m <= 1003\\)" } */
    for (int j = 0; j < n; j++)
      if (j < (i > m ? i : m) - 3)
	a[i * 1000 + j] += j;
}

/* { dg-remark "gccpoly: SCoP 1: 2 loops, 2 statements" "" { target *-*-* } 16 } */
/* { dg-remark "gccpoly: SCoP 1: 2 loops, 3 statements" "" { target *-*-* } 27 } */
/* { dg-final { compiler-output-not {not in a SCoP: non-affine} } } */

int
main (void)
{
  /* (n, m): the tests hold for the first two of each, fail for the last.  */
  static const int fs[][2] = { { 1001, 5000 }, { 1500, 900 }, { 1100, 1200 } };
  static const int gs[][2] = { { 1000, 5000 }, { 1004, 20 }, { 1010, 1010 } };
  double s = 0;
  for (int k = 0; k < 6; k++)
    {
      const int *nm = k < 3 ? fs[k] : gs[k - 3];
      long cells = (long) nm[0] * 1000 + 2 * nm[0] + 2 * nm[1] + 8;
      double *a = malloc (cells * sizeof (double));
      for (long x = 0; x < cells; x++)
	a[x] = x % 13;
      if (k < 3)
	f (nm[0], nm[1], a);
      else
	g (nm[0], nm[1], a);
      for (long x = 0; x < cells; x++)
	s += a[x] * (1 + x % 5);
      printf ("%d %.1f\n", k, s);
      free (a);
    }
  return 0;
}
