/* Offload annotations that must keep the program's results (cases found by
   trying to break them): temporaries declared before the loop, whole or
   struct, get copies of their own that start with their value from before
   the loop (firstprivate); a `from' section of rows covers whole rows, so
   a nest that leaves a column alone maps it tofrom; a nest inside a
   sequential loop maps tofrom (each construct writes one slice of its
   section); arrays only read that may overlap are tested apart before
   they are mapped.  The annotated copy, built with -foffload=nvptx-none,
   prints the plain output, also with map-check standing in for a device
   (regions see copies of their sections only).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-annotate=offload-clauses-run.ann.c -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */

#include <stdio.h>
#include <stdlib.h>

struct pt { double u, v; };

__attribute__ ((noinline)) void
struct_temp (double *restrict a, double *restrict b, double *restrict c, int n)
{
  struct pt p;
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd firstprivate\\(p\\) " } */
    {
      p.u = a[i];
      p.v = b[i];
      c[i] = p.u * p.v + p.u;
    }
}

/* scale is 2.0 whenever it is read: the value from before the loop.  */
__attribute__ ((noinline)) void
reset (double *restrict a, double *restrict b, int n)
{
  double scale = 2.0;
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd firstprivate\\(scale\\) " } */
    {
      b[i] = a[i] * scale;
      scale = 2.0;
    }
}

/* The last column of B is not written: rows come back whole, tofrom.  */
__attribute__ ((noinline)) void
gaps (int n, int m, double A[restrict n][m], double B[restrict n][m])
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: A\\\[0:n\\\]\\) map\\(tofrom: B\\\[0:n\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(A \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(B\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(B \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(A\\)\\) && n > 0 && m - 1 > 0, else the loop as written; 4\\.0 memory requests per warp \\(64\\.0 with the outermost loop alone\\)" } */
    for (int j = 0; j < m - 1; j++)
      B[i][j] = A[i][j] + 1;
}

/* The j loop runs once per i: its constructs each write one row of the
   section its map names.  */
__attribute__ ((noinline)) void
rows (int n, int m, double A[restrict n][m], double B[restrict n][m])
{
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(tofrom: A\\\[0:n\\\], B\\\[1:n - 1\\\]\\)" } */
      {
	A[i][j] = A[i - 1][j] + 1;
	B[i][j] = A[i - 1][j] * 2;
      }
}

/* x and y, only read, may overlap (here they do): mapped where apart.  */
__attribute__ ((noinline)) void
read_overlap (const double *restrict x, const double *restrict y, double *restrict z, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(to: x\\\[0:n\\\], y\\\[0:n\\\]\\) map\\(from: z\\\[0:n\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(x \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(y\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(y \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(x\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(x \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(z\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(z \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(x\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(y \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(z\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(z \\+ \\(n\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(y\\)\\) && n > 0, else the loop as written; 6\\.0 memory requests per warp \\(6\\.0 with the outermost loop alone\\)" } */
    z[i] = x[i] + y[i];
}

#define N 64
#define M 50

int
main (void)
{
  double *a = malloc ((N * M + 1) * sizeof *a), *b = malloc (N * M * sizeof *b);
  double *c = malloc (N * M * sizeof *c);
  double (*A)[M] = malloc (sizeof (double[N][M]));
  double (*B)[M] = malloc (sizeof (double[N][M]));
  for (int i = 0; i < N * M; i++)
    {
      a[i] = i % 9 - 4;
      b[i] = (i * 7) % 5;
      c[i] = -1;
    }
  a[N * M] = 3;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      {
	A[i][j] = i - j;
	B[i][j] = 100 + j;
      }
  struct_temp (a, b, c, N * M);
  double s = 0;
  for (int i = 0; i < N * M; i++)
    s += c[i] * (i % 7);
  reset (a, c, N * M);
  for (int i = 0; i < N * M; i++)
    s += c[i] * (i % 5);
  gaps (N, M, A, B);
  rows (N, M, A, B);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += (A[i][j] + 3 * B[i][j]) * ((i + j) % 4);
  read_overlap (a, a + 1, c, N * M);
  for (int i = 0; i < N * M; i++)
    s += c[i] * (i % 3);
  printf ("%.17g\n", s);
  return 0;
}

/* { dg-final { annotated-run } } */
