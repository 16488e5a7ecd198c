/* A sum into an array of signed integers gets no copies per thread with
   -fplugin-arg-gccpoly-no-unsigned-reductions (a thread's partial sum
   could overflow where the whole does not, and the sums are then left in
   int); the same with -ftrapv in par-array-reduction-trapv.c.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-unsigned-reductions" } */

void
icolsum (int n, int m, const int *a, int *s)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs reductions into arrays \\(s\\\[j\\\]\\), and no copies of them per thread can be made: s holds signed integers, and the partial sum of a thread may overflow where the whole does not \\(with -ftrapv or no-unsigned-reductions\\)" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j];
}

/* { dg-final { scan-report {functions[name=icolsum].loops[line=11].transform} {[]} } } */
