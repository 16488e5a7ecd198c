/* verdict-matmul.c with -ffast-math: the k loop is a + reduction on the
   accumulator.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffast-math -fopt-info-loop-optimized" } */

void
matmul (int n, double A[n][n], double B[n][n], double C[n][n])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\)" } */
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\)" } */
      {
	double t = 0;
	for (int k = 0; k < n; k++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: \\+:t" } */
	  t += A[i][k] * B[k][j];
	C[i][j] = t;
      }
}

/* { dg-final { scan-report {functions[name=matmul].loops[*].kind} {["private","private","reduction"]} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=13].reductions} {[{"var":"t","op":"+"}]} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=13].private} {[]} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=9].interchange[0].legal} {true} } } */
