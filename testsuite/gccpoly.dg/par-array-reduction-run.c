/* Reductions into arrays, which parloops does not make: the i loop adds
   into every cell of s (column sums), or of y (atax's second half), in
   each iteration.  In the copy where the arrays are apart, each thread
   adds into a zeroed copy of its own and the copies are added to the
   array after the loop.  An unsigned sum, floating-point sums with
   -ffast-math (small integers: every order of the sum gives the same
   result), a two-dimensional array with a row per k, a global array and
   a local one.  Each must
   print what it prints without the plugin (the expected values are
   computed in the other order: j outside, i inside, no reduction into an
   array), with no row, one, a few and many, and every copy must have
   been given back.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -ffast-math -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
ucolsum (int n, int m, const unsigned *a, unsigned *s)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when s\\+\\\[0, 4\\*m\\) and a\\+\\\[0, 4\\*m\\*n\\) disjoint && m >= 0; reductions into s: each thread adds into a zeroed copy of its own, and the copies are added to the array after the loop" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j] * 2654435761u;
}

void __attribute__ ((noinline))
atax_y (int n, int m, const double *A, const double *x, double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "reductions into y: each thread adds" } */
    {
      double t = 0.0;
      for (int j = 0; j < m; j++)
	t += A[i * m + j] * x[j];
      for (int j = 0; j < m; j++)
	y[j] += A[i * m + j] * t;
    }
}

/* Rows 1 to 3 of s only: the copies hold just those.  */
void __attribute__ ((noinline))
rows (int n, int m, const double *a, double (*s)[m])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "reductions into s: each thread adds" } */
    for (int k = 1; k < 4; k++)
      for (int j = 0; j < m; j++)
	s[k][j] += a[i * m + j] * k;
}

/* Declared arrays: a global one and a local one, whose sums are used
   after the loop.  */
unsigned gsum[64];

void __attribute__ ((noinline))
global_sums (int n, const unsigned *a)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "reductions into gsum: each thread adds" } */
    for (int j = 0; j < 64; j++)
      gsum[j] += a[i * 64 + j];
}

double __attribute__ ((noinline))
local_sums (int n, const double *a)
{
  double acc[64];
  for (int j = 0; j < 64; j++)
    acc[j] = j;
  for (int i = 0; i < n; i++)	/* { dg-optimized "reductions into acc: each thread adds" } */
    for (int j = 0; j < 64; j++)
      acc[j] += a[i * 64 + j];
  double t = 0;
  for (int j = 0; j < 64; j++)
    t = t * 0.5 + acc[j];
  return t;
}

/* atax as the kernel suite has it, tmp[i] in memory: inside the copy of
   the i loop that runs in parallel, the j loop's running value of tmp[i]
   stays in a register, stored after it (the arrays are apart there).  */
void __attribute__ ((noinline))
atax_tmp (int n, int m, const double *A, const double *x, double *y, double *tmp)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "reductions into y: each thread adds" } */
    {
      tmp[i] = 0.0;
      for (int j = 0; j < m; j++)	/* { dg-optimized "the running value of tmp\\\[i\\\] kept in a register, stored after the loop, in the copy of the loop at line 83 that runs in parallel" } */
	tmp[i] = tmp[i] + A[i * m + j] * x[j];
      for (int j = 0; j < m; j++)
	y[j] = y[j] + A[i * m + j] * tmp[i];
    }
}

/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 22 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 30 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 44 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 57 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 68 } */
/* { dg-final { scan-report {functions[name=ucolsum].loops[line=22].transform} {["parallel","array-reduction"]} } } */
/* { dg-final { scan-report {functions[name=atax_y].loops[line=30].transform} {["parallel","array-reduction"]} } } */
/* { dg-final { scan-report {functions[name=rows].loops[line=44].transform} {["parallel","array-reduction"]} } } */
/* { dg-final { scan-report {functions[name=global_sums].loops[line=57].transform} {["parallel","array-reduction"]} } } */
/* { dg-final { scan-report {functions[name=local_sums].loops[line=68].transform} {["parallel","array-reduction"]} } } */
/* { dg-final { scan-report {functions[name=atax_tmp].loops[line=83].transform} {["parallel","array-reduction"]} } } */
/* { dg-final { scan-report {functions[name=atax_tmp].loops[line=86].transform} {["reduction"]} } } */

