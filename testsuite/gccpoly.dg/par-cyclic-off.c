/* -fplugin-arg-gccpoly-no-cyclic: the triangular nest of par-cyclic.c is
   marked but keeps parloops' schedule(static) (no chunk trips).  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fdump-tree-ompexpssa -fplugin-arg-gccpoly-no-cyclic" } */

void
tri (int n, double *restrict c, const double *restrict a)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    for (int j = 0; j <= i; j++)
      c[i * n + j] += a[i * n + j] * a[j * n + i];
}

/* { dg-final { scan-report {functions[name=tri].loops[line=9].transform} {["parallel"]} } } */
/* { dg-final { compiler-output-not {round-robin} } } */
/* { dg-final { scan-gcc-dump ompexpssa2 {;; Function tri \((?:(?!\.trip).)*?;; Function} } } */
