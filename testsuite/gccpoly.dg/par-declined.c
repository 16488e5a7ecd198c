/* A loop marked for parloops that parloops does not parallelize: 9
   iterations, below parloops' own minimum of iterations per thread (the
   plugin's run-time minimum applies only inside sequential loops).  After
   parloops the plugin finds no GIMPLE_OMP_FOR at the loop's line, runs it
   in no region of its own (the same minimum) and says so, in a missed
   remark and the report's "declined"; the parallel loop has none.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
fill (double *restrict b, double *restrict c, double *restrict k, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    c[i] = b[i] * 2.0;
  for (int p = 0; p < 9; p++)	/* { dg-missed "gccpoly: loop marked parallel, but parloops did not parallelize it" } */
    k[p] = (double) (p % 4 + 1) / 10.0;
}
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 13 } */

/* { dg-final { scan-report {functions[name=fill].loops[line=15].declined} {"parloops did not parallelize it (its own -fopt-info-loop-missed remarks say why), nor the plugin in a region of its own (too few iterations for the threads)"} } } */
/* { dg-final { scan-report-match {functions[name=fill].loops[line=13]} {^(?!.*"declined")} } } */
