/* -fplugin-arg-gccpoly-min-trips=N sets the threshold of par-min-trips.c;
   1 turns the run-time test off.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-min-trips=1" } */

void
short_rows (int n, double *restrict a, double *restrict b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 1000; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
      a[j] = a[j] * 0.5 + b[i * 1000 + j];
}

/* { dg-final { scan-report {functions[name=short_rows].loops[line=10].guard} {null} } } */
/* { dg-final { scan-report {functions[name=short_rows].loops[line=10].transform} {["parallel","wide-counter"]} } } */
