/* A floating-point sum into an array cell, which PRE carries in a
   register over the k loop (its PHI is PRE's `prephitmp`): the remark
   that keeps the loop sequential names the cell, as the report's
   reductions do, and not PRE's temporary.  A sum into a variable of the
   source keeps the variable's name (par-register-blocked.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */

void
mm (int n, double A[n][n], double B[n][n], double C[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)	/* { dg-missed "gccpoly: loop not parallel: C\\\[i\\\]\\\[j\\\]: floating-point \\+ reduction on C\\\[i\\\]\\\[j\\\] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate \\(line 15\\)" } */
	C[i][j] += A[i][k] * B[k][j];
}

/* { dg-final { compiler-output-not {prephitmp} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=14].blockers} {["C[i][j]: floating-point + reduction on C[i][j] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate (line 15)"]} } } */
