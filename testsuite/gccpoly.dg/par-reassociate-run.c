/* -fplugin-arg-gccpoly-reassociate: floating-point reductions run in
   parallel without -fassociative-math, each thread's partial result
   combined after the loop.  Sums and products whose partial results are
   all exact (small integers, powers of two) must equal the sequential
   result bit for bit; a sum that rounds must be within rounding of it.
   Each function runs with counts below parloops' minimum (the copy as
   written) and above it, against a sequential computation the plugin
   leaves alone (volatile bounds).  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-reassociate -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

#define N 60000
#define M 64
double a[N], b[N], c[N];
double g[N / M][M], r[M], d3[40][40][40];
volatile int vn;

__attribute__((noinline)) double
dot (int n)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .reduction.; reduction: \\+:s; floating-point reduction of s reassociated .-fplugin-arg-gccpoly-reassociate.: its rounding differs from the sequential loop's" "" } */
    s += a[i] * b[i];	/* { dg-optimized "region of gccpoly's own .parloops declined it.: each thread runs a block of its iterations; 1 reduction combined after the region in thread order" "" { target *-*-* } 24 } */
  return s;
}

__attribute__((noinline)) double
harmonic (int n)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declined it." "" } */
    s += 1.0 / (i + 1);
  return s;
}

__attribute__((noinline)) double
product (int n)
{
  double p = 1.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .reduction.; reduction: \\*:p; floating-point reduction of p reassociated" "" } */
    p *= c[i];
  return p;
}

/* A reduction into an array: each thread adds into a zeroed copy.  */
__attribute__((noinline)) void
column_sums (int n)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .reduction.; reduction: \\+:r\\\[j\\\]; floating-point reduction of r\\\[j\\\] reassociated" "" } */
    for (int j = 0; j < M; j++)
      r[j] += g[i][j];
}

/* A reduction around three loops.  */
__attribute__((noinline)) double
sum3 (int n)
{
  double s = 0.5;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declines reductions around nests of three loops.: each thread runs a block of its iterations; 1 reduction combined after the region in thread order" "" } */
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	s += d3[i][j][k];
  return s;
}

/* A running sum each iteration stores: not a reduction, the option
   changes nothing.  */
__attribute__((noinline)) void
prefix (int n)
{
  double s = 0.0;
  for (int i = 0; i < n; i++) /* { dg-missed "loop not parallel" "" } */
    {
      s += a[i];
      c[i] = s;
    }
}

int
main (void)
{
  int bad = 0;
  int counts[] = { 1, 3, 150, 1999, 50001, N };
  for (int c0 = 0; c0 < 6; c0++)
    {
      int n = counts[c0];
      vn = n;
      for (int i = 0; i < N; i++)
	{
	  a[i] = (double) ((i * 7919) % 2003) - 1000.0;
	  b[i] = (double) (i % 7);
	  c[i] = (i % 5 == 0) ? 2.0 : (i % 5 == 1) ? 0.5 : 1.0;
	}
      double s = 0.0, h = 0.0, p = 1.0;
      for (int i = 0; i < vn; i++)
	{
	  s += a[i] * b[i];
	  h += 1.0 / (i + 1);
	  p *= c[i];
	}
      bad += dot (n) != s;
      double hg = harmonic (n);
      bad += !(hg - h <= 1e-12 * h && h - hg <= 1e-12 * h);
      bad += product (n) != p;
      int rows = n / M;
      for (int i = 0; i < N / M; i++)
	for (int j = 0; j < M; j++)
	  g[i][j] = (double) ((i * 31 + j * 17) % 101);
      double want[M];
      for (int j = 0; j < M; j++)
	want[j] = r[j] = (double) j;
      vn = rows;
      for (int i = 0; i < vn; i++)
	for (int j = 0; j < M; j++)
	  want[j] += g[i][j];
      column_sums (rows);
      for (int j = 0; j < M; j++)
	bad += r[j] != want[j];
      vn = n;
      prefix (n);
      double run = 0.0;
      for (int i = 0; i < vn; i++)
	{
	  run += a[i];
	  bad += c[i] != run;
	}
    }
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      for (int k = 0; k < 40; k++)
	d3[i][j][k] = (double) ((i + 2 * j + 3 * k) % 41) * 0.25;
  int sizes[] = { 1, 4, 40 };
  for (int c0 = 0; c0 < 3; c0++)
    {
      vn = sizes[c0];
      double s = 0.5;
      for (int i = 0; i < vn; i++)
	for (int j = 0; j < vn; j++)
	  for (int k = 0; k < vn; k++)
	    s += d3[i][j][k];
      bad += sum3 (sizes[c0]) != s;
    }
  if (bad)
    printf ("%d wrong results\n", bad);
  return bad != 0;
}
