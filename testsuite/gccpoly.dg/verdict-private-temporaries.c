/* The private lists name GCC's temporaries by what they hold, not by names
   the source does not have: PRE's prephitmp and the anonymous value of the
   sum carry the running value of C[i][j] through the k loop (they were
   "prephitmp, _14"); the conversion (double) m, computed in the i loop, is
   the value of line 28 (it was "_25"); the gimplifier's iftmp.N of the ?:
   is the value of line 36.  A variable of the source keeps its name.  The
   interchange's reason names them alike.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-all" } */

void
gemm (int n, double C[n][n], double A[n][n], double B[n][n])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: running value of C\\\[i\\\]\\\[j\\\]$" } */
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: running value of C\\\[i\\\]\\\[j\\\]$" } */
      {
	C[i][j] = 0.0;
	for (int k = 0; k < n; k++)
	  C[i][j] += A[i][k] * B[k][j];
      }
}

void
fill (int m, int n, double A[m][n])
{
  for (int i = 0; i < m; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: value of line 28$" } */
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)" } */
      A[i][j] = (double) ((i * j + 1) % m) / m;
}

void
pick (int n, double B[n][n], double *x, double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: value of line 36$" } */
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: value of line 36$" } */
      B[i][j] = i > j ? x[i] * 2.0 : y[j] + 1.0;
}

/* A ?: of two constants: its PHI merges no statement's value; the line
   is its arguments' (it was "iftmp.2, prephitmp, _5").  */
void
flag (int n, double B[n][n], double *x)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: value of line 46$" } */
    for (int j = 0; j < n; j++)
      B[i][j] = x[j] - (i == j ? 1.0 : 0.0);
}

void
named (int n, double *a, double *b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: s$" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += b[j];
      a[i] = s;
    }
}

/* { dg-final { scan-report {functions[name=gemm].loops[line=14].private} {["running value of C[i][j]"]} } } */
/* { dg-final { scan-report {functions[name=fill].loops[line=26].private} {["value of line 28"]} } } */
/* { dg-final { scan-report {functions[name=pick].loops[line=34].private} {["value of line 36"]} } } */
/* { dg-final { scan-report {functions[name=named].loops[line=52].private} {["s"]} } } */
/* { dg-final { scan-report {functions[name=flag].loops[line=44].private} {["value of line 46"]} } } */
/* { dg-final { scan-report-match {functions[name=gemm].loops[line=14].interchange[0].reason} {private to one iteration \(running value of C\[i\]\[j\]\)} } } */
/* { dg-final { compiler-output-not {prephitmp|iftmp|private: _[0-9]} } } */
