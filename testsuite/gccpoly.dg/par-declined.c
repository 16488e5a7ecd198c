/* A loop marked for parloops that parloops does not parallelize: before
   parloops the plugin leaves SSA values to it, and parloops makes no
   floating-point reduction without -fassociative-math.  After parloops
   the plugin finds no GIMPLE_OMP_FOR at the loop's line and says so, in a
   missed remark and in the report's "declined"; the loop parloops does
   parallelize has none.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

double
total (double *restrict b, double *restrict c, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    c[i] = b[i] * 2.0;
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop marked parallel, but parloops did not parallelize it" } */
    s += c[i];
  return s;
}
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 13 } */

/* { dg-final { scan-report {functions[name=total].loops[line=16].declined} {"parloops did not parallelize it (its own -fopt-info-loop-missed remarks say why)"} } } */
/* { dg-final { scan-report-match {functions[name=total].loops[line=13]} {^(?!.*declined)} } } */
