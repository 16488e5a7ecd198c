/* C[i][j] += ... in a k loop: PRE keeps the sum in a register and stores it
   in every iteration; the k loop is a + reduction named after the cell.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffast-math" } */

void
gemm (int n, double C[n][n], double A[n][n], double B[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
}

/* { dg-final { scan-report {functions[name=gemm].loops[*].kind} {["private","private","reduction"]} } } */
/* { dg-final { scan-report {functions[name=gemm].loops[line=11].reductions} {[{"var":"C[i][j]","op":"+"}]} } } */
