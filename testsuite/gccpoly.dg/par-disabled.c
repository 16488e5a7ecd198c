/* -fplugin-arg-gccpoly-no-parallelize: parloops judges every loop by
   itself (and cannot prove this one: a and b may overlap).  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-no-parallelize -fopt-info-loop-optimized" } */

void
add (int n, double *a, const double *b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
    a[i] += b[i];
}

/* { dg-final { scan-report {functions[name=add].loops[0].transform} {[]} } } */
/* { dg-final { compiler-output-not "marked parallel|parallelizing" } } */
