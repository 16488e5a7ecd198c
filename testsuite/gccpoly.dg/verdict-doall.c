/* A doall nest: both loops parallel as they are, interchange legal.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized" } */

void
add (int n, int m, double A[n][m], double B[n][m], double C[n][m])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
    for (int j = 0; j < m; j++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
      C[i][j] = A[i][j] + B[i][j];
}

/* { dg-final { scan-report {functions[name=add].loops[*].parallel} {[true,true]} } } */
/* { dg-final { scan-report {functions[name=add].loops[*].kind} {["doall","doall"]} } } */
/* { dg-final { scan-report {functions[name=add].loops[*].private} {[[],[]]} } } */
/* { dg-final { scan-report {functions[name=add].loops[*].blockers} {[[],[]]} } } */
/* { dg-final { scan-report {functions[name=add].loops[line=8].interchange[*].with} {[9]} } } */
/* { dg-final { scan-report {functions[name=add].loops[line=8].interchange[0].legal} {true} } } */
/* { dg-final { scan-report {functions[name=add].loops[line=9].interchange[0].with} {8} } } */
