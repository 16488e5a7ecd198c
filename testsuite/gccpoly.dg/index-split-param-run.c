/* Loops parallel on each side of the iteration where their counter equals
   a parameter of the region, and not as a whole, are split there: one
   step of Floyd-Warshall in a function of its own (row k is written in
   iteration k and read by all the others), the same from row 3 with an
   exit test by <=, the same from a parameter's row, and a pivot row
   divided by its own cell k, rows from a parameter plus a constant.  Not
   split: a counter that starts at a value that is no parameter nor one
   plus a constant, and a value of another type.
   Each result is compared with the same loops the plugin leaves alone
   (volatile steps), for every k and sizes from 0 up, the rows of the loop
   ending before, at or after row k.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fdump-tree-optimized" } */

#include <stdio.h>
#include <string.h>

#define N 40
int p1[N][N], q1[N][N];
unsigned p2[N][N], q2[N][N];
int p3[N][N], q3[N][N];
unsigned p4[N][N], q4[N][N], p6[N][N], q6[N][N];
unsigned p7[N][N], q7[N][N], p8[N][N], q8[N][N];
unsigned p5[N][N], q5[N][N];
volatile int vn = 1;

#define MIN2(a, b) ((a) <= (b) ? (a) : (b))

/* Rows 0 .. M - 1, row K read by each.  */
__attribute__((noinline)) void
relax (int w, int m, int n, int k, int d[][w])
{
  for (int i = 0; i < m; i++) /* { dg-optimized "loop split around the iteration where its counter equals k: the iterations before it, that iteration and the iterations after it run as three loops, in that order; before it parallel .doall.; after it parallel .doall." "relax split" } */
    for (int j = 0; j < n; j++)
      d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

__attribute__((noinline)) void
relax_ref (int w, int m, int n, int k, int d[][w])
{
  for (int i = 0; i < m; i += vn)
    for (int j = 0; j < n; j += vn)
      d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

/* Rows 3 .. M: the model counts the rows from 3, and k may lie before
   them (all rows after it).  */
__attribute__((noinline)) void
from1 (int w, int m, int n, int k, unsigned d[][w])
{
  for (int i = 3; i <= m; i++) /* { dg-optimized "loop split around the iteration where its counter equals k: .*; before it parallel .doall.; after it parallel .doall." "from1 split" } */
    for (int j = 0; j < n; j++)
      d[i][j] = (d[i][j] ^ d[i][k]) * 3u + d[k][j];
}

__attribute__((noinline)) void
from1_ref (int w, int m, int n, int k, unsigned d[][w])
{
  for (int i = 3; i <= m; i += vn)
    for (int j = 0; j < n; j += vn)
      d[i][j] = (d[i][j] ^ d[i][k]) * 3u + d[k][j];
}

/* Row K divided by its cell K, which iteration K changes.  */
__attribute__((noinline)) void
pivot (int w, int n, int k, int d[][w])
{
  for (int j = 0; j < n; j++) /* { dg-optimized "loop split around the iteration where its counter equals k: .*; before it parallel .doall.; after it parallel .doall." "pivot split" } */
    d[k][j] = d[k][j] / (d[k][k] | 1);
}

__attribute__((noinline)) void
pivot_ref (int w, int n, int k, int d[][w])
{
  for (int j = 0; j < n; j += vn)
    d[k][j] = d[k][j] / (d[k][k] | 1);
}

/* Rows LO .. M - 1: the counter starts at a parameter, which the split's
   model counts from.  */
__attribute__((noinline)) void
from_lo (int w, int lo, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo; i < m; i++) /* { dg-optimized "loop split around the iteration where its counter equals k: .*; before it parallel .doall.; after it parallel .doall." "from_lo split" } */
    for (int j = 0; j < n; j++)
      d[i][j] = (d[i][j] ^ d[i][k]) * 5u + d[k][j];
}

__attribute__((noinline)) void
from_lo_ref (int w, int lo, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo; i < m; i += vn)
    for (int j = 0; j < n; j += vn)
      d[i][j] = (d[i][j] ^ d[i][k]) * 5u + d[k][j];
}

