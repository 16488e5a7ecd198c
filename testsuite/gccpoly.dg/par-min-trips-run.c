/* Both copies of an inner loop versioned on its number of iterations
   (par-min-trips.c): the parallel one with 60,000 iterations, the
   sequential one with 1,000, then 49,999 and 50,000 (the edge); plain
   pointers, so that parloops does not run the small copy in parallel by
   its own test.  The output must equal the plain build's.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
rows (int n, int m, double *a, double *b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .* && iterations >= 50000" } */
      a[j] = a[j] * 0.5 + b[i * m + j];
}
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 16 } */

int
main (void)
{
  static const int shapes[][2] = { { 3, 60000 }, { 100, 1000 }, { 2, 49999 }, { 2, 50000 } };
  double s = 0;
  for (int k = 0; k < 4; k++)
    {
      int n = shapes[k][0], m = shapes[k][1];
      double *a = calloc (m, sizeof (double)), *b = malloc (sizeof (double) * n * m);
      for (int x = 0; x < n * m; x++)
	b[x] = (x % 97) * 0.125;
      rows (n, m, a, b);
      for (int j = 0; j < m; j++)
	s += a[j] * (j % 11 + 1);
      free (a);
      free (b);
    }
  printf ("%.6f\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[name=rows].loops[line=16].transform} {["parallel","wide-counter"]} } } */
