/* Linearized accesses with parametric strides are delinearized; the bounds
   that make that exact (0 <= j < m) follow from the loop bounds here, so no
   assumption is left.  A[i*m + j + 1] needs j + 1 < m: that one is kept.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-dump=scop-linearized.dump" } */

void
copy (int n, int m, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = b[i * m + j] * 2;
}

void
shift (int n, int m, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = b[i * m + j + 1];
}

/* { dg-final { scan-report {functions[name=copy].scops[0].loops} {2} } } */
/* { dg-final { scan-report {functions[name=copy].scops[0].assumptions} {[]} } } */
/* { dg-final { scan-dump {must-write: \[m, n\] -> \{ S_[0-9]+\[i, j\] -> a\[i, j\] \}} } } */
/* { dg-final { scan-report {functions[name=shift].scops[0].loops} {2} } } */
/* { dg-final { scan-report {functions[name=shift].scops[0].assumptions[*].kind} {["delinearization"]} } } */
/* { dg-final { scan-dump {read: \[m, n\] -> \{ S_[0-9]+\[i, j\] -> b\[i, 1 \+ j\] \}} } } */
