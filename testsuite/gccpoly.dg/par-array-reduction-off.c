/* -fplugin-arg-gccpoly-no-array-reductions: a reduction into an array
   (par-array-reduction-run.c) gets no copies per thread, and its loop
   stays sequential; the parallel loop inside it is considered instead.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-array-reductions" } */

void
ucolsum (int n, int m, const unsigned *a, unsigned *s)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs private or reduced copies of memory \\(s\\\[j\\\]\\), which parloops does not make" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j];
}

/* { dg-final { compiler-output-not {zeroed copy} } } */
/* { dg-final { scan-report {functions[name=ucolsum].loops[line=10].transform} {[]} } } */
