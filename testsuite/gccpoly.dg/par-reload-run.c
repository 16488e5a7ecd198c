/* PRE keeps tmp[i] in a register across the iterations of the j loop and
   reloads it at the end of each (the store to y[j] might change it as far
   as GCC knows): a PHI that parloops takes for a dependence between
   iterations, so it would not run the loop the plugin marked.  The model
   shows the loop writes no element of tmp (under the overlap test), so the
   value is loaded in each iteration instead, and parloops runs the loop
   (min-trips=1: at this size too).  The output must equal the plain
   build's.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
atax (int m, int n, double A[m][n], double *x, double *y, double *tmp)
{
  for (int i = 0; i < n; i++)
    y[i] = 0.0;
  for (int i = 0; i < m; i++)
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
	tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .*; 1 value that PRE carried from one iteration to the next loaded in each iteration instead" } */
	y[j] = y[j] + A[i][j] * tmp[i];
    }
}
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 25 } */

int
main (void)
{
  int m = 300, n = 4000;
  double (*A)[n] = malloc (sizeof (double) * m * n);
  double *x = malloc (sizeof (double) * n), *y = malloc (sizeof (double) * n), *tmp = malloc (sizeof (double) * m);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double) ((i * 7 + j * 3) % 17) / 17.0;
  for (int j = 0; j < n; j++)
    x[j] = 1.0 + (j % 5) * 0.25;
  atax (m, n, A, x, y, tmp);
  double s = 0;
  for (int j = 0; j < n; j++)
    s += y[j] * (j % 7 + 1);
  for (int i = 0; i < m; i++)
    s += tmp[i];
  printf ("%.6f\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[name=atax].loops[line=25].transform} {["parallel","reload","wide-counter"]} } } */
/* { dg-final { compiler-output-not {did not parallelize} } } */
