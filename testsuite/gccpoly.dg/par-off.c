/* Nothing is marked without -ftree-parallelize-loops=N (N > 1), nor with
   -fplugin-arg-gccpoly-no-parallelize: the verdicts stay, the transform
   lists stay empty.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized" } */

void
add (int n, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
    a[i] += b[i];
}

/* { dg-final { scan-report {functions[name=add].loops[0].parallel} {true} } } */
/* { dg-final { scan-report {functions[name=add].loops[0].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=add].loops[0].guard} {null} } } */