/* Rows LO + 1 .. M - 1 and LO - 2 .. M - 1: the counter starts at a
   parameter plus a constant, which the split's model counts from.  */
__attribute__((noinline)) void
from_lo1 (int w, int lo, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo + 1; i < m; i++) /* { dg-optimized "loop split around the iteration where its counter equals k: .*; before it parallel .doall.; after it parallel .doall." "from_lo1 split" } */
    for (int j = 0; j < n; j++)
      d[i][j] = (d[i][j] ^ d[i][k]) * 9u + d[k][j];
}

__attribute__((noinline)) void
from_lo1_ref (int w, int lo, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo + 1; i < m; i += vn)
    for (int j = 0; j < n; j += vn)
      d[i][j] = (d[i][j] ^ d[i][k]) * 9u + d[k][j];
}

__attribute__((noinline)) void
from_lo_2 (int w, int lo, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo - 2; i < m; i++) /* { dg-optimized "loop split around the iteration where its counter equals k: .*; before it parallel .doall.; after it parallel .doall." "from_lo_2 split" } */
    for (int j = 0; j < n; j++)
      d[i][j] = (d[i][j] ^ d[i][k]) * 11u + d[k][j];
}

__attribute__((noinline)) void
from_lo_2_ref (int w, int lo, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo - 2; i < m; i += vn)
    for (int j = 0; j < n; j += vn)
      d[i][j] = (d[i][j] ^ d[i][k]) * 11u + d[k][j];
}

/* Rows LO + OFF .. M - 1: the counter starts at a sum of two parameters,
   which is no parameter nor one plus a constant, and the loop is not split
   (nor parallel).  Its j loop is, around column k, each side run in
   parallel only with enough iterations (never here).  */
__attribute__((noinline)) void
from_sum (int w, int lo, int off, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo + off; i < m; i++) /* { dg-missed "loop not parallel" "from_sum" } */
    for (int j = 0; j < n; j++) /* { dg-optimized "loop split around the iteration where its counter equals k: .*; before it parallel .doall.; after it parallel .doall." "from_sum's j split" } */
      d[i][j] = (d[i][j] ^ d[i][k]) * 13u + d[k][j];
}

__attribute__((noinline)) void
from_sum_ref (int w, int lo, int off, int m, int n, int k, unsigned d[][w])
{
  for (int i = lo + off; i < m; i += vn)
    for (int j = 0; j < n; j += vn)
      d[i][j] = (d[i][j] ^ d[i][k]) * 13u + d[k][j];
}

/* K of another type than the counter: the sides are parallel, but the
   split needs K as the counter's value.  */
__attribute__((noinline)) void
wide (int w, int m, int n, long k, unsigned d[][w])
{
  for (int i = 0; i < m; i++) /* { dg-missed "loop not split around the iteration where its counter equals k: that value is not of its counter's type; before it parallel .doall.; after it parallel .doall." "wide refused" } */
    for (int j = 0; j < n; j++)
      d[i][j] = (d[i][j] ^ d[i][k]) * 7u + d[k][j];
}

__attribute__((noinline)) void
wide_ref (int w, int m, int n, long k, unsigned d[][w])
{
  for (int i = 0; i < m; i += vn)
    for (int j = 0; j < n; j += vn)
      d[i][j] = (d[i][j] ^ d[i][k]) * 7u + d[k][j];
}

