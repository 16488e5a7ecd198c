/* Private arrays that are not the loop body's own, which parloops does
   not make: each iteration of the outer loop writes every element of
   the array it reads before reading it, and the array's values after the
   loop are those of its last iteration in which anything runs.  In the
   copy where the arrays are apart, each thread works in a copy of its
   own, and that last iteration in the array itself.  doitgen's sum
   through a pointer; a loop whose last iteration runs nothing (the
   values after it are the one before's); an array some of whose values
   from before the loop are read in it (the copies start as them); a
   global array and a local one used after the loop.  Each must leave what the loop leaves without the
   plugin (the expected values are computed element by element), with no
   iteration, one, a few and many, and every copy must have been given
   back.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
doitgen (int nr, int nq, int np, double *A, const double *C4, double *sum)
{
  for (int r = 0; r < nr; r++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .*; each thread works in a copy of its own of sum, except the last iteration, which works in sum itself, so that its values are the last iteration's after the loop" } */
    for (int q = 0; q < nq; q++)
      {
	for (int p = 0; p < np; p++)
	  {
	    sum[p] = 0.0;
	    for (int s = 0; s < np; s++)
	      sum[p] += A[(r * nq + q) * np + s] * C4[s * np + p];
	  }
	for (int p = 0; p < np; p++)
	  A[(r * nq + q) * np + p] = sum[p];
      }
}

/* The last iteration runs nothing: the values of scratch after the loop
   are those of the iteration before it.  */
void __attribute__ ((noinline))
lastless (int n, int m, const double *a, double *out, double *scratch)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "each thread works in a copy of its own of scratch, except the last iteration" } */
    if (i < n - 1)
      {
	for (int k = 0; k < m; k++)
	  scratch[k] = a[i * m + k] * 2;
	for (int k = 0; k < m; k++)
	  out[i * m + k] = scratch[k] + scratch[m - 1 - k];
      }
}

/* help[5] to help[9] are read in every iteration and written in none:
   every copy starts as help's values before the loop (seed 003's E2).  */
void __attribute__ ((noinline))
filled (int n, double *help, double *out)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "each thread works in a copy of its own of help, filled with the values of help from before the loop, except the last iteration" } */
    {
      for (int j = 0; j < 5; j++)
	help[j] = i + j;
      for (int j = 0; j < 10; j++)
	out[i * 10 + j] = help[j] * 2;
    }
}

/* Declared arrays: a global one, and a local one used after the loop.  */
double gw[32];

void __attribute__ ((noinline))
global_last (int n, const double *a, double *out)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "each thread works in a copy of its own of gw, except the last iteration" } */
    {
      for (int k = 0; k < 32; k++)
	gw[k] = a[i * 32 + k] + i;
      for (int k = 0; k < 32; k++)
	out[i * 32 + k] = gw[k] * gw[31 - k];
    }
}

double __attribute__ ((noinline))
local_last (int n, const double *a, double *out)
{
  double w[32];
  for (int k = 0; k < 32; k++)
    w[k] = -k;
  for (int i = 0; i < n; i++)	/* { dg-optimized "each thread works in a copy of its own of w, except the last iteration" } */
    {
      for (int k = 0; k < 32; k++)
	w[k] = a[i * 32 + k] - i;
      for (int k = 0; k < 32; k++)
	out[i * 32 + k] = w[k] - w[31 - k];
    }
  double t = 0;
  for (int k = 0; k < 32; k++)
    t = t * 0.5 + w[k];
  return t;
}

/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 23 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 42 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 57 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 72 } */
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 87 } */
/* { dg-final { scan-report {functions[name=doitgen].loops[line=23].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=lastless].loops[line=42].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=filled].loops[line=57].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=global_last].loops[line=72].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=local_last].loops[line=87].transform} {["parallel","privatize"]} } } */

/* The copies come from calloc and must all be given back.  */
#include "copies-count.h"

