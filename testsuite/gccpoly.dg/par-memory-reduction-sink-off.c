/* -fplugin-arg-gccpoly-no-memory-reductions: a reduction into memory
   (par-memory-reduction-sink-run.c) keeps its store in each iteration and
   its loop stays sequential, as without the transformation.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-memory-reductions" } */

void
max_into (int n, const int *a, int *m)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs private or reduced copies of memory \\(m\\\[0\\\]\\), which parloops does not make" } */
    *m = *m > a[i] ? *m : a[i];
}

/* { dg-final { compiler-output-not {kept in a register} } } */
/* { dg-final { scan-report {functions[name=max_into].loops[line=10].transform} {[]} } } */
