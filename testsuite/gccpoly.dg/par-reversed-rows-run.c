/* A loop that runs its inner counter backwards over rows of a linearized
   pointer array: GCC writes y[i][h-1-j] as (i+1)*h - 1 - j, which splits
   into [i+1][-1-j].  Read as [i][h-1-j] (a row borrowed), the subscripts
   stay within their rows for every size: the region assumes nothing but
   that y and x do not overlap, and the i loop runs in parallel under that
   test alone.  With y overlapping x (the rows shifted by one) the original
   loop runs.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
rev (int w, int h, double (*y)[h], double (*x)[h])
{
  for (int i = 0; i < w; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when x\\+\\\[0, 8\\*h\\*w\\) and y\\+\\\[0, 8\\*h\\*w\\) disjoint && h >= 0" } */
    {
      double p = 0.0;
      for (int j = h - 1; j >= 0; j--)
	{
	  y[i][j] = x[i][j] * 0.5 + p;
	  p = y[i][j];
	}
    }
}

int
main (void)
{
  int w = 2000, h = 300;
  double *a = malloc (sizeof (double) * (w + 1) * h);
  double *b = malloc (sizeof (double) * w * h);
  for (int k = 0; k < (w + 1) * h; k++)
    a[k] = k % 17;
  rev (w, h, (double (*)[h]) b, (double (*)[h]) a);	/* apart: the parallel copy */
  double s = 0;
  for (int k = 0; k < w * h; k++)
    s += b[k] * (k % 5);
  printf ("%.6f\n", s);
  rev (w, h, (double (*)[h]) a, (double (*)[h]) (a + h));	/* overlapping: the original */
  s = 0;
  for (int k = 0; k < (w + 1) * h; k++)
    s += a[k] * (k % 5);
  printf ("%.6f\n", s);
  free (a);
  free (b);
  return 0;
}

/* { dg-final { scan-dump-not {assumption \(delinearization\)} } } */
/* { dg-final { scan-report {functions[name=rev].loops[line=17].guard} {"x+[0, 8*h*w) and y+[0, 8*h*w) disjoint && h >= 0"} } } */
