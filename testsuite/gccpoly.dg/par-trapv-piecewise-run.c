/* With -ftrapv, the overlap test of the i loop (its bounds on r and y are
   piecewise in n: k - 1 is at most n - 2 where n >= 2, nothing where
   n <= 1) is still built: its arithmetic, done in the unsigned type under
   -ftrapv, is gimplified without the temporary outside SSA that a
   conditional of trapping operations needs (an internal compiler error in
   gimplify_modify_expr before).  The i loop runs in parallel in the
   tested copy, and the output must equal the plain build's.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftrapv -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
levinson (int n, const double *r, double *y, double *z)
{
  double alpha = -r[0], beta = 1.0;
  y[0] = -r[0];
  for (int k = 1; k < n; k++)
    {
      beta = (1.0 - alpha * alpha) * beta;
      double sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[k - i - 1] * y[i];
      alpha = -(r[k] + sum) / beta;
      for (int i = 0; i < k; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when r\\+\\\[0, 8 \\+ 8\\*\\(n <= 1 \\? 0 : -1 \\+ n\\)\\) and y\\+\\\[0, 8 \\+ 8\\*\\(n <= 1 \\? 0 : -1 \\+ n\\)\\) disjoint" } */
	z[i] = y[i] + alpha * y[k - i - 1];
      for (int i = 0; i < k; i++)
	y[i] = z[i];
      y[k] = alpha;
    }
}

int
main (void)
{
  int n = 500;
  double *r = malloc (sizeof (double) * n), *y = malloc (sizeof (double) * n);
  double *z = malloc (sizeof (double) * n);
  for (int k = 0; k < n; k++)
    r[k] = 1.0 / (k + 2);
  levinson (n, r, y, z);
  double s = 0;
  for (int k = 0; k < n; k++)
    s += y[k] * (k % 7 + 1);
  printf ("%.17g\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[name=levinson].loops[line=26].transform} {["parallel"]} } } */
