/* Seed 003 (E8): help[i] = help[i + m].  With m a parameter, some m < 0
   carries a value from one iteration to another (and 0 < m < n would need
   a snapshot copy): not parallel.  With m = 0 every iteration reads and
   writes its own cell: parallel as it is.  (A plain copy with m = 0 is
   deleted by GCC, hence the product.)  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-all" } */

void
help_m (int n, int m, double *help)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: help: the value of help flows from one iteration to another \\(line 13\\)" } */
    help[i] = help[i + m] * 2.0;
}

void
help_0 (int n, double *help)
{
  const int m = 0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
    help[i] = help[i + m] * 2.0;
}

/* { dg-final { scan-report {functions[name=help_m].loops[0].parallel} {false} } } */
/* { dg-final { scan-report {functions[name=help_0].loops[0].kind} {"doall"} } } */
