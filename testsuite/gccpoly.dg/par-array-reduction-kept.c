/* Reductions into arrays that get no copies per thread, with the reason:
   a reduction loop inside a sequential loop of its region (the range
   known is the whole region's).  An unsigned sum beside it gets its
   copies.  Signed integer sums: par-array-reduction-signed-off.c.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
steps (int t, int n, int m, const unsigned *a, unsigned (*s)[m])
{
  for (int k = 1; k < t; k++)
    {
      for (int j = 0; j < m; j++)
	s[k][j] = s[k - 1][j];
      for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs reductions into arrays \\(s.*\\), and no copies of them per thread can be made: a loop of its region runs around it" } */
	for (int j = 0; j < m; j++)
	  s[k][j] += a[i * m + j];
    }
}

void
ucolsum (int n, int m, const unsigned *a, unsigned *s)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "reductions into s: each thread adds into a zeroed copy of its own" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j];
}

/* { dg-final { scan-report {functions[name=ucolsum].loops[line=24].transform} {["parallel","array-reduction"]} } } */
