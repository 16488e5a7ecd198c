/* verdict-float-reduction.c with -ffast-math (-fassociative-math): the sum
   is a + reduction.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffast-math -fopt-info-loop-optimized" } */

double
sum (int n, double *a)
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: \\+:s" } */
    s += a[i];
  return s;
}

/* { dg-final { scan-report {functions[name=sum].loops[0].reductions} {[{"var":"s","op":"+"}]} } } */
/* { dg-final { scan-report {functions[name=sum].loops[0].blockers} {[]} } } */
