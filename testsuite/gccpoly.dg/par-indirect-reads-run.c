/* Loops whose reads go through index arrays (gathers, an ELLPACK
   matrix-vector product, a permutation of the rows of a matrix, an
   interpolation from a table) run in parallel: the gathered objects are
   only read.  Indices repeat, run backwards and jump; every result is
   compared with a sequential computation the plugin leaves alone
   (volatile bounds), at counts below and above parloops' minimum.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

#define N 120000
#define K 5
#define R 400
#define M 300
double x[N], y[N], v[N][K], tab[1024];
int idx[N], col[N][K], perm[R];
double a[R][M], b[R][M];
volatile int vn;

__attribute__((noinline)) void
gather (int n, double *restrict out, const double *restrict in, const int *restrict ix)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .doall." "" } */
    out[i] = 2.0 * in[ix[i]] + i;
}

__attribute__((noinline)) void
ell (int n)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .private." "" } */
    {
      double s = 0.0;
      for (int k = 0; k < K; k++)
	s += v[i][k] * x[col[i][k]];
      y[i] = s;
    }
}

/* Rows of a copied in the order perm gives.  */
__attribute__((noinline)) void
permute_rows (int n)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .private.; private: value of line 46" "" } */
    for (int j = 0; j < M; j++)
      b[i][j] = a[perm[i]][j] * 0.5;
}

/* A table lookup with an index computed from the data.  */
__attribute__((noinline)) void
lookup (int n)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .doall." "" } */
    y[i] = tab[idx[i] & 1023] - x[i];
}

/* The gathered array is the one written, each iteration reading the
   cell the previous one wrote: not modelled, it stays sequential.  */
__attribute__((noinline)) void
chain (int n)
{
  for (int i = 1; i < n; i++) /* { dg-missed "loop not in a SCoP: non-affine-access: line 63: '_\[0-9\]+' = array_ref is not affine, and 'x' is written in the region" "" } */
    x[i] = x[idx[i]] * 0.5 + 1.0;
}

int
main (void)
{
  int bad = 0;
  static double want[N], wb[R][M];
  for (int i = 0; i < N; i++)
    {
      x[i] = (double) ((i * 7919) % 2003) * 0.25;
      idx[i] = (i * 37 + (i % 3) * 1000) % N;
      for (int k = 0; k < K; k++)
	{
	  v[i][k] = (double) ((i + k) % 11) - 5.0;
	  col[i][k] = (N - 1 - i + k * 17) % N;
	}
    }
  for (int i = 0; i < 1024; i++)
    tab[i] = i * 1.5 - 700.0;
  for (int i = 0; i < R; i++)
    {
      perm[i] = (i * 151) % R;
      for (int j = 0; j < M; j++)
	a[i][j] = (double) (i * M + j);
    }
  int counts[] = { 1, 2, 999, 50001, N };
  for (int c = 0; c < 5; c++)
    {
      int n = counts[c];
      vn = n;
      gather (n, y, x, idx);
      for (int i = 0; i < vn; i++)
	bad += y[i] != 2.0 * x[idx[i]] + i;
      ell (n);
      for (int i = 0; i < vn; i++)
	{
	  double s = 0.0;
	  for (int k = 0; k < K; k++)
	    s += v[i][k] * x[col[i][k]];
	  want[i] = s;
	}
      for (int i = 0; i < vn; i++)
	bad += y[i] != want[i];
      lookup (n);
      for (int i = 0; i < vn; i++)
	bad += y[i] != tab[idx[i] & 1023] - x[i];
    }
  int rows[] = { 1, 7, R };
  for (int c = 0; c < 3; c++)
    {
      vn = rows[c];
      for (int i = 0; i < vn; i++)
	for (int j = 0; j < M; j++)
	  wb[i][j] = a[perm[i]][j] * 0.5;
      permute_rows (rows[c]);
      for (int i = 0; i < vn; i++)
	for (int j = 0; j < M; j++)
	  bad += b[i][j] != wb[i][j];
    }
  for (int i = 0; i < N; i++)
    idx[i] = i > 0 ? i - 1 : 0;
  int chains[] = { 2, 999, N };
  for (int c = 0; c < 3; c++)
    {
      vn = chains[c];
      for (int i = 0; i < vn; i++)
	want[i] = x[i] = (double) (i % 13);
      for (int i = 1; i < vn; i++)
	want[i] = want[idx[i]] * 0.5 + 1.0;
      chain (chains[c]);
      for (int i = 0; i < vn; i++)
	bad += x[i] != want[i];
    }
  if (bad)
    printf ("%d wrong results\n", bad);
  return bad != 0;
}
