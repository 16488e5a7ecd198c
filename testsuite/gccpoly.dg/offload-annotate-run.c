/* -fplugin-arg-gccpoly-annotate=FILE writes the source with each offload
   plan's pragma on a line of its own before its loop: private copies of
   scalars declared before the loop, reductions, map sections from the
   access ranges (`from' where the nest writes every element of the
   section), and an if() that keeps arrays passed as pointers apart
   (overlapping ones run on the host, in order).  The annotated copy, built
   with -foffload=nvptx-none, prints what the plain build prints, also for
   overlapping arrays.  offload-min-iterations=1: no minimum work, so that
   every construct runs at these sizes.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-annotate=offload-annotate-run.ann.c -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */

#include <stdio.h>

#define N 96

/* Both counters are the collapsed loops': private without a clause.  */
__attribute__ ((noinline)) void
scale (int n, int m, double A[n][m], double B[n][m])
{
  int i, j;
  for (i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: B\\\[0:n\\\]\\) map\\(from: A\\\[0:n\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(A \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(B\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(B \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(A\\)\\) && n > 0 && m > 0, else the loop as written; 4\\.0 memory requests per warp \\(64\\.0 with the outermost loop alone\\)" } */
    for (j = 0; j < m; j++)
      A[i][j] = 2.0 * B[i][j];
}

/* j runs inside each thread: private(j).  */
__attribute__ ((noinline)) void
row_sums (int n, long *restrict x, const int *restrict a)
{
  int i, j;
  for (i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd private\\(j\\) map\\(to: a\\\[0:\\(long\\)n\\*n\\\]\\) map\\(tofrom: x\\\[0:n\\\]\\)" } */
    for (j = 0; j < n; j++)
      x[i] += a[i * n + j];
}

/* An integer sum: reduction(+:s), s mapped tofrom (OpenMP 4.5, GCC 11's,
   would make it firstprivate: the sum would not come back).  */
__attribute__ ((noinline)) long
total (int n, const int *restrict v)
{
  long s = 0;
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd reduction\\(\\+:s\\) map\\(tofrom: s\\) map\\(to: v\\\[0:n\\\]\\) if n > 0, else the loop as written; 1\\.0 memory requests per warp \\(1\\.0 with the outermost loop alone\\)" } */
    s += v[i];
  return s;
}

/* a and b may overlap: the construct runs where they are apart, else on
   the host in order; without simd, whose lanes GCC 12 runs together
   whatever the if() says.  */
__attribute__ ((noinline)) void
shift (int n, double *a, double *b)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(to: b\\\[0:n\\\]\\) map\\(from: a\\\[1:n\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1\\) \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1\\)\\)\\) && n > 0, else the loop as written; 4\\.0 memory requests per warp \\(4\\.0 with the outermost loop alone\\)" } */
    a[i + 1] = b[i] * 0.5;
}

/* A temporary declared before the loop: a copy per thread, firstprivate
   (a value read before it is written would be the one from before).  */
__attribute__ ((noinline)) void
square_plus (int n, double *restrict a, const double *restrict b)
{
  double t;
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd firstprivate\\(t\\) map\\(to: b\\\[0:n\\\]\\) map\\(from: a\\\[0:n\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(b\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(b \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && n > 0, else the loop as written; 4\\.0 memory requests per warp \\(4\\.0 with the outermost loop alone\\)" } */
    {
      t = b[i] * b[i];
      a[i] = t + 1.0;
    }
}

double A[N][N], B[N][N], a[2 * N], b[2 * N], c[2 * N];
int v[N * N];
long x[N];

int
main (void)
{
  for (int i = 0; i < N; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(from: B\\\[0:96\\\]\\);" } */
    for (int j = 0; j < N; j++)
      B[i][j] = i - 0.5 * j;
  for (int i = 0; i < N * N; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(from: v\\\[0:9216\\\]\\);" } */
    v[i] = i % 7 - 3;
  for (int i = 0; i < 2 * N; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(from: a\\\[0:192\\\], b\\\[0:192\\\], c\\\[0:192\\\]\\);" } */
    a[i] = b[i] = c[i] = i + 1;
  scale (N, N, A, B);
  row_sums (N, x, v);
  long s = total (N * N, v);
  shift (N, a, b);		/* apart */
  shift (N, c, c);		/* overlapping: c[i+1] = c[i] * 0.5 in order */
  square_plus (N, b + N, a);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j];
  for (int i = 0; i < 2 * N; i++)
    sum += a[i] + 3 * b[i] + 7 * c[i];
  for (int i = 0; i < N; i++)
    s += (i + 1) * x[i];
  printf ("%ld %.17g %.17g\n", s, sum, c[N]);
  return 0;
}

/* The pragma stands on its own line, indented as the loop, right before
   it, inside the test; the loop as written follows in its else.  */
/* { dg-final { scan-annotated "\n  int i, j;\n  if \\(\\(\\(__UINTPTR_TYPE__\\)\\(A \\+ \\(n\\)\\) <= \[^\n\]* && n > 0 && m > 0\\) .\n  #pragma omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: B\\\[0:n\\\]\\) map\\(from: A\\\[0:n\\\]\\)\n  for \\(i = 0; i < n; i\\+\\+\\)\[^\n\]*\n    for \\(j = 0; j < m; j\\+\\+\\)\n      A\\\[i\\\]\\\[j\\\] = 2\\.0 \\* B\\\[i\\\]\\\[j\\\];\n  . else .\n  for \\(i = 0; i < n; i\\+\\+\\)\[^\n\]*\n    for \\(j = 0; j < m; j\\+\\+\\)\n      A\\\[i\\\]\\\[j\\\] = 2\\.0 \\* B\\\[i\\\]\\\[j\\\];\n  .\n.\n" } } */
/* { dg-final { scan-annotated "\n  if \\(n > 0\\) .\n  #pragma omp target teams distribute parallel for simd reduction\\(\\+:s\\) map\\(tofrom: s\\) map\\(to: v\\\[0:n\\\]\\)\n  for \\(int i" } } */
/* { dg-final { annotated-run } } */