static int
check (int n, int m)
{
  int bad = 0;
  /* doitgen with n x 3 x m: small integers, exact in any order.  */
  int nq = 3;
  double *A = malloc (((size_t) n * nq * m + 1) * sizeof (double));
  double *A0 = malloc (((size_t) n * nq * m + 1) * sizeof (double));
  double *C4 = malloc (((size_t) m * m + 1) * sizeof (double));
  double *sum = malloc ((m + 1) * sizeof (double));
  for (int i = 0; i < n * nq * m; i++)
    A[i] = A0[i] = i % 5 - 2;
  for (int i = 0; i < m * m; i++)
    C4[i] = i % 3;
  for (int p = 0; p < m; p++)
    sum[p] = -1;
  doitgen (n, nq, m, A, C4, sum);
  for (int r = 0; r < n; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < m; p++)
	{
	  double v = 0;
	  for (int s = 0; s < m; s++)
	    v += A0[(r * nq + q) * m + s] * C4[s * m + p];
	  bad += v != A[(r * nq + q) * m + p];
	  if (r == n - 1 && q == nq - 1)
	    bad += v != sum[p];
	}
  if (n == 0)
    for (int p = 0; p < m; p++)
      bad += sum[p] != -1;

  /* lastless.  */
  double *a = malloc (((size_t) n * m + 1) * sizeof (double));
  double *out = malloc (((size_t) n * m + 1) * sizeof (double));
  double *scratch = malloc ((m + 1) * sizeof (double));
  for (int i = 0; i < n * m; i++)
    {
      a[i] = i % 7;
      out[i] = -5;
    }
  for (int k = 0; k < m; k++)
    scratch[k] = -3;
  lastless (n, m, a, out, scratch);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      bad += out[i * m + k] != (i < n - 1 ? a[i * m + k] * 2 + a[i * m + m - 1 - k] * 2 : -5);
  for (int k = 0; k < m; k++)
    bad += scratch[k] != (n >= 2 ? a[(n - 2) * m + k] * 2 : -3);

  /* filled.  */
  double help[10], *hout = malloc (((size_t) n * 10 + 1) * sizeof (double));
  for (int j = 0; j < 10; j++)
    help[j] = 100 + j;
  filled (n, help, hout);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 10; j++)
      bad += hout[i * 10 + j] != (j < 5 ? i + j : 100 + j) * 2;
  for (int j = 0; j < 10; j++)
    bad += help[j] != (j < 5 && n ? n - 1 + j : 100 + j);
  free (hout);

  /* The declared arrays, with 32 columns.  */
  double *b = malloc (((size_t) n * 32 + 1) * sizeof (double));
  double *bo = malloc (((size_t) n * 32 + 1) * sizeof (double));
  for (int i = 0; i < n * 32; i++)
    b[i] = i % 13;
  for (int k = 0; k < 32; k++)
    gw[k] = 100 + k;
  global_last (n, b, bo);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 32; k++)
      bad += bo[i * 32 + k] != (b[i * 32 + k] + i) * (b[i * 32 + 31 - k] + i);
  for (int k = 0; k < 32; k++)
    bad += gw[k] != (n ? b[(n - 1) * 32 + k] + n - 1 : 100 + k);
  double t = local_last (n, b, bo), tt = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 32; k++)
      bad += bo[i * 32 + k] != (b[i * 32 + k] - i) - (b[i * 32 + 31 - k] - i);
  for (int k = 0; k < 32; k++)
    tt = tt * 0.5 + (n ? b[(n - 1) * 32 + k] - (n - 1) : -k);
  bad += t != tt;
  free (A); free (A0); free (C4); free (sum); free (a); free (out);
  free (scratch); free (b); free (bo);
  return bad;
}

int
main (void)
{
  static const int sizes[][2] = { { 0, 5 }, { 1, 5 }, { 2, 1 }, { 3, 7 }, { 64, 40 }, { 1001, 33 } };
  int bad = 0;
  for (int k = 0; k < 6; k++)
    bad += check (sizes[k][0], sizes[k][1]);
  if (nlive != 0)
    printf ("%d copies not given back\n", nlive);
  return bad != 0 || nlive != 0;
}
