/* A triangular nest (syr2k's j <= i): parloops' schedule(static) would give
   one thread a quarter of the work and the other three quarters.  The
   plugin sets the chunk size of the OpenMP loop parloops builds to 1, the
   iterations dealt round-robin: the expansion then counts chunk trips
   (".trip").  A rectangular nest keeps schedule(static), and so does the
   triangular one with -fplugin-arg-gccpoly-no-cyclic (par-cyclic-off.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fdump-tree-ompexpssa" } */

void
tri (int n, double *restrict c, const double *restrict a)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops; iterations dealt round-robin, schedule\\(static, 1\\)" } */
    for (int j = 0; j <= i; j++)
      c[i * n + j] += a[i * n + j] * a[j * n + i];
}

void
rect (int n, double *restrict c, const double *restrict a)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    for (int j = 0; j < n; j++)
      c[i * n + j] += a[i * n + j] * a[j * n + i];
}

/* A condition that ties the counters (i == j) splits the statements but
   not the trip counts: the two branches cover the square.  */
void
diag (int n, double *restrict c)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    for (int j = 0; j < n; j++)
      c[i * n + j] = i == j ? n + 1.0 : (double) ((i + j) % n) / n;
}

/* { dg-final { scan-report {functions[name=tri].loops[line=13].transform} {["parallel","cyclic"]} } } */
/* { dg-final { scan-report {functions[name=diag].loops[line=31].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=rect].loops[line=21].transform} {["parallel"]} } } */
/* { dg-final { scan-gcc-dump ompexpssa2 {;; Function tri \((?:(?!;; Function).)*\.trip} } } */
/* { dg-final { scan-gcc-dump ompexpssa2 {;; Function rect \((?:(?!\.trip).)*?;; Function} } } */
