/* Seed 004's matmul after PRE: the accumulator t is private to the i and j
   loops, which may be interchanged (their memory-based dependences on t are
   ignored: every flow stays in one iteration); the k loop is a + reduction
   on t, which floating point allows only with -fassociative-math (see
   verdict-matmul-fast-math.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-all" } */

void
matmul (int n, double A[n][n], double B[n][n], double C[n][n])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: t" } */
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: t" } */
      {
	double t = 0;
	for (int k = 0; k < n; k++)	/* { dg-missed "gccpoly: loop not parallel: t: floating-point \\+ reduction on t needs -fassociative-math or -fplugin-arg-gccpoly-reassociate" } */
	  t += A[i][k] * B[k][j];
	C[i][j] = t;
      }
}

/* { dg-final { scan-report {functions[name=matmul].loops[*].kind} {["private","private","none"]} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=12].private} {["t"]} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=12].lastprivate} {[]} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=16].reductions} {[]} } } */
/* { dg-final { scan-report-match {functions[name=matmul].loops[line=16].blockers} {^\["t: floating-point \+ reduction on t needs -fassociative-math or -fplugin-arg-gccpoly-reassociate \(line 17\)"\]$} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=12].interchange[0].with} {13} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=12].interchange[0].legal} {true} } } */
/* { dg-final { scan-report-match {functions[name=matmul].loops[line=12].interchange[0].reason} {private to one iteration \(t\)} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[line=16].interchange} {[]} } } */
/* { dg-final { scan-report-match {functions[name=matmul].scops[0].dependences} {^\{"flow":[1-9][0-9]*,"memory":[1-9][0-9]*,"memory_ignored":[0-9]+\}$} } } */
/* { dg-final { scan-dump {dependences: [0-9]+ flow, [0-9]+ memory} } } */
/* { dg-final { scan-dump {flow t_[0-9]+_phi: S_[0-9]+ \(line 16\) -> S_[0-9]+ \(line 17\): carried at depth 3} } } */
/* { dg-final { scan-dump {anti t_[0-9]+: .*carried at depth 1} } } */
/* { dg-final { scan-dump {loop [0-9]+ \(line 13\): loop parallel \(private\); private: t} } } */
