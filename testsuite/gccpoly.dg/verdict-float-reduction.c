/* A floating-point sum is a reduction only when reassociation is allowed
   (verdict-float-reduction-fast-math.c): here it stays sequential, and the
   blocker says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */

double
sum (int n, double *a)
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: s: floating-point \\+ reduction on s needs -fassociative-math or -fplugin-arg-gccpoly-reassociate \\(line 12\\)" } */
    s += a[i];
  return s;
}

/* { dg-final { scan-report {functions[name=sum].loops[0].parallel} {false} } } */
/* { dg-final { scan-report {functions[name=sum].loops[0].kind} {"none"} } } */
