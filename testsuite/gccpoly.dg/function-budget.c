/* The function's budget of isl calls (function-budget) runs out while
   its regions are found: the loop is in no SCoP, with the reason
   isl-limit and a remark naming the budget; the function compiles as
   without the plugin.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gccpoly-function-budget=3" } */

void
shift (int n, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not in a SCoP: isl-limit: the function's analysis budget of 3 isl calls ran out \\(-fplugin-arg-gccpoly-function-budget=N\\)" } */
    a[i] = a[i + n] * 0.5;
}

/* { dg-final { scan-report {functions[name=shift].loops[0].kind} {"none"} } } */
/* { dg-final { scan-report {functions[name=shift].rejected[0].reason} {"isl-limit"} } } */
/* { dg-final { compile-status zero } } */
