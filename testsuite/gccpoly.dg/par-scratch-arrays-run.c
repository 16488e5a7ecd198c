/* Scratch arrays at file scope, as a line solver uses them: each (j, i)
   column first writes its Jacobians fjac and njac, then the blocks lhs
   from them, then updates rhs from lhs.  Every iteration of the j and i
   loops writes the scratch cells before it reads them: private to each
   thread, and after the loop they hold the last column's values
   (lastprivate), as they would have in the plain build.  The grid's
   extents are read from memory; the arrays' declared shapes keep the
   columns apart (par-declared-extents.c).  rhs and the scratch arrays are
   checked against values computed column by column from their
   definitions (exit status 1 otherwise).  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-optimized" } */

#include <stdio.h>

#define N 10
static double rhs[N][N][N][5];
static double fjac[N][5][5], njac[N][5][5];
static double lhs[N][3][5][5];
static double u[N][N][N][5];
int grid[3];
double dt, tx1;

__attribute__ ((noinline)) void
solve_lines (void)
{
  for (int j = 1; j <= grid[1] - 2; j++)	/* { dg-optimized "loop parallel \\(private\\); private: fjac" } */
    for (int i = 1; i <= grid[0] - 2; i++)
      {
	for (int k = 0; k <= grid[2] - 1; k++)
	  {
	    double t1 = 1.0 / u[k][j][i][0];
	    for (int m = 0; m < 5; m++)
	      for (int n = 0; n < 5; n++)
		{
		  fjac[k][m][n] = t1 * u[k][j][i][m] * (m == n);
		  njac[k][m][n] = t1 * u[k][j][i][n];
		}
	  }
	for (int k = 1; k <= grid[2] - 2; k++)
	  for (int m = 0; m < 5; m++)
	    for (int n = 0; n < 5; n++)
	      {
		lhs[k][0][m][n] = -dt * tx1 * fjac[k - 1][m][n] - njac[k - 1][m][n];
		lhs[k][1][m][n] = 1.0 + dt * tx1 * njac[k][m][n];
		lhs[k][2][m][n] = dt * tx1 * fjac[k + 1][m][n] - njac[k + 1][m][n];
	      }
	for (int k = 1; k <= grid[2] - 2; k++)
	  for (int m = 0; m < 5; m++)
	    rhs[k][j][i][m] += lhs[k][1][m][m] * rhs[k][j][i][m];
      }
}

static double
u0 (int k, int j, int i, int m)
{
  return 1 + (k * 3 + j * 5 + i * 7 + m) % 11;
}

static double
rhs0 (int k, int j, int i, int m)
{
  return (k + 2 * j + 3 * i + 4 * m) % 9 - 4;
}

/* What column (j, i) leaves in njac[k][m][n] and fjac[k][m][n].  */
static double
nj (int k, int j, int i, int m, int n)
{
  (void) m;
  return 1.0 / u0 (k, j, i, 0) * u0 (k, j, i, n);
}

static double
fj (int k, int j, int i, int m, int n)
{
  return 1.0 / u0 (k, j, i, 0) * u0 (k, j, i, m) * (m == n);
}

static int
check (int g0, int g1, int g2)
{
  int bad = 0, lj = g1 - 2, li = g0 - 2;
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
	for (int m = 0; m < 5; m++)
	  {
	    int w = j >= 1 && j <= g1 - 2 && i >= 1 && i <= g0 - 2 && k >= 1 && k <= g2 - 2;
	    double r = rhs0 (k, j, i, m);
	    if (w)
	      r += (1.0 + dt * tx1 * nj (k, j, i, m, m)) * r;
	    if (rhs[k][j][i][m] != r && bad++ < 5)
	      printf ("grid %d %d %d: rhs[%d][%d][%d][%d] = %g, not %g\n", g0, g1, g2, k, j, i, m, rhs[k][j][i][m], r);
	  }
  if (lj < 1 || li < 1)
    return bad;
  for (int k = 0; k < g2; k++)
    for (int m = 0; m < 5; m++)
      for (int n = 0; n < 5; n++)
	{
	  if ((fjac[k][m][n] != fj (k, lj, li, m, n) || njac[k][m][n] != nj (k, lj, li, m, n)) && bad++ < 5)
	    printf ("grid %d %d %d: jacobians at %d %d %d are not the last column's\n", g0, g1, g2, k, m, n);
	  if (k >= 1 && k <= g2 - 2
	      && lhs[k][1][m][n] != 1.0 + dt * tx1 * nj (k, lj, li, m, n) && bad++ < 5)
	    printf ("grid %d %d %d: lhs[%d][1][%d][%d] is not the last column's\n", g0, g1, g2, k, m, n);
	}
  return bad;
}

static int
run (int g0, int g1, int g2)
{
  grid[0] = g0, grid[1] = g1, grid[2] = g2;
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
	for (int m = 0; m < 5; m++)
	  u[k][j][i][m] = u0 (k, j, i, m), rhs[k][j][i][m] = rhs0 (k, j, i, m);
  solve_lines ();
  return check (g0, g1, g2);
}

int
main (int argc, char **argv)
{
  (void) argv;
  dt = 0.125 * argc, tx1 = 3.0;
  int bad = run (7, 9, N) + run (N, N, 4) + run (3, 3, 3);
  return bad != 0;
}

/* { dg-final { scan-report {functions[name=solve_lines].loops[line=27].lastprivate} {["fjac","lhs","njac"]} } } */
/* { dg-final { scan-report {functions[name=solve_lines].loops[line=27].transform} {["parallel","privatize"]} } } */
