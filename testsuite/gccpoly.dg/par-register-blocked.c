/* A loop kept sequential by a value in a register (a floating-point sum
   without -fassociative-math) whose memory accesses never conflict: the
   conditions on memory alone (seed 003's parameter tests) must not make
   it parallel, and it is not marked.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

double
weighted (long n, const double *a)
{
  double s = 0.0;
  for (long k = 0; k < n; k++)	/* { dg-missed "gccpoly: loop not parallel: s: floating-point \\+ reduction on s needs -fassociative-math or -fplugin-arg-gccpoly-reassociate" } */
    s += a[k] * (double) (1 + k % 7);
  return s;
}

/* { dg-final { compiler-output-not {loop marked parallel} } } */
/* { dg-final { scan-report {functions[name=weighted].loops[line=12].transform} {[]} } } */
