/* Symmetric successive over-relaxation on a 3-D grid with five unknowns
   per point, written from the method's definition: the lower sweep visits
   the points in increasing order, each point's correction needing the
   corrections of its lower neighbours (i-1, j-1, k-1), and the upper sweep
   in decreasing order with its upper neighbours.  Points on one hyperplane
   i + j + k = l depend only on the hyperplane before, so each sweep runs
   hyperplane by hyperplane, the points of a hyperplane independent.  Each
   point's 5x5 diagonal block is solved by Gaussian elimination on a copy.

   The system: -Laplacian couplings between neighbours (weight -1 on each
   of the 5 components), the diagonal block D = 6.5 I + C with C a fixed
   coupling of the components; the right-hand side from a known smooth
   field.  Usage: ssor N ITERATIONS; prints the residual norm after each
   iteration and verifies that it fell in every iteration, by a factor of
   2 at least over all.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NMAX 64
#define M 5

static double u[NMAX][NMAX][NMAX][M], rhs[NMAX][NMAX][NMAX][M], res[NMAX][NMAX][NMAX][M];
static double diag[M][M];

/* Solves D x = b for one point on copies of D and b: elimination without
   pivoting (D is diagonally dominant), then back substitution.  */
static inline void
block_solve (double x[M], const double b[M])
{
  double a[M][M], y[M];
  for (int r = 0; r < M; r++)
    {
      y[r] = b[r];
      for (int c = 0; c < M; c++)
	a[r][c] = diag[r][c];
    }
  for (int p = 0; p < M; p++)
    for (int r = p + 1; r < M; r++)
      {
	double f = a[r][p] / a[p][p];
	for (int c = p; c < M; c++)
	  a[r][c] -= f * a[p][c];
	y[r] -= f * y[p];
      }
  for (int r = M - 1; r >= 0; r--)
    {
      double s = y[r];
      for (int c = r + 1; c < M; c++)
	s -= a[r][c] * x[c];
      x[r] = s / a[r][r];
    }
}

/* res = rhs - A u on the interior; the norm of res.  */
static double
residual (int n)
{
  double sum = 0.0;
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
	for (int m = 0; m < M; m++)
	  {
	    double au = -(u[i - 1][j][k][m] + u[i + 1][j][k][m] + u[i][j - 1][k][m]
			  + u[i][j + 1][k][m] + u[i][j][k - 1][m] + u[i][j][k + 1][m]);
	    for (int c = 0; c < M; c++)
	      au += diag[m][c] * u[i][j][k][c];
	    res[i][j][k][m] = rhs[i][j][k][m] - au;
	  }
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
	for (int m = 0; m < M; m++)
	  sum += res[i][j][k][m] * res[i][j][k][m];
  return sqrt (sum);
}

/* One SSOR iteration, relaxation omega, hyperplane by hyperplane.  */
static void
ssor (int n, double omega)
{
  /* Lower sweep: hyperplanes l = i + j + k from 3 up.  */
  for (int l = 3; l <= 3 * (n - 2); l++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
	{
	  int k = l - i - j;
	  if (k < 1 || k > n - 2)
	    continue;
	  double b[M], x[M];
	  for (int m = 0; m < M; m++)
	    {
	      double off = -(u[i - 1][j][k][m] + u[i + 1][j][k][m] + u[i][j - 1][k][m]
			     + u[i][j + 1][k][m] + u[i][j][k - 1][m] + u[i][j][k + 1][m]);
	      double du = 0.0;
	      for (int c = 0; c < M; c++)
		du += diag[m][c] * u[i][j][k][c];
	      b[m] = rhs[i][j][k][m] - off - du;
	    }
	  block_solve (x, b);
	  for (int m = 0; m < M; m++)
	    u[i][j][k][m] += omega * x[m];
	}
  /* Upper sweep: hyperplanes from the last down.  */
  for (int l = 3 * (n - 2); l >= 3; l--)
    for (int i = n - 2; i >= 1; i--)
      for (int j = n - 2; j >= 1; j--)
	{
	  int k = l - i - j;
	  if (k < 1 || k > n - 2)
	    continue;
	  double b[M], x[M];
	  for (int m = 0; m < M; m++)
	    {
	      double off = -(u[i - 1][j][k][m] + u[i + 1][j][k][m] + u[i][j - 1][k][m]
			     + u[i][j + 1][k][m] + u[i][j][k - 1][m] + u[i][j][k + 1][m]);
	      double du = 0.0;
	      for (int c = 0; c < M; c++)
		du += diag[m][c] * u[i][j][k][c];
	      b[m] = rhs[i][j][k][m] - off - du;
	    }
	  block_solve (x, b);
	  for (int m = 0; m < M; m++)
	    u[i][j][k][m] += omega * x[m];
	}
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 32;
  int iters = argc > 2 ? atoi (argv[2]) : 10;
  if (n < 4 || n > NMAX || iters < 1)
    {
      fprintf (stderr, "usage: ssor N ITERATIONS (4 <= N <= %d)\n", NMAX);
      return 2;
    }
  for (int r = 0; r < M; r++)
    for (int c = 0; c < M; c++)
      diag[r][c] = r == c ? 6.5 : 0.1 / (1 + r + 2 * c);
  double h = 1.0 / (n - 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	for (int m = 0; m < M; m++)
	  {
	    u[i][j][k][m] = 0.0;
	    rhs[i][j][k][m] = sin ((i + m) * h * 3.0) * cos (j * h * 2.0) + k * h * (m + 1);
	  }
  double r0 = residual (n), r = r0;
  int ok = 1;
  printf ("initial residual %.10e\n", r0);
  for (int it = 1; it <= iters; it++)
    {
      ssor (n, 1.2);
      double last = r;
      r = residual (n);
      ok &= r < last;
      printf ("iteration %d residual %.10e\n", it, r);
    }
  ok &= r < r0 / 2;
  printf ("verification %s\n", ok ? "successful" : "FAILED");
  return !ok;
}
