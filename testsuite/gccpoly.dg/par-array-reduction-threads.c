/* A reduction into an array gets a copy per thread of
   -ftree-parallelize-loops=N, at most 64: with 65 it stays sequential,
   and says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=65 -fopt-info-loop-all" } */

void
ucolsum (int n, int m, const unsigned *a, unsigned *s)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs reductions into arrays \\(s\\\[j\\\]\\), and no copies of them per thread can be made: -ftree-parallelize-loops=65 asks for more than 64 copies of each array" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j];
}

/* { dg-final { compiler-output-not {zeroed copy} } } */
/* { dg-final { scan-report {functions[name=ucolsum].loops[line=10].transform} {[]} } } */
