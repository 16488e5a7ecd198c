/* -fplugin-arg-gccpoly-no-privatize: a private array through a pointer
   (par-private-copies-run.c) gets no copies per thread, and its loop
   stays sequential; the parallel loops inside it are considered
   instead.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-privatize" } */

void
rows (int n, int m, const double *a, double *out, double *scratch)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs private or reduced copies of memory \\(scratch\\), which parloops does not make" } */
    {
      for (int k = 0; k < m; k++)
	scratch[k] = a[i * m + k];
      for (int k = 0; k < m; k++)
	out[i * m + k] = scratch[k] * scratch[m - 1 - k];
    }
}

/* { dg-final { compiler-output-not {works in a copy} } } */
/* { dg-final { scan-report {functions[name=rows].loops[line=11].transform} {[]} } } */
