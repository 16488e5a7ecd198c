/* Alternating-direction implicit steps for the heat equation u_t = lap(u)
   on the unit cube, five independent components a point (as a flow
   solver's state), zero on the boundary, written from the method's
   definition: each step solves (I - dt Dxx) u' = u along every x line,
   then (I - dt Dyy) along y, then (I - dt Dzz) along z (the locally
   one-dimensional splitting), each line a tridiagonal system solved by
   elimination forward and substitution back in scratch arrays at file
   scope, as a solver written for one line at a time keeps them.

   The initial state is (m + 1) sin(pi x) sin(pi y) sin(pi z) for component
   m, whose exact solution decays as exp(-3 pi^2 t).  Usage: adi N STEPS;
   prints the amplitude of each component after the last step and
   verifies it within 5% of the exact decay.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NMAX 96
#define M 5

static double u[NMAX][NMAX][NMAX][M];
/* One line's elimination: the modified upper diagonal and right side.  */
static double cp[NMAX][M], dp[NMAX][M];

static void
sweep_x (int n, double r)
{
  for (int j = 1; j < n - 1; j++)
    for (int k = 1; k < n - 1; k++)
      {
	for (int m = 0; m < M; m++)
	  {
	    cp[0][m] = 0.0;
	    dp[0][m] = 0.0;
	  }
	for (int i = 1; i < n - 1; i++)
	  for (int m = 0; m < M; m++)
	    {
	      double den = 1.0 + 2.0 * r + r * cp[i - 1][m];
	      cp[i][m] = -r / den;
	      dp[i][m] = (u[i][j][k][m] + r * dp[i - 1][m]) / den;
	    }
	for (int m = 0; m < M; m++)
	  u[n - 2][j][k][m] = dp[n - 2][m];
	for (int i = n - 3; i >= 1; i--)
	  for (int m = 0; m < M; m++)
	    u[i][j][k][m] = dp[i][m] - cp[i][m] * u[i + 1][j][k][m];
      }
}

static void
sweep_y (int n, double r)
{
  for (int i = 1; i < n - 1; i++)
    for (int k = 1; k < n - 1; k++)
      {
	for (int m = 0; m < M; m++)
	  {
	    cp[0][m] = 0.0;
	    dp[0][m] = 0.0;
	  }
	for (int j = 1; j < n - 1; j++)
	  for (int m = 0; m < M; m++)
	    {
	      double den = 1.0 + 2.0 * r + r * cp[j - 1][m];
	      cp[j][m] = -r / den;
	      dp[j][m] = (u[i][j][k][m] + r * dp[j - 1][m]) / den;
	    }
	for (int m = 0; m < M; m++)
	  u[i][n - 2][k][m] = dp[n - 2][m];
	for (int j = n - 3; j >= 1; j--)
	  for (int m = 0; m < M; m++)
	    u[i][j][k][m] = dp[j][m] - cp[j][m] * u[i][j + 1][k][m];
      }
}

static void
sweep_z (int n, double r)
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      {
	for (int m = 0; m < M; m++)
	  {
	    cp[0][m] = 0.0;
	    dp[0][m] = 0.0;
	  }
	for (int k = 1; k < n - 1; k++)
	  for (int m = 0; m < M; m++)
	    {
	      double den = 1.0 + 2.0 * r + r * cp[k - 1][m];
	      cp[k][m] = -r / den;
	      dp[k][m] = (u[i][j][k][m] + r * dp[k - 1][m]) / den;
	    }
	for (int m = 0; m < M; m++)
	  u[i][j][n - 2][m] = dp[n - 2][m];
	for (int k = n - 3; k >= 1; k--)
	  for (int m = 0; m < M; m++)
	    u[i][j][k][m] = dp[k][m] - cp[k][m] * u[i][j][k + 1][m];
      }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 48;
  int steps = argc > 2 ? atoi (argv[2]) : 20;
  if (n < 4 || n > NMAX || steps < 1)
    {
      fprintf (stderr, "usage: adi N STEPS (4 <= N <= %d)\n", NMAX);
      return 2;
    }
  double h = 1.0 / (n - 1), dt = 0.05 * h, r = dt / (h * h);
  const double pi = 3.14159265358979323846;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	{
	  double s = sin (pi * i * h) * sin (pi * j * h) * sin (pi * k * h);
	  for (int m = 0; m < M; m++)
	    u[i][j][k][m] = (m + 1) * s;
	}
  for (int t = 0; t < steps; t++)
    {
      sweep_x (n, r);
      sweep_y (n, r);
      sweep_z (n, r);
    }
  /* The amplitude: the projection on sin sin sin, over its own norm.  */
  double amp[M], norm = 0.0;
  for (int m = 0; m < M; m++)
    amp[m] = 0.0;
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
	{
	  double s = sin (pi * i * h) * sin (pi * j * h) * sin (pi * k * h);
	  norm += s * s;
	  for (int m = 0; m < M; m++)
	    amp[m] += u[i][j][k][m] * s;
	}
  double exact = exp (-3.0 * pi * pi * dt * steps);
  int ok = 1;
  for (int m = 0; m < M; m++)
    {
      double a = amp[m] / norm / (m + 1);
      printf ("component %d amplitude %.12e (exact %.6e)\n", m, a, exact);
      ok &= fabs (a - exact) < 0.05 * exact;
    }
  printf ("verification %s\n", ok ? "successful" : "FAILED");
  return !ok;
}
