/* Conjugate gradient on a sparse symmetric positive definite matrix in
   compressed sparse row form, written from the method's definition: the
   inverse power method estimates the smallest eigenvalue of A, each step
   solving A z = x approximately by CG_STEPS iterations of conjugate
   gradient, zeta = shift + 1 / (x . z), x = z / |z|.

   The matrix: row i has entries at columns i and i +- d for each stride d
   of STRIDES (mod n), off-diagonal values -1 / (1 + |d| % 7), the diagonal
   the sum of the row's off-diagonal magnitudes plus 1 + (i % 5) * 0.1:
   symmetric and strictly diagonally dominant, so positive definite.

   Usage: cg N STEPS; prints zeta after each step and the last residual
   |x - A z|, and exits 1 when the residual of the last solve is not below
   its bound (the verification).  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NMAX 200000
#define NSTRIDES 4
#define PER_ROW (2 * NSTRIDES + 1)
#define NZMAX (NMAX * PER_ROW)
#define CG_STEPS 25

static const int strides[NSTRIDES] = { 1, 7, 61, 997 };

static double a[NZMAX];
static int colidx[NZMAX], rowstr[NMAX + 1];
static double x[NMAX], z[NMAX], p[NMAX], q[NMAX], r[NMAX];

/* The matrix's rows, each sorted by column.  */
static void
make_matrix (int n)
{
  int nz = 0;
  for (int i = 0; i < n; i++)
    {
      int cols[PER_ROW];
      double vals[PER_ROW], diag = 1.0 + (i % 5) * 0.1;
      int m = 0;
      for (int s = 0; s < NSTRIDES; s++)
	{
	  int d = strides[s] % n;
	  double v = -1.0 / (1 + strides[s] % 7);
	  if (d == 0)
	    continue;
	  cols[m] = (i + d) % n, vals[m++] = v;
	  cols[m] = (i - d + n) % n, vals[m++] = v;
	  diag += 2 * -v;
	}
      cols[m] = i, vals[m++] = diag;
      /* Insertion sort by column; equal columns (n small) add up.  */
      for (int k = 1; k < m; k++)
	for (int l = k; l > 0 && cols[l - 1] > cols[l]; l--)
	  {
	    int c = cols[l];
	    double v = vals[l];
	    cols[l] = cols[l - 1], vals[l] = vals[l - 1];
	    cols[l - 1] = c, vals[l - 1] = v;
	  }
      rowstr[i] = nz;
      for (int k = 0; k < m; k++)
	{
	  if (nz > rowstr[i] && colidx[nz - 1] == cols[k])
	    a[nz - 1] += vals[k];
	  else
	    colidx[nz] = cols[k], a[nz++] = vals[k];
	}
    }
  rowstr[n] = nz;
}

/* CG_STEPS iterations of conjugate gradient on A z = x from z = 0; the
   residual |x - A z| after them.  */
static double
conj_grad (int n)
{
  double rho = 0.0;
  for (int j = 0; j < n; j++)
    {
      z[j] = 0.0;
      r[j] = x[j];
      p[j] = r[j];
    }
  for (int j = 0; j < n; j++)
    rho += r[j] * r[j];
  for (int it = 0; it < CG_STEPS; it++)
    {
      for (int j = 0; j < n; j++)
	{
	  double s = 0.0;
	  for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	    s += a[k] * p[colidx[k]];
	  q[j] = s;
	}
      double d = 0.0;
      for (int j = 0; j < n; j++)
	d += p[j] * q[j];
      double alpha = rho / d, rho0 = rho;
      for (int j = 0; j < n; j++)
	{
	  z[j] += alpha * p[j];
	  r[j] -= alpha * q[j];
	}
      rho = 0.0;
      for (int j = 0; j < n; j++)
	rho += r[j] * r[j];
      double beta = rho / rho0;
      for (int j = 0; j < n; j++)
	p[j] = r[j] + beta * p[j];
    }
  /* The residual, A z into r.  */
  for (int j = 0; j < n; j++)
    {
      double s = 0.0;
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	s += a[k] * z[colidx[k]];
      r[j] = s;
    }
  double sum = 0.0;
  for (int j = 0; j < n; j++)
    sum += (x[j] - r[j]) * (x[j] - r[j]);
  return sqrt (sum);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 20000;
  int steps = argc > 2 ? atoi (argv[2]) : 5;
  if (n < 2 || n > NMAX || steps < 1)
    {
      fprintf (stderr, "usage: cg N STEPS (2 <= N <= %d)\n", NMAX);
      return 2;
    }
  make_matrix (n);
  double x0 = 1.0 / sqrt ((double) n);
  for (int j = 0; j < n; j++)
    x[j] = x0;
  double zeta = 0.0, res = 0.0;
  for (int step = 1; step <= steps; step++)
    {
      res = conj_grad (n);
      double xz = 0.0, zz = 0.0;
      for (int j = 0; j < n; j++)
	{
	  xz += x[j] * z[j];
	  zz += z[j] * z[j];
	}
      zeta = 1.0 / xz;
      double scale = 1.0 / sqrt (zz);
      for (int j = 0; j < n; j++)
	x[j] = scale * z[j];
      printf ("step %d zeta %.12e residual %.6e\n", step, zeta, res);
    }
  int ok = res < 1e-8 && zeta > 0.0;
  printf ("verification %s\n", ok ? "successful" : "FAILED");
  return !ok;
}
