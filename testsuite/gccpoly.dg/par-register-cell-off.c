/* -fplugin-arg-gccpoly-no-memory-reductions: bicg's q[i]
   (par-register-cell-run.c) stays in memory, and the nest is not
   versioned: the code is the plain build's.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fopt-info-loop-all -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-no-memory-reductions" } */

void
bicg (int m, int n, double *A, double *s, double *q, double *p, double *r)
{
  for (int i = 0; i < n; i++)
    {
      q[i] = 0.0;
      for (int j = 0; j < m; j++)
	{
	  s[j] = s[j] + r[i] * A[i * m + j];
	  q[i] = q[i] + A[i * m + j] * p[j];
	}
    }
}

/* { dg-final { compiler-output-not {kept in a register} } } */
/* { dg-final { scan-report {functions[name=bicg].loops[line=13].transform} {[]} } } */
/* { dg-final { object-as-plain } } */
