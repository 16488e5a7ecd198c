/* isl out of operations: the loop is left alone, not parallel, with a
   remark saying so (debug-max-operations shrinks the budget to force it;
   that the copy reads cells no iteration writes, i + n >= n, takes isl).
   Without the option the loop is parallel as it is.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gccpoly-debug-max-operations=1" } */

void
shift (int n, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: isl ran out of operations" } */
    a[i] = a[i + n] * 0.5;
}

/* { dg-final { scan-report {functions[name=shift].loops[0].blockers} {["isl ran out of operations"]} } } */
/* { dg-final { scan-report {functions[name=shift].loops[0].kind} {"none"} } } */
/* { dg-final { compile-status zero } } */
