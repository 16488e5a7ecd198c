/* -fplugin-arg-gccpoly-no-skew: seidel-2d's step (skew-run.c) stays as
   written, without a remark on its pair; nothing else of the plugin's
   changes.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fopt-info-loop-all -fplugin-arg-gccpoly-no-skew" } */

void
seidel (int steps, int n, double A[n][n])
{
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++) /* { dg-missed "gccpoly: loop not parallel: A: the value of A flows from one iteration to another" "" } */
      for (int j = 1; j < n - 1; j++)
	A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
		   + A[i][j - 1] + A[i][j] + A[i][j + 1]
		   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

/* { dg-final { compiler-output-not {by diagonals} } } */
/* { dg-final { scan-report {functions[name=seidel].loops[line=11].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=seidel].loops[line=12].transform} {[]} } } */
