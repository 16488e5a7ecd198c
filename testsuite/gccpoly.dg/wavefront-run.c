/* Triangular nests whose parallelism lies along their diagonals run by
   wavefronts (interchanged in iteration numbers right after the
   analysis), and the parallel marking then runs each diagonal's cells in
   parallel: nussinov's nest (i down, j from i + 1 up), and one with i up
   and j up to a bound of its own (whose inner count is a minimum).  A
   nest that reads a cell its diagonal order would overwrite first stays
   as written.  Each result is compared with the same nest the plugin
   leaves alone (volatile steps), for sizes from 0 up.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fdump-tree-optimized" } */

#include <stdio.h>
#include <string.h>

#define N 160
int t1[N * N], r1[N * N], seq[N];
double x2[N * N], y2[N * N], x3[N * N], y3[N * N], w[8];
volatile int vn = 1;

#define MAX2(a, b) ((a) >= (b) ? (a) : (b))

__attribute__((noinline)) void
dp (int n, int t[n][n])
{
  for (int i = n - 1; i >= 0; i--) /* { dg-optimized "loops at lines 25 and 26 run by wavefronts, in a copy run when seq.* and t.* disjoint && n >= 0: the outer loop counts the inner loop's iterations, and for each the inner loop runs the outer loop's iterations that have it .a diagonal of the nest., which are independent; interchange is legal: every flow is kept and no live range overlaps; it may reorder only values private to one iteration .m, .*.; no two iterations on one wavefront touch one cell" "dp by wavefronts" } */
    for (int j = i + 1; j < n; j++) /* { dg-optimized "loop marked parallel for parloops, in a copy run when seq.* and t.* disjoint && n >= 0$" "dp's diagonals in parallel" } */
      {
	int m = MAX2 (t[i][j - 1], t[i + 1][j]);
	m = MAX2 (m, t[i + 1][j - 1] + (seq[i] + seq[j] == 3));
	for (int k = i + 1; k < j; k++)
	  m = MAX2 (m, t[i][k] + t[k + 1][j]);
	t[i][j] = m;
      }
}

__attribute__((noinline)) void
dp_ref (int n, int t[n][n])
{
  for (int i = n - 1; i >= 0; i -= vn)
    for (int j = i + 1; j < n; j += vn)
      {
	int m = MAX2 (t[i][j - 1], t[i + 1][j]);
	m = MAX2 (m, t[i + 1][j - 1] + (seq[i] + seq[j] == 3));
	for (int k = i + 1; k < j; k++)
	  m = MAX2 (m, t[i][k] + t[k + 1][j]);
	t[i][j] = m;
      }
}

/* Each cell reads its left neighbour and the row above two columns to
   the left: both on earlier diagonals.  */
__attribute__((noinline)) void
up (int n, int m, double x[n][n])
{
  for (int i = 1; i < n; i++) /* { dg-optimized "loops at lines 55 and 56 run by wavefronts, in a copy run when w.* and x.* disjoint && n >= 0 && .*: the outer loop counts" "up by wavefronts" } */
    for (int j = i + 1; j < m; j++) /* { dg-optimized "loop marked parallel for parloops" "up's diagonals in parallel" } */
      {
	double s = x[i][j - 1];
	for (int k = 0; k < 8; k++)
	  s += w[k] * x[i - 1][j - 2];
	x[i][j] = s * 0.25;
      }
}

__attribute__((noinline)) void
up_ref (int n, int m, double x[n][n])
{
  for (int i = 1; i < n; i += vn)
    for (int j = i + 1; j < m; j += vn)
      {
	double s = x[i][j - 1];
	for (int k = 0; k < 8; k++)
	  s += w[k] * x[i - 1][j - 2];
	x[i][j] = s * 0.25;
      }
}

/* The row below, two columns to the left, is overwritten later in the
   loops' order, but earlier by diagonals.  */
__attribute__((noinline)) void
against (int n, double x[n][n])
{
  for (int i = n - 2; i >= 1; i--) /* { dg-missed "loops at lines 83 and 84 not run by wavefronts: interchange is illegal: it reverses dependences on x, whose values cross the loops' iterations" "against refused" } */
    for (int j = i + 1; j < n; j++)
      {
	double s = x[i][j] + x[i][j - 1];
	for (int k = 0; k < 4; k++)
	  s += w[k] * x[i - 1][j - 2];
	x[i][j] = s;
      }
}

__attribute__((noinline)) void
against_ref (int n, double x[n][n])
{
  for (int i = n - 2; i >= 1; i -= vn)
    for (int j = i + 1; j < n; j += vn)
      {
	double s = x[i][j] + x[i][j - 1];
	for (int k = 0; k < 4; k++)
	  s += w[k] * x[i - 1][j - 2];
	x[i][j] = s;
      }
}

static void
init (void)
{
  for (int i = 0; i < N; i++)
    seq[i] = (i * 7 + 3) % 4;
  for (int i = 0; i < N * N; i++)
    {
      t1[i] = r1[i] = (i * 5) % 3;
      x2[i] = y2[i] = (double) ((i * 13) % 17) / 16.0;
      x3[i] = y3[i] = (double) ((i * 11) % 23) / 8.0;
    }
  for (int k = 0; k < 8; k++)
    w[k] = 0.125 + k * 0.01;
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
      dp (n, (int (*)[n]) t1);
      dp_ref (n, (int (*)[n]) r1);
      up (n, n - s % 3, (double (*)[n]) x2);
      up_ref (n, n - s % 3, (double (*)[n]) y2);
      against (n, (double (*)[n]) x3);
      against_ref (n, (double (*)[n]) y3);
      if (memcmp (t1, r1, sizeof t1) != 0)
	printf ("dp differs at n = %d\n", n), bad = 1;
      if (memcmp (x2, y2, sizeof x2) != 0)
	printf ("up differs at n = %d\n", n), bad = 1;
      if (memcmp (x3, y3, sizeof x3) != 0)
	printf ("against differs at n = %d\n", n), bad = 1;
    }
  return bad;
}

/* The new inner loops run in functions parloops outlined.  */
/* { dg-final { scan-gcc-dump optimized {;; Function dp\._loopfn\.[0-9]+ } } } */
/* { dg-final { scan-gcc-dump optimized {;; Function up\._loopfn\.[0-9]+ } } } */
/* { dg-final { scan-report {functions[name=dp].loops[line=25].transform} {["wavefront"]} } } */
/* { dg-final { scan-report {functions[name=dp].loops[line=26].transform} {["wavefront","parallel"]} } } */
/* { dg-final { scan-report {functions[name=up].loops[line=56].transform} {["wavefront","parallel"]} } } */
/* { dg-final { scan-report {functions[name=against].loops[line=83].transform} {[]} } } */
