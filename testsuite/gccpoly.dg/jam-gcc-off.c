/* GCC's -fno-loop-unroll-and-jam turns the plugin's off as it does GCC's
   own (-O2 leaves both off): atax's rows (jam-run.c) stay as written,
   without a remark on their loop.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fopt-info-loop-all -fno-loop-unroll-and-jam" } */

void
atax (int m, int n, double A[m][n], double *x, double *y, double *tmp)
{
  for (int j = 0; j < n; j++)
    y[j] = 0.0;
  for (int i = 0; i < m; i++) /* { dg-missed "gccpoly: loop not parallel: y: floating-point \\+ reduction on y needs -fassociative-math or -fplugin-arg-gccpoly-reassociate" } */
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
	tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
	y[j] = y[j] + A[i][j] * tmp[i];
    }
}

/* { dg-final { compiler-output-not {jammed} } } */
/* { dg-final { scan-report {functions[name=atax].loops[line=12].transform} {[]} } } */
