/* A nest that stays sequential (bicg: s[j] sums over the rows, q[i] over
   the columns, neither loop parallel without reassociation), where GCC
   keeps q[i] in memory in the inner loop because q could overlap s: the
   plugin versions the nest on the region's overlap test and, in the copy
   where the arrays are apart, carries q[i] in a register (loaded before
   the inner loop, stored after it).  The same with an unsigned sum and a
   maximum.  Not carried: a cell whose array the loop also reads
   elsewhere (q[j]).  Each must print what the plain build prints, with
   the arrays apart (the copy with the register) and overlapping in
   several ways (the loops as written), for sizes from 0 up.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
bicg (int m, int n, double *A, double *s, double *q, double *p, double *r)
{
  for (int i = 0; i < m; i++)
    s[i] = 0.0;
  for (int i = 0; i < n; i++)
    {
      q[i] = 0.0;
      for (int j = 0; j < m; j++) /* { dg-optimized "gccpoly: the running value of the cell of q that the loop updates kept in a register, loaded before the loop and stored after it, in a copy run when q\\+\\\[0, 8\\*n\\) and s\\+\\\[0, 8\\*m\\) disjoint && " "bicg carried" } */
	{
	  s[j] = s[j] + r[i] * A[i * m + j];
	  q[i] = q[i] + A[i * m + j] * p[j];
	}
    }
}

__attribute__((noinline)) void
sums (int m, int n, const unsigned *a, unsigned *t, unsigned *h)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) /* { dg-optimized "the running value of the cell of h that the loop updates kept in a register" "sums carried" } */
      {
	h[i] += a[i * m + j];
	t[j] ^= a[i * m + j];
      }
}

__attribute__((noinline)) void
most (int m, int n, const int *a, int *t, int *g)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) /* { dg-optimized "the running value of the cell of g that the loop updates kept in a register" "most carried" } */
      {
	g[i] = g[i] > a[i * m + j] ? g[i] : a[i * m + j];
	t[j] += g[i];
      }
}

/* q[i] and q[j] in the same loop: j = i reads the cell.  */
__attribute__((noinline)) void
mixed (int n, const double *a, double *q, double *t)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	q[i] = q[i] + a[i * n + j] * q[j];
	t[j] = t[j] + q[i];
      }
}

/* Sums into q[i] while the loop also scales q[n + j]: other cells of the
   cell's own array, which the model proves apart from it (GCC cannot);
   with another array (a test) and alone (none).  Not carried: q[j],
   which is q[i] when j = i.  */
__attribute__((noinline)) void
halves (int n, double *q, const double *a)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) /* { dg-optimized "the running value of the cell of q that the loop updates kept in a register, loaded before the loop and stored after it, in a copy run when " "halves carried" } */
      {
	q[i] = q[i] + a[i * n + j];
	q[n + j] = q[n + j] * 0.5;
      }
}

__attribute__((noinline)) void
halves_alone (int n, double *q)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) /* { dg-optimized "the running value of the cell of q that the loop updates kept in a register, loaded before the loop and stored after it$" "halves_alone carried" } */
      {
	q[i] = q[i] + q[2 * n + i * n + j];
	q[n + j] = q[n + j] * 0.5 + 1.0;
      }
}

__attribute__((noinline)) void
same_cells (int n, double *q, const double *a)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	q[i] = q[i] + a[i * n + j];
	q[j] = q[j] * 0.5;
      }
}

/* { dg-final { compiler-output-not {:60:[0-9]+: optimized: gccpoly: the running value} } } */
/* { dg-final { compiler-output-not {:(96|97):[0-9]+: optimized: gccpoly: the running value} } } */
/* { dg-final { scan-report {functions[name=bicg].loops[line=25].transform} {["register-cell"]} } } */
/* { dg-final { scan-report {functions[name=bicg].loops[line=22].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=mixed].loops[line=60].transform} {[]} } } */

static double pool[4][200000];
static unsigned upool[2][200000];
static int ipool[2][200000];

