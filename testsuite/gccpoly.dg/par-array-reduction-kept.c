/* Reductions into arrays that get no copies per thread, each with its
   reason: a signed integer sum (a thread's partial sum could overflow
   where the whole does not; without -fwrapv), and a reduction loop inside
   a sequential loop of its region (the range known is the whole
   region's).  An unsigned sum beside them gets its copies.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
icolsum (int n, int m, const int *a, int *s)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs reductions into arrays \\(s\\\[j\\\]\\), and no copies of them per thread can be made: s holds signed integers, and the partial sum of a thread may overflow where the whole does not" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j];
}

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

/* { dg-final { scan-report {functions[name=icolsum].loops[line=12].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=ucolsum].loops[line=33].transform} {["parallel","array-reduction"]} } } */
