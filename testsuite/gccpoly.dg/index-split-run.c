/* Loops parallel on each side of one iteration, and not as a whole, are
   split there (right after the analysis) and the parallel marking then
   runs each side in parallel: Floyd-Warshall's i loop around i = k (row k
   is written in iteration k and read by all the others), the same with
   counters from a parameter, bounds of their own and exit tests by <=,
   the j loop of a two-level nest, an i loop with a second counter, and i
   loops whose counters start apart from k's (split at i = k + 1 or i = k).
   Not split: a nest whose rows also depend on the row before, one with
   too little work, one whose loop hands out a value.  Each result is
   compared with the same nest the plugin leaves alone (volatile steps),
   for sizes from 0 up.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fdump-tree-optimized" } */

#include <stdio.h>
#include <string.h>

#define N 70
int p1[N * N], q1[N * N], p3[N * N], q3[N * N];
unsigned p2[N * N], q2[N * N], p4[N * N], q4[N * N];
int p5[N * N], q5[N * N], p9[N * N], q9[N * N], p10[N * N], q10[N * N];
unsigned s3[N], t3[N];
int p7[N * N], q7[N * N], p8[N * N];
int x6[N * N], y6[N * N], w6[N * N];
volatile int vn = 1;

#define MIN2(a, b) ((a) <= (b) ? (a) : (b))

