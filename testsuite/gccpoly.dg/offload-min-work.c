/* The minimum work of an offload plan (docs/offload.md): enough iterations
   (1048576), enough of them distributed (512), and at least 32 iterations
   per element a launch copies to and from the device.  Constant counts
   decide at compile time; others become tests in the construct's if().  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-offload -fopt-info-loop-all" } */

/* One iteration per three elements copied: not worth a launch.  */
void
madd (double (*restrict c)[1024], double (*restrict a)[1024], double (*restrict b)[1024])
{
  for (int i = 0; i < 1024; i++)	/* { dg-missed "no offload plan: too little work for the data it copies: 1048576 iterations for 3145728 elements to and from the device, fewer than 32 per element" } */
    for (int j = 0; j < 1024; j++)
      c[i][j] = a[i][j] + b[i][j];
}

/* A product: 1024 iterations per element.  */
void
gemm (double (*restrict c)[1024], double (*restrict a)[1024], double (*restrict b)[1024])
{
  for (int i = 0; i < 1024; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: a\\\[0:1024\\\], b\\\[0:1024\\\]\\) map\\(from: c\\\[0:1024\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(c\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(c \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(b \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(c\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(c \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b\\)\\), else the loop as written" } */
    for (int j = 0; j < 1024; j++)
      {
	double s = 0.0;
	for (int k = 0; k < 1024; k++)
	  s += a[i][k] * b[k][j];
	c[i][j] = s;
      }
}

/* Enough work, but 256 threads.  */
void
rows (double *restrict r, double (*restrict a)[65536])
{
  for (int i = 0; i < 256; i++)	/* { dg-missed "no offload plan: too little parallelism: 256 iterations of its distributed loops, fewer than 512" } */
    {
      double s = 0.0;
      for (int k = 0; k < 65536; k++)
	for (int t = 0; t < 64; t++)
	  s += a[i][k] * t;
      r[i] = s;
    }
}

/* Counts known at run time: the tests go into if().  */
void
pgemm (int n, double (*restrict c)[n], double (*restrict a)[n], double (*restrict b)[n])
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: a\\\[0:n\\\], b\\\[0:n\\\]\\) map\\(from: c\\\[0:n\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(c\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(c \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(b \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(c\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(c \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b\\)\\) && n > 0 && \\(long\\)1 \\* \\(n\\) \\* \\(n\\) >= 512 && \\(long\\)1 \\* \\(\\(long\\)n\\*n\\*n \\+ \\(long\\)n\\*n\\) >= 1048576 && \\(long\\)1 \\* \\(\\(long\\)n\\*n\\*n \\+ \\(long\\)n\\*n\\) >= 32 \\* \\(\\(long\\)1 \\* \\(3\\*\\(long\\)n\\*n\\)\\), else the loop as written" } */
    for (int j = 0; j < n; j++)
      {
	double s = 0.0;
	for (int k = 0; k < n; k++)
	  s += a[i][k] * b[k][j];
	c[i][j] = s;
      }
}

/* A stencil launched once per time step.  */
void
jacobi (int steps, int n, double (*restrict a)[n], double (*restrict b)[n])
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: a\\\[0:n\\\]\\) map\\(tofrom: b\\\[1:n - 2\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(1\\)\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(1\\) \\+ \\(n - 2\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && n - 2 > 0 && \\(long\\)1 \\* \\(n - 2\\) \\* \\(n - 2\\) >= 512 && \\(long\\)1 \\* \\(\\(long\\)n\\*n - 4\\*n \\+ 4\\) >= 1048576 && \\(long\\)1 \\* \\(\\(long\\)n\\*n - 4\\*n \\+ 4\\) >= 32 \\* \\(\\(long\\)1 \\* \\(3\\*\\(long\\)n\\*n - 4\\*n\\)\\), else the loop as written" } */
	for (int j = 1; j < n - 1; j++)
	  b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
      for (int i = 1; i < n - 1; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: b\\\[1:n - 2\\\]\\) map\\(tofrom: a\\\[1:n - 2\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1\\) \\+ \\(n - 2\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(1\\)\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(1\\) \\+ \\(n - 2\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1\\)\\)\\) && n - 2 > 0 && \\(long\\)1 \\* \\(n - 2\\) \\* \\(n - 2\\) >= 512 && \\(long\\)1 \\* \\(\\(long\\)n\\*n - 4\\*n \\+ 4\\) >= 1048576 && \\(long\\)1 \\* \\(\\(long\\)n\\*n - 4\\*n \\+ 4\\) >= 32 \\* \\(\\(long\\)1 \\* \\(3\\*\\(long\\)n\\*n - 6\\*n\\)\\), else the loop as written" } */
	for (int j = 1; j < n - 1; j++)
	  a[i][j] = b[i][j];
    }
}

/* { dg-final { scan-report {functions[name=madd].loops[line=12].offload.planned} {false} } } */
/* { dg-final { scan-report {functions[name=gemm].loops[line=21].offload.planned} {true} } } */
/* { dg-final { scan-report-match {functions[name=rows].loops[line=35].offload.reason} {too little parallelism} } } */
