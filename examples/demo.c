/* gccpoly's demo: a few loop nests of the kinds the plugin analyses.
   Build: see examples/demo.sh (make demo).  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Matrix product, i-j-k order: the innermost access b[k][j] strides by n.  */
void
matmul (int n, double *c, double *a, double *b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	double s = 0;
	for (int k = 0; k < n; k++)
	  s += a[i * n + k] * b[k * n + j];
	c[i * n + j] = s;
      }
}

/* Jacobi 2D: the time loop carries a dependence, the space loops do not.  */
void
jacobi (int steps, int n, double *u, double *v)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  v[i * n + j] = 0.2 * (u[i * n + j] + u[(i - 1) * n + j]
				+ u[(i + 1) * n + j] + u[i * n + j - 1]
				+ u[i * n + j + 1]);
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  u[i * n + j] = v[i * n + j];
    }
}

/* A prefix sum: each iteration needs the previous one.  */
void
prefix (int n, double *x)
{
  for (int i = 1; i < n; i++)
    x[i] += x[i - 1];
}

static double
seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 400;
  double *a = malloc (sizeof (double) * n * n);
  double *b = malloc (sizeof (double) * n * n);
  double *c = malloc (sizeof (double) * n * n);
  for (int i = 0; i < n * n; i++)
    {
      a[i] = (i % 13) * 0.125;
      b[i] = (i % 7) - 3.0;
      c[i] = 0;
    }
  double t0 = seconds ();
  matmul (n, c, a, b);
  jacobi (20, n, c, a);
  prefix (n * n, b);
  double t1 = seconds ();
  double sum = 0;
  for (int i = 0; i < n * n; i++)
    sum += c[i] + a[i] + b[i] * 1e-6;
  printf ("checksum %.10e  time %.3f s\n", sum, t1 - t0);
  free (a);
  free (b);
  free (c);
  return 0;
}
