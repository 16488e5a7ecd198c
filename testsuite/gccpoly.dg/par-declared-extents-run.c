/* par-declared-extents.c's loops run with threads: arrays of fixed size at
   file scope, walked up to extents set at run time (here below the
   declared ones, and once with the grid's last extent at its full size).
   The model reads the accesses in the declared shapes; every cell is
   checked against a value computed from its indices alone (exit status 1
   otherwise), cells outside the walked part unchanged.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-optimized" } */

#include <stdio.h>

#define N 12
static double rhs[5][N][N][N];
static double u[N][N][N][5];
int grid[3];
double dt;

__attribute__ ((noinline)) void
scale (void)
{
  for (int m = 0; m < 5; m++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
    for (int i = 1; i <= grid[0] - 2; i++)
      for (int j = 1; j <= grid[1] - 2; j++)
	for (int k = 1; k <= grid[2] - 2; k++)
	  rhs[m][i][j][k] *= dt;
}

__attribute__ ((noinline)) void
add (void)
{
  for (int i = 1; i <= grid[0] - 2; i++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
    for (int j = 1; j <= grid[1] - 2; j++)
      for (int k = 1; k <= grid[2] - 2; k++)
	for (int m = 0; m < 5; m++)
	  u[i][j][k][m] += rhs[m][i][j][k];
}

static double
start (int m, int i, int j, int k)
{
  return (m * 7 + i * 5 + j * 3 + k) % 17;
}

static int
walked (int i, int j, int k)
{
  return i >= 1 && i <= grid[0] - 2 && j >= 1 && j <= grid[1] - 2 && k >= 1 && k <= grid[2] - 2;
}

static int
run (int g0, int g1, int g2)
{
  grid[0] = g0, grid[1] = g1, grid[2] = g2;
  for (int m = 0; m < 5; m++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
	for (int k = 0; k < N; k++)
	  rhs[m][i][j][k] = start (m, i, j, k), u[i][j][k][m] = m;
  scale ();
  add ();
  int bad = 0;
  for (int m = 0; m < 5; m++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
	for (int k = 0; k < N; k++)
	  {
	    int w = walked (i, j, k);
	    double r = w ? start (m, i, j, k) * dt : start (m, i, j, k);
	    double v = w ? m + r : m;
	    if (rhs[m][i][j][k] != r || u[i][j][k][m] != v)
	      {
		if (bad++ < 5)
		  printf ("grid %d %d %d: cell %d %d %d %d: %g %g, not %g %g\n",
			  g0, g1, g2, m, i, j, k, rhs[m][i][j][k], u[i][j][k][m], r, v);
	      }
	  }
  return bad;
}

int
main (int argc, char **argv)
{
  (void) argv;
  dt = 0.25 * argc;
  int bad = run (7, 9, 11) + run (N, 5, N) + run (3, 3, 3) + run (2, N, N);
  return bad != 0;
}
