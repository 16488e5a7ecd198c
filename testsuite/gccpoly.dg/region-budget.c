/* The region's budget of isl calls (region-budget) runs out: the loop
   is left alone, not parallel, with a remark naming the budget and the
   option that raises it.  The same loop with the default budget is
   parallel (verdict-budget.c without its option).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gccpoly-region-budget=3" } */

void
shift (int n, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: not analysed: the region's analysis budget of 3 isl calls ran out \\(-fplugin-arg-gccpoly-region-budget=N\\)" } */
    a[i] = a[i + n] * 0.5;
}

/* { dg-final { scan-report {functions[name=shift].loops[0].kind} {"none"} } } */
/* { dg-final { compile-status zero } } */
