/* Private arrays that get no copies per thread (par-private-copies-run.c
   has the ones that do), with the reason: the values after the loop not
   all from its last iteration; a loop of the same region around the
   loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

/* Element k is written last in iteration k (k < n), not in the last.  */
void
partial (int n, int m, const double *a, double *out, double *scratch)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: scratch: the value of scratch live after the loop is not always the last iteration's, so no private copy can hand it back" } */
    {
      for (int k = i; k < m; k++)
	scratch[k] = a[i * m + k];
      for (int k = i; k < m; k++)
	out[i * m + k] = scratch[k] * scratch[m - 1];
    }
}

/* The t loop carries out's values; the i loop inside it needs copies of
   the bytes its own run touches, and only the region's are known.  */
void
nested (int nt, int n, int m, const double *a, double *out, double *scratch)
{
  for (int t = 0; t < nt; t++)
    for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs private copies of its arrays \\(scratch\\), and no copies of them per thread can be made: a loop of its region runs around it, and the ranges known are the whole region's" } */
      {
	for (int k = 0; k < m; k++)
	  scratch[k] = a[i * m + k] + out[i * m + k];
	for (int k = 0; k < m; k++)
	  out[i * m + k] = scratch[k] * scratch[m - 1 - k];
      }
}

/* { dg-final { compiler-output-not {works in a copy} } } */
/* { dg-final { scan-report {functions[name=nested].loops[line=27].transform} {[]} } } */
