/* A loop split around one iteration (Floyd-Warshall's shape: row k is
   written in iteration k and read by all the others) whose body holds two
   inner loops, the second starting from what the first computed (t[i],
   which PRE carries from one into the other).  The copies of the loop the
   split makes are the vectorizer's (made for innermost loops): their
   inner loops kept, on their entry edges, the original's values, and GCC
   stopped with an internal error (-fchecking: "definition does not
   dominate use").  The copies now take their own.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
rows (int n, double (*a)[n], double *t)
{
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 18" "rows" } */
      {
	t[i] = 0;
	for (int j = 0; j < n; j++)
	  t[i] = t[i] + a[k][j] * 0.5;
	for (int j = 0; j < n; j++)
	  a[i][j] = a[i][j] * 0.25 + t[i];
      }
}

int
main (void)
{
  static const int sizes[] = { 0, 1, 2, 3, 5, 30 };
  for (int s = 0; s < 6; s++)
    {
      int n = sizes[s];
      double (*a)[n] = malloc (sizeof (double) * n * n + 8);
      double *t = malloc (sizeof (double) * n + 8);
      for (int i = 0; i < n; i++)
	for (int j = 0; j < n; j++)
	  a[i][j] = (i * 7 + j * 3) % 11 / 4.0;
      rows (n, a, t);
      double d = 0;
      for (int i = 0; i < n; i++)
	for (int j = 0; j < n; j++)
	  d = d * 0.999 + a[i][j];
      printf ("%d: %.17g\n", n, d);
      free (t);
      free (a);
    }
  return 0;
}
