/* A multigrid V-cycle for the 3-D Poisson equation -lap(u) = f on the unit
   cube, zero on the boundary, written from the method's definition: on
   each level, NU weighted-Jacobi sweeps, the residual, its restriction to
   the next coarser grid by full weighting in each direction's neighbours
   (the 7-point average), the coarse problem solved by the same cycle, the
   correction brought back by trilinear interpolation (each fine point the
   mean of the coarse points at i/2 and (i+1)/2 in each direction), and NU
   sweeps more.  The grids are jagged arrays, as a C code that
   allocates its levels at run time builds them: each a vector of planes,
   each plane a vector of rows (double ***).

   Usage: multigrid LEVELS CYCLES; the finest grid has 2^LEVELS + 1 points
   a side.  Prints the residual norm after each cycle and verifies that it
   fell in every cycle, by a factor of 4 at least over all.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXLEVELS 8
#define NU 2

static double ***u[MAXLEVELS], ***f[MAXLEVELS], ***r[MAXLEVELS], ***t[MAXLEVELS];
static int size[MAXLEVELS];

static double ***
grid (int n)
{
  double ***g = malloc (n * sizeof *g);
  for (int i = 0; i < n; i++)
    {
      g[i] = malloc (n * sizeof **g);
      for (int j = 0; j < n; j++)
	g[i][j] = calloc (n, sizeof ***g);
    }
  return g;
}

/* NU weighted-Jacobi sweeps on level l (h the spacing).  */
static void
smooth (int l, double h)
{
  int n = size[l];
  double ***a = u[l], ***b = f[l], ***c = t[l];
  for (int s = 0; s < NU; s++)
    {
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  for (int k = 1; k < n - 1; k++)
	    c[i][j][k] = a[i][j][k] + (2.0 / 3.0) / 6.0
	      * (h * h * b[i][j][k] + a[i - 1][j][k] + a[i + 1][j][k] + a[i][j - 1][k]
		 + a[i][j + 1][k] + a[i][j][k - 1] + a[i][j][k + 1] - 6.0 * a[i][j][k]);
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  for (int k = 1; k < n - 1; k++)
	    a[i][j][k] = c[i][j][k];
    }
}

/* r = f + lap(u) on level l; the norm of r.  */
static double
residual (int l, double h)
{
  int n = size[l];
  double ***a = u[l], ***b = f[l], ***c = r[l], sum = 0.0;
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
	c[i][j][k] = b[i][j][k] + (a[i - 1][j][k] + a[i + 1][j][k] + a[i][j - 1][k]
				   + a[i][j + 1][k] + a[i][j][k - 1] + a[i][j][k + 1]
				   - 6.0 * a[i][j][k]) / (h * h);
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
	sum += c[i][j][k] * c[i][j][k];
  return sqrt (sum);
}

static void
vcycle (int l, double h)
{
  smooth (l, h);
  if (l + 1 < MAXLEVELS && size[l + 1] >= 3)
    {
      int m = size[l + 1];
      residual (l, h);
      double ***fine = r[l], ***cf = f[l + 1], ***cu = u[l + 1];
      /* Full weighting: the point and the average of its six neighbours.  */
      for (int i = 1; i < m - 1; i++)
	for (int j = 1; j < m - 1; j++)
	  for (int k = 1; k < m - 1; k++)
	    {
	      cf[i][j][k] = 0.5 * fine[2 * i][2 * j][2 * k]
		+ (fine[2 * i - 1][2 * j][2 * k] + fine[2 * i + 1][2 * j][2 * k]
		   + fine[2 * i][2 * j - 1][2 * k] + fine[2 * i][2 * j + 1][2 * k]
		   + fine[2 * i][2 * j][2 * k - 1] + fine[2 * i][2 * j][2 * k + 1]) / 12.0;
	      cu[i][j][k] = 0.0;
	    }
      vcycle (l + 1, 2 * h);
      /* Trilinear interpolation at each fine point.  */
      double ***a = u[l];
      int n = size[l];
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  for (int k = 1; k < n - 1; k++)
	    {
	      int i0 = i / 2, i1 = (i + 1) / 2, j0 = j / 2, j1 = (j + 1) / 2, k0 = k / 2, k1 = (k + 1) / 2;
	      a[i][j][k] += 0.125 * (cu[i0][j0][k0] + cu[i0][j0][k1] + cu[i0][j1][k0] + cu[i0][j1][k1]
				     + cu[i1][j0][k0] + cu[i1][j0][k1] + cu[i1][j1][k0] + cu[i1][j1][k1]);
	    }
    }
  smooth (l, h);
}

int
main (int argc, char **argv)
{
  int levels = argc > 1 ? atoi (argv[1]) : 5;
  int cycles = argc > 2 ? atoi (argv[2]) : 4;
  if (levels < 2 || levels > MAXLEVELS || cycles < 1)
    {
      fprintf (stderr, "usage: multigrid LEVELS CYCLES (2 <= LEVELS <= %d)\n", MAXLEVELS);
      return 2;
    }
  for (int l = 0; l < MAXLEVELS; l++)
    {
      size[l] = l < levels ? (1 << (levels - l)) + 1 : 1;
      u[l] = grid (size[l]), f[l] = grid (size[l]), r[l] = grid (size[l]), t[l] = grid (size[l]);
    }
  int n = size[0];
  double h = 1.0 / (n - 1);
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
	f[0][i][j][k] = sin (3.0 * i * h) * sin (2.0 * j * h) * sin (5.0 * k * h) + 1.0;
  double r0 = residual (0, h), res = r0;
  int ok = 1;
  printf ("initial residual %.10e\n", r0);
  for (int c = 1; c <= cycles; c++)
    {
      vcycle (0, h);
      double last = res;
      res = residual (0, h);
      ok &= res < last;
      printf ("cycle %d residual %.10e\n", c, res);
    }
  ok &= res < r0 / 4;
  printf ("verification %s\n", ok ? "successful" : "FAILED");
  return !ok;
}