/* The copies come from calloc and must all be given back.  */
#include "copies-count.h"

static int
check (int n, int m)
{
  unsigned *ua = malloc ((size_t) n * m * sizeof (unsigned) + 1);
  unsigned *us = malloc ((m + 1) * sizeof (unsigned));
  double *a = malloc ((size_t) n * m * sizeof (double) + 1);
  double *x = malloc ((m + 1) * sizeof (double)), *y = malloc ((m + 1) * sizeof (double));
  double (*s)[m] = malloc (5 * sizeof *s + 1);
  for (int i = 0; i < n * m; i++)
    {
      ua[i] = 7u * i + 1u;
      a[i] = i % 7 - 3;
    }
  for (int j = 0; j < m; j++)
    {
      us[j] = j;
      x[j] = j % 3;
      y[j] = j;
    }
  for (int k = 0; k < 5; k++)
    for (int j = 0; j < m; j++)
      s[k][j] = k * 100 + j;
  ucolsum (n, m, ua, us);
  atax_y (n, m, a, x, y);
  double *y2 = malloc ((m + 1) * sizeof (double)), *tmp = malloc ((n + 1) * sizeof (double));
  for (int j = 0; j < m; j++)
    y2[j] = j;
  atax_tmp (n, m, a, x, y2, tmp);
  rows (n, m, a, s);
  int bad = 0;
  for (int j = 0; j < m; j++)
    {
      unsigned u = j;
      double yy = j, t;
      for (int i = 0; i < n; i++)
	u += ua[i * m + j] * 2654435761u;
      for (int i = 0; i < n; i++)
	{
	  t = 0.0;
	  for (int jj = 0; jj < m; jj++)
	    t += a[i * m + jj] * x[jj];
	  yy += a[i * m + j] * t;
	}
      bad += u != us[j] || yy != y[j] || yy != y2[j];
    }
  for (int k = 0; k < 5; k++)
    for (int j = 0; j < m; j++)
      {
	double v = k * 100 + j;
	if (k >= 1 && k < 4)
	  for (int i = 0; i < n; i++)
	    v += a[i * m + j] * k;
	bad += v != s[k][j];
      }
  /* The declared arrays, with 64 columns.  */
  unsigned *ga = malloc ((size_t) n * 64 * sizeof (unsigned) + 1);
  double *la = malloc ((size_t) n * 64 * sizeof (double) + 1);
  for (int i = 0; i < n * 64; i++)
    {
      ga[i] = 2654435761u * i;
      la[i] = i % 11;
    }
  for (int j = 0; j < 64; j++)
    gsum[j] = j;
  global_sums (n, ga);
  double t = 0;
  for (int j = 0; j < 64; j++)
    {
      unsigned u = j;
      double v = j;
      for (int i = 0; i < n; i++)
	{
	  u += ga[i * 64 + j];
	  v += la[i * 64 + j];
	}
      bad += u != gsum[j];
      t = t * 0.5 + v;
    }
  bad += local_sums (n, la) != t;
  free (ga);
  free (la);
  printf ("%d x %d: %d wrong\n", n, m, bad);
  free (ua);
  free (us);
  free (a);
  free (x);
  free (y);
  free (y2);
  free (tmp);
  free (s);
  return bad;
}

int
main (void)
{
  static const int sizes[][2] = { { 0, 5 }, { 1, 1 }, { 3, 7 }, { 7, 3 }, { 2000, 300 } };
  int bad = 0;
  for (int k = 0; k < 5; k++)
    bad += check (sizes[k][0], sizes[k][1]);
  if (nlive != 0)
    printf ("%d copies not given back\n", nlive);
  return bad != 0 || nlive != 0;
}
