/* -fplugin-arg-gccpoly-no-reload: the PHI PRE made stays, the loop is
   still marked, parloops declines it and the plugin says so.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-reload" } */

void
atax (int m, int n, double A[m][n], double *x, double *y, double *tmp)
{
  for (int i = 0; i < m; i++)
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
	tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when" } */
	y[j] = y[j] + A[i][j] * tmp[i];
    }
}

/* { dg-missed "gccpoly: loop marked parallel, but parloops did not parallelize it" "" { target *-*-* } 14 } */
/* { dg-final { scan-report {functions[name=atax].loops[line=14].transform} {["parallel","wide-counter"]} } } */
/* { dg-final { scan-report-match {functions[name=atax].loops[line=14].declined} {parloops did not parallelize it} } } */
/* { dg-final { compiler-output-not {parallelizing inner loop} } } */
/* { dg-final { compiler-output-not {loaded in each iteration instead} } } */