static void
fill (int m, int n)
{
  for (int k = 0; k < 4; k++)
    for (int x = 0; x < 200000; x++)
      pool[k][x] = (x * 7 + k * 13) % 11 - 5;
  for (int x = 0; x < 200000; x++)
    {
      upool[0][x] = 4000000000u - 7u * x;
      upool[1][x] = x % 5;
      ipool[0][x] = (x * 7919) % 100003 - 50000;
      ipool[1][x] = x % 3 - 1000000;
    }
  (void) m, (void) n;
}

static double
digest (const double *v, int k)
{
  double d = 0;
  for (int x = 0; x < k; x++)
    d = d * 1.0000001 + v[x];
  return d;
}

static unsigned
udigest (const unsigned *v, int k)
{
  unsigned d = 0;
  for (int x = 0; x < k; x++)
    d = d * 31u + v[x];
  return d;
}

int
main (void)
{
  static const int sizes[][2] = { { 0, 0 }, { 0, 3 }, { 3, 0 }, { 1, 1 }, { 7, 5 }, { 300, 200 } };
  for (int k = 0; k < 6; k++)
    {
      int m = sizes[k][0], n = sizes[k][1];
      double *A = pool[0], *s = pool[1], *q = pool[2], *p = pool[3], *r = pool[3] + 1000;

      /* Apart.  */
      fill (m, n);
      bicg (m, n, A, s, q, p, r);
      printf ("bicg apart %d %d: %.17g %.17g\n", m, n, digest (s, m), digest (q, n));
      /* q is s.  */
      fill (m, n);
      bicg (m, n, A, s, s, p, r);
      printf ("bicg q=s %d %d: %.17g\n", m, n, digest (s, m > n ? m : n));
      /* q inside A, and s overlapping q by one.  */
      fill (m, n);
      bicg (m, n, A, pool[1] + 1, pool[1], p, r);
      printf ("bicg shifted %d %d: %.17g\n", m, n, digest (pool[1], m + n + 1));
      fill (m, n);
      bicg (m, n, A, s, A + 3, p, r);
      printf ("bicg in A %d %d: %.17g %.17g\n", m, n, digest (s, m), digest (A, m * n + 3));

      fill (m, n);
      sums (m, n, upool[0], upool[1], upool[1] + 100000);
      printf ("sums apart %d %d: %u %u\n", m, n, udigest (upool[1], m), udigest (upool[1] + 100000, n));
      fill (m, n);
      sums (m, n, upool[0], upool[1], upool[1] + 1);
      printf ("sums overlap %d %d: %u\n", m, n, udigest (upool[1], m + n + 1));

      fill (m, n);
      most (m, n, ipool[0], ipool[1], ipool[1] + 100000);
      printf ("most apart %d %d: %u %u\n", m, n, udigest ((unsigned *) ipool[1], m), udigest ((unsigned *) ipool[1] + 100000, n));
      fill (m, n);
      most (m, n, ipool[0], ipool[1], ipool[1] + 2);
      printf ("most overlap %d %d: %u\n", m, n, udigest ((unsigned *) ipool[1], m + n + 2));

      fill (m, n);
      mixed (n, pool[0], pool[1], pool[2]);
      printf ("mixed %d: %.17g %.17g\n", n, digest (pool[1], n), digest (pool[2], n));

      int h = n < 300 ? n : 150;
      fill (m, n);
      halves (h, pool[1], pool[0]);
      printf ("halves apart %d: %.17g\n", h, digest (pool[1], 2 * h));
      fill (m, n);
      halves (h, pool[0] + 5, pool[0]);
      printf ("halves in a %d: %.17g\n", h, digest (pool[0], h * h + 2 * h + 5));
      fill (m, n);
      halves_alone (h, pool[1]);
      printf ("halves alone %d: %.17g\n", h, digest (pool[1], h * h + 2 * h));
      fill (m, n);
      same_cells (h, pool[1], pool[0]);
      printf ("same cells %d: %.17g\n", h, digest (pool[1], h));
    }
  return 0;
}