static void
init (void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
	int v = ((i * N + j) * 7919) % 101;
	p1[i][j] = q1[i][j] = v;
	p2[i][j] = q2[i][j] = (i * 13 + j * 3) % 29;
	p3[i][j] = q3[i][j] = 1000 + (i * 31 + j) % 37;
	p4[i][j] = q4[i][j] = (i * 17 + j * 5) % 19;
	p6[i][j] = q6[i][j] = (i * 7 + j * 13) % 31;
	p7[i][j] = q7[i][j] = (i * 5 + j * 11) % 37;
	p8[i][j] = q8[i][j] = (i * 3 + j * 17) % 41;
	p5[i][j] = q5[i][j] = (i * 11 + j * 7) % 23;
      }
}

int
main (void)
{
  static const int sizes[] = {0, 1, 2, 3, 5, 17, N - 2, N - 1};
  int bad = 0;
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      int n = sizes[s];
      init ();
      /* Floyd-Warshall over n rows, one step per call; then steps whose
	 loops end before, at or after row k.  */
      for (int k = 0; k < n; k++)
	{
	  relax (N, n, n, k, p1);
	  relax_ref (N, n, n, k, q1);
	}
      for (int k = 0; k < N; k += (k < 4 ? 1 : 3))
	for (int m = n - 2; m <= n + 1; m++)
	  {
	    if (m < 0 || m >= N)
	      continue;
	    relax (N, m, n, k, p1);
	    relax_ref (N, m, n, k, q1);
	    from1 (N, m, n, k, p2);
	    from1_ref (N, m, n, k, q2);
	    from_lo (N, (k * 7) % 11, m, n, k, p4);
	    from_lo_ref (N, (k * 7) % 11, m, n, k, q4);
	    from_lo1 (N, k / 2, m, n, k, p6);
	    from_lo1_ref (N, k / 2, m, n, k, q6);
	    from_lo_2 (N, (k * 5) % 13 + 2, m, n, k, p7);
	    from_lo_2_ref (N, (k * 5) % 13 + 2, m, n, k, q7);
	    from_sum (N, k / 3, k % 3, m, n, k, p8);
	    from_sum_ref (N, k / 3, k % 3, m, n, k, q8);
	    wide (N, m, n, k, p5);
	    wide_ref (N, m, n, k, q5);
	  }
      for (int k = 0; k < n; k++)
	{
	  pivot (N, n, k, p3);
	  pivot_ref (N, n, k, q3);
	}
      if (memcmp (p1, q1, sizeof p1) != 0)
	printf ("relax differs at n = %d\n", n), bad = 1;
      if (memcmp (p2, q2, sizeof p2) != 0)
	printf ("from1 differs at n = %d\n", n), bad = 1;
      if (memcmp (p3, q3, sizeof p3) != 0)
	printf ("pivot differs at n = %d\n", n), bad = 1;
      if (memcmp (p4, q4, sizeof p4) != 0)
	printf ("from_lo differs at n = %d\n", n), bad = 1;
      if (memcmp (p6, q6, sizeof p6) != 0)
	printf ("from_lo1 differs at n = %d\n", n), bad = 1;
      if (memcmp (p7, q7, sizeof p7) != 0)
	printf ("from_lo_2 differs at n = %d\n", n), bad = 1;
      if (memcmp (p8, q8, sizeof p8) != 0)
	printf ("from_sum differs at n = %d\n", n), bad = 1;
      if (memcmp (p5, q5, sizeof p5) != 0)
	printf ("wide differs at n = %d\n", n), bad = 1;
    }
  return bad;
}

/* Each side of the split runs in a function parloops outlined, and so
   does the copy of the loop run where k is below its start (every
   iteration after k).  */
/* { dg-final { scan-gcc-dump-times optimized {;; Function relax\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function from1\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function pivot\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function from_lo\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function from_lo1\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { scan-gcc-dump-times optimized {;; Function from_lo_2\._loopfn\.[0-9]+ } 3 } } */
/* { dg-final { compiler-output-not {index-split-param-run.c:(138|156|157):[0-9]+: optimized: gccpoly: loop split} } } */
/* { dg-final { scan-report {functions[name=relax].loops[line=33].transform} {["index-split","parallel"]} } } */