__attribute__((noinline)) void
fw (int n, int d[n][n])
{
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 32: the iterations before it, that iteration and the iterations after it run as three loops, in that order; before it parallel .doall.; after it parallel .doall." "fw split" } */
      for (int j = 0; j < n; j++)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

__attribute__((noinline)) void
fw_ref (int n, int d[n][n])
{
  for (int k = 0; k < n; k += vn)
    for (int i = 0; i < n; i += vn)
      for (int j = 0; j < n; j += vn)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

/* From LO up to and including a bound each: K's and I's last values may
   differ, so that row k may lie past the i loop's rows.  Each cell's new
   value depends on how often it was updated.  */
__attribute__((noinline)) void
le (int lo, int kn, int in, int jn, int w, unsigned d[w][w])
{
  for (int k = lo; k <= kn; k++)
    for (int i = lo; i <= in; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 53" "le split" } */
      for (int j = 0; j <= jn; j++)
	d[i][j] = (d[i][j] ^ d[i][k]) * 3u + d[k][j];
}

__attribute__((noinline)) void
le_ref (int lo, int kn, int in, int jn, int w, unsigned d[w][w])
{
  for (int k = lo; k <= kn; k += vn)
    for (int i = lo; i <= in; i += vn)
      for (int j = 0; j <= jn; j += vn)
	d[i][j] = (d[i][j] ^ d[i][k]) * 3u + d[k][j];
}

/* Each row also updates S, which the next row reads: no side of i = k is
   parallel.  The j loop is, on each side of j = k (column k of the row is
   written in iteration k of j and read by the others), but inside two
   sequential loops it would have too little work: nothing is split.  */
__attribute__((noinline)) void
chain (int n, int d[n][n], unsigned *s)
{
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) /* { dg-missed "loop not parallel: s: the value of s flows" "chain's i loop" } */
      for (int j = 0; j < n; j++)
	{
	  d[i][j] = MIN2 (d[i][j], d[i][k] + (int) (s[j] & 15));
	  s[j] = s[j] * 3 + d[i][j];
	}
}

__attribute__((noinline)) void
chain_ref (int n, int d[n][n], unsigned *s)
{
  for (int k = 0; k < n; k += vn)
    for (int i = 0; i < n; i += vn)
      for (int j = 0; j < n; j += vn)
	{
	  d[i][j] = MIN2 (d[i][j], d[i][k] + (int) (s[j] & 15));
	  s[j] = s[j] * 3 + d[i][j];
	}
}

/* One row relaxed through its own cell k: the j loop, inside one
   sequential loop, is split around j = k.  */
__attribute__((noinline)) void
row (int n, int *x, const int *w)
{
  for (int k = 0; k < n; k++)
    for (int j = 0; j < n; j++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 101: .*; before it parallel .doall.; after it parallel .doall." "row split" } */
      x[j] = MIN2 (x[j], x[k] + w[j]);
}

__attribute__((noinline)) void
row_ref (int n, int *x, const int *w)
{
  for (int k = 0; k < n; k += vn)
    for (int j = 0; j < n; j += vn)
      x[j] = MIN2 (x[j], x[k] + w[j]);
}

/* Row k + 1 is the one read by all: in iteration numbers, the i loop (from
   1) is parallel on each side of k's, which is where i = k + 1.  */
__attribute__((noinline)) void
apart (int n, int d[n][n])
{
  for (int k = 0; k < n - 1; k++)
    for (int i = 1; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 119 plus 1: .*; before it parallel .doall.; after it parallel .doall." "apart split" } */
      for (int j = 0; j < n; j++)
	d[i][j] = MIN2 (d[i][j], d[i][k + 1] + d[k + 1][j]);
}

__attribute__((noinline)) void
apart_ref (int n, int d[n][n])
{
  for (int k = 0; k < n - 1; k += vn)
    for (int i = 1; i < n; i += vn)
      for (int j = 0; j < n; j += vn)
	d[i][j] = MIN2 (d[i][j], d[i][k + 1] + d[k + 1][j]);
}

/* Row k, k from 1 and i from 0: split where the counters are equal, one
   iteration of i after k's.  */
__attribute__((noinline)) void
apart_eq (int n, int d[n][n])
{
  for (int k = 1; k < n; k++)
    for (int i = 0; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 139: .*; before it parallel .doall.; after it parallel .doall." "apart_eq split" } */
      for (int j = 0; j < n; j++)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

__attribute__((noinline)) void
apart_eq_ref (int n, int d[n][n])
{
  for (int k = 1; k < n; k += vn)
    for (int i = 0; i < n; i += vn)
      for (int j = 0; j < n; j += vn)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

/* Row k, k from 0 and i from 3: for k < 3 every row comes after k (the
   loop as written runs), then the split at i = k.  */
__attribute__((noinline)) void
apart_late (int n, int d[n][n])
{
  for (int k = 0; k < n; k++)
    for (int i = 3; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 159: .*; before it parallel .doall.; after it parallel .doall." "apart_late split" } */
      for (int j = 0; j < n; j++)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

__attribute__((noinline)) void
apart_late_ref (int n, int d[n][n])
{
  for (int k = 0; k < n; k += vn)
    for (int i = 3; i < n; i += vn)
      for (int j = 0; j < n; j += vn)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

/* A second counter in the i loop (C, by 3): each copy starts it at its
   value in the copy's first iteration.  */
__attribute__((noinline)) void
two (int n, int d[n][n])
{
  for (int k = 0; k < n; k++)
    {
      int c = 5;
      for (int i = 0; i < n; i++, c += 3) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 179" "two split" } */
	for (int j = 0; j < n; j++)
	  d[i][j] = (d[i][j] ^ d[i][k]) * 3 + (d[k][j] & 7) + c;
    }
}

__attribute__((noinline)) void
two_ref (int n, int d[n][n])
{
  for (int k = 0; k < n; k += vn)
    {
      int c = 5;
      for (int i = 0; i < n; i += vn, c += 3)
	for (int j = 0; j < n; j += vn)
	  d[i][j] = (d[i][j] ^ d[i][k]) * 3 + (d[k][j] & 7) + c;
    }
}

/* The last row's first cell is used after the loops: each side is
   parallel (its value the last iteration's), but a copy that does not run
   would leave no value.  */
__attribute__((noinline)) int
vout (int n, int d[n][n])
{
  int last = -1;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) /* { dg-missed "loop not split around the iteration where its counter equals the one of the loop at line 207: a value it computes is used after it; before it parallel .private.; after it parallel .private." "vout refused" } */
      {
	for (int j = 0; j < n; j++)
	  d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
	last = d[i][0];
      }
  return last;
}

static void
init (void)
{
  for (int i = 0; i < N * N; i++)
    {
      int v = (i * 7919) % 101;
      p1[i] = q1[i] = p2[i] = q2[i] = v;
      p3[i] = q3[i] = (i * 13) % 29;
      p4[i] = q4[i] = (i * 31) % 37;
      p5[i] = q5[i] = (i * 17) % 19;
      p9[i] = q9[i] = (i * 13) % 23;
      p10[i] = q10[i] = (i * 29) % 31;
      p7[i] = q7[i] = (i * 29) % 43;
      p8[i] = (i * 3) % 11;
    }
  for (int i = 0; i < N; i++)
    s3[i] = t3[i] = i * 5u;
  for (int i = 0; i < N * N; i++)
    {
      x6[i] = y6[i] = 50 + (i * 23) % 41;
      w6[i] = (i * 7) % 5 - 2;
    }
}

int
main (void)
{
  static const int sizes[] = {0, 1, 2, 3, 4, 5, 17, 64, N - 1, N};
  int bad = 0;
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      int n = sizes[s];
      init ();
      fw (n, (int (*)[n]) p1);
      fw_ref (n, (int (*)[n]) q1);
      chain (n, (int (*)[n]) p3, s3);
      chain_ref (n, (int (*)[n]) q3, t3);
      row (n * n, x6, w6);
      row_ref (n * n, y6, w6);
      two (n, (int (*)[n]) p7);
      two_ref (n, (int (*)[n]) q7);
      if (vout (n, (int (*)[n]) p8) != (n ? p8[(n - 1) * n] : -1))
	printf ("vout differs at n = %d\n", n), bad = 1;
      apart (n, (int (*)[n]) p5);
      apart_ref (n, (int (*)[n]) q5);
      apart_eq (n, (int (*)[n]) p9);
      apart_eq_ref (n, (int (*)[n]) q9);
      apart_late (n, (int (*)[n]) p10);
      apart_late_ref (n, (int (*)[n]) q10);
      /* Row k before, among and after the i loop's rows; empty loops.  */
      int lo = s % 3, kn = n - 1 - (int) (s % 4) * 5, in = n - 1 - (int) (s % 5) * 3;
      le (lo, kn, in, n - 1, N, (unsigned (*)[N]) p2);
      le_ref (lo, kn, in, n - 1, N, (unsigned (*)[N]) q2);
      le (lo, in, kn, n / 2, N, (unsigned (*)[N]) p4);
      le_ref (lo, in, kn, n / 2, N, (unsigned (*)[N]) q4);
      if (memcmp (p1, q1, sizeof p1) != 0)
	printf ("fw differs at n = %d\n", n), bad = 1;
      if (memcmp (p2, q2, sizeof p2) != 0 || memcmp (p4, q4, sizeof p4) != 0)
	printf ("le differs at n = %d\n", n), bad = 1;
      if (memcmp (p3, q3, sizeof p3) != 0 || memcmp (s3, t3, sizeof s3) != 0)
	printf ("chain differs at n = %d\n", n), bad = 1;
      if (memcmp (x6, y6, sizeof x6) != 0)
	printf ("row differs at n = %d\n", n), bad = 1;
      if (memcmp (p7, q7, sizeof p7) != 0)
	printf ("two differs at n = %d\n", n), bad = 1;
      if (memcmp (p5, q5, sizeof p5) != 0)
	printf ("apart differs at n = %d\n", n), bad = 1;
      if (memcmp (p9, q9, sizeof p9) != 0)
	printf ("apart_eq differs at n = %d\n", n), bad = 1;
      if (memcmp (p10, q10, sizeof p10) != 0)
	printf ("apart_late differs at n = %d\n", n), bad = 1;
    }
  return bad;
}

/* Each side of the split runs in a function parloops outlined.  */
/* { dg-final { scan-gcc-dump-times optimized {;; Function fw\._loopfn\.[0-9]+ } 2 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function le\._loopfn\.[0-9]+ } 2 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function row\._loopfn\.[0-9]+ } 2 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function two\._loopfn\.[0-9]+ } 2 } } */
/* Counters apart: the sides, and for apart and apart_late the loop as
   written where k + 1 or k is outside the counter's type or before i's
   start.  */
/* { dg-final { scan-gcc-dump-times optimized {;; Function apart\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function apart_eq\._loopfn\.[0-9]+ } 2 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function apart_late\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { compiler-output-not {index-split-run.c:(75|76|77|78|79):[0-9]+: optimized: gccpoly: loop split} } } */
/* { dg-final { scan-report {functions[name=fw].loops[line=33].transform} {["index-split","parallel"]} } } */
