/* An internal error while analysing a function is a note, never a warning
   or an ICE, even under -Werror; the function is compiled as without the
   plugin.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Werror -Wall -fno-diagnostics-show-caret -fplugin-arg-gccpoly-debug-panic=victim" } */

double
victim (int n, double *a)	/* { dg-remark "gccpoly: internal error in victim: forced by -fplugin-arg-gccpoly-debug-panic=victim .*; function left unchanged" } */
{
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += a[i * n + j] * a[j * n + i];
  return s;
}

int
bystander (int n, int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* { dg-final { compile-status zero } } */
/* { dg-final { object-as-plain } } */
/* { dg-final { scan-report-match {functions[name=victim].error} {^"forced by -fplugin-arg-gccpoly-debug-panic=victim \(at [a-z/]+\.rs:[0-9]+\)"$} } } */
/* { dg-final { scan-report {functions[name=victim].loops[#]} {0} } } */
/* { dg-final { scan-report {functions[name=bystander].loops[#]} {1} } } */
