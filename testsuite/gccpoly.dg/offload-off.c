/* Without -fplugin-arg-gccpoly-offload or annotate=FILE, no offload plan
   is made: no remark, no report key.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-all" } */

void
add (int n, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel" } */
    a[i] += b[i];
}

/* { dg-final { compiler-output-not "offload plan" } } */
/* { dg-final { scan-report {functions[name=add].loops[line=9].parallel} {true} } } */
/* { dg-final { scan-report-match {functions[name=add].loops[line=9]} {^\{(?!.*"offload").*\}$} } } */
