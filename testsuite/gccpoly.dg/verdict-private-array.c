/* A temporary array declared in the i loop's body: private to the i loop
   (each iteration writes it before reading it, and it is dead after the
   loop); each j loop is parallel as it is.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized" } */

void
scale (int n, double A[n][64], double B[n][64])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: tmp" } */
    {
      double tmp[64];
      for (int j = 0; j < 64; j++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
	tmp[j] = A[i][j] + 1.0;
      for (int j = 0; j < 64; j++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
	B[i][j] = tmp[63 - j] * 2.0;
    }
}

/* { dg-final { scan-report {functions[name=scale].loops[line=10].private} {["tmp"]} } } */
/* { dg-final { scan-report {functions[name=scale].loops[line=10].firstprivate} {[]} } } */
/* { dg-final { scan-report {functions[name=scale].loops[line=10].lastprivate} {[]} } } */
/* { dg-final { scan-report-match {functions[name=scale].scops[0].arrays} {"tmp"} } } */
