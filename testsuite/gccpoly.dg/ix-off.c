/* -fplugin-arg-gccpoly-no-interchange: the i-j-k product of
   ix-matmul-run.c stays as written.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fopt-info-loop-all -fplugin-arg-gccpoly-no-interchange" } */

void
mm (int n, double (*C)[n], double (*A)[n], double (*B)[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
}

/* { dg-final { compiler-output-not {interchange} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=10].transform} {[]} } } */
