/* Loops parloops does not run in parallel, run in OpenMP regions of the
   plugin's own (GIMPLE_OMP_PARALLEL built after parloops, or right before
   it for a reduction around three loops, and expanded with
   omp_expand_local): each thread runs a block of the iterations; the
   reductions' partial results are combined after the region in thread
   order; a value used after the loop is the last iteration's (around an
   inner loop, too, which parloops would run instead); the threads share
   the function's local arrays.  Each
   function runs with counts below parloops' minimum (the copy as written)
   and above it, and its results are checked against a sequential
   computation the plugin leaves alone (volatile bounds).  */
/* { dg-do run } */
/* { dg-options "-O2 -ffast-math -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fdump-tree-optimized" } */

#include <stdio.h>

#define N 4000
double a[N], b[N];
unsigned u[40][40][40];
double d[40][40][40];
double g[300][300];
volatile int vn;

/* The last iteration's value: parloops declines it ("not a part of
   reduction").  */
__attribute__((noinline)) double
last_square (int n)
{
  double last = -1.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declined it.: each thread runs a block of its iterations; 1 value used after the loop taken from the thread that ran its last iteration" "" } */
    {
      double t = a[i] * 2.0 + b[i];
      b[i] = t;
      last = t * t;
    }
  return last;
}

/* Two branches updating one sum: parloops finds no reduction.  */
__attribute__((noinline)) long
two_branches (int n, const double *x)
{
  unsigned long s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declined it.: each thread runs a block of its iterations; 1 reduction combined after the region in thread order" "" } */
    {
      if (x[i] > 1000.0)
	s += (unsigned long) x[i];
      else if (x[i] < 10.0)
	s -= 3;
    }
  return (long) s;
}

/* Reductions around three loops: parloops would run the middle loop; the
   plugin runs the outer one.  */
__attribute__((noinline)) unsigned
sum3 (int n)
{
  unsigned s = 7;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declines reductions around nests of three loops.: each thread runs a block of its iterations; 1 reduction combined after the region in thread order" "" } */
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	s += u[i][j][k];
  return s;
}

__attribute__((noinline)) double
max3 (int n)
{
  double m = -1.0, p = 1.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declines reductions around nests of three loops.: each thread runs a block of its iterations; 2 reductions combined after the region in thread order" "" } */
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	{
	  m = m > d[i][j][k] ? m : d[i][j][k];
	  p *= d[i][j][k] > 38.5 ? 2.0 : 1.0;
	}
  return m + p;
}

/* A last value around an inner loop: parloops would run the inner loop.  */
__attribute__((noinline)) double
outer_last (int n)
{
  double last = 0.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declines a value used after the loop that is not a reduction, and would run an inner loop.: each thread runs a block of its iterations; . value.? used after the loop taken from the thread that ran its last iteration" "" } */
    {
      for (int j = 0; j < 300; j++)
	g[i][j] = g[i][j] * 0.5 + i - j;
      last = g[i][299] + g[i][0];
    }
  return last;
}

/* A local array: the region refers to it through its address, so that
   the threads share it.  */
__attribute__((noinline)) double
local_last (int n)
{
  double buf[5000];
  for (int i = 0; i < n; i++)
    buf[i] = i * 0.5;
  double last = 0.0;
  for (int i = 0; i < n; i++) /* { dg-optimized "region of gccpoly's own .parloops declined it." "" } */
    {
      double t = buf[i] * 3.0 + 1.0;
      buf[i] = t;
      last = t;
    }
  double s = 0.0;
  for (int i = 0; i < n; i += 97)
    s += buf[i];
  return last + s;
}

int
main (void)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      a[i] = (double) ((i * 7919) % 2003);
      b[i] = (double) (i % 7);
    }
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      for (int k = 0; k < 40; k++)
	{
	  u[i][j][k] = (unsigned) (i * 1000003 + j * 7919 + k * 13);
	  d[i][j][k] = (double) ((i + 2 * j + 3 * k) % 41);
	}
  int counts[] = { 1, 3, 150, 1999, N };
  for (int c = 0; c < 5; c++)
    {
      int n = counts[c];
      vn = n;
      /* last_square, against its sequential reference.  */
      double b0[N], want = -1.0;
      for (int i = 0; i < vn; i++)
	b0[i] = b[i];
      double got = last_square (n);
      for (int i = 0; i < vn; i++)
	{
	  double t = a[i] * 2.0 + b0[i];
	  bad += b[i] != t;
	  want = t * t;
	}
      bad += got != want;
      unsigned long s = 0;
      for (int i = 0; i < vn; i++)
	if (a[i] > 1000.0)
	  s += (unsigned long) a[i];
	else if (a[i] < 10.0)
	  s -= 3;
      bad += two_branches (n, a) != (long) s;
    }
  int sizes[] = { 1, 4, 40 };
  for (int c = 0; c < 3; c++)
    {
      int n = sizes[c];
      vn = n;
      unsigned s = 7;
      double m = -1.0, p = 1.0;
      for (int i = 0; i < vn; i++)
	for (int j = 0; j < vn; j++)
	  for (int k = 0; k < vn; k++)
	    {
	      s += u[i][j][k];
	      m = m > d[i][j][k] ? m : d[i][j][k];
	      p *= d[i][j][k] > 38.5 ? 2.0 : 1.0;
	    }
      bad += sum3 (n) != s;
      bad += max3 (n) != m + p;
    }
  static double ref[300][300];
  for (int i = 0; i < 300; i++)
    for (int j = 0; j < 300; j++)
      ref[i][j] = g[i][j] = (double) (i * 3 + j);
  for (int c = 0; c < 4; c++)
    {
      vn = counts[c] < 300 ? counts[c] : 300;
      double want = 0.0;
      for (int i = 0; i < vn; i++)
	{
	  for (int j = 0; j < 300; j++)
	    ref[i][j] = ref[i][j] * 0.5 + i - j;
	  want = ref[i][299] + ref[i][0];
	}
      bad += outer_last (vn) != want;
      for (int i = 0; i < 300; i++)
	for (int j = 0; j < 300; j++)
	  bad += g[i][j] != ref[i][j];
    }
  int locals[] = { 1, 5, 300, 5000 };
  for (int c = 0; c < 4; c++)
    {
      vn = locals[c];
      double want = 0.0, s = 0.0, buf[5000];
      for (int i = 0; i < vn; i++)
	buf[i] = (i * 0.5) * 3.0 + 1.0, want = buf[i];
      for (int i = 0; i < vn; i += 97)
	s += buf[i];
      bad += local_last (locals[c]) != want + s;
    }
  printf ("%d\n", bad);
  return bad != 0;
}

/* The regions are outlined into functions of their own, started through
   libgomp.  */
/* { dg-final { scan-gcc-dump optimized {;; Function last_square\.gccpoly_region\.[0-9]+ } } } */
/* { dg-final { scan-gcc-dump optimized {;; Function sum3\.gccpoly_region\.[0-9]+ } } } */
/* { dg-final { scan-gcc-dump optimized {__builtin_GOMP_parallel \(last_square\.gccpoly_region\.[0-9]+, &\.gccpoly_data_store\.[0-9]+, 2, 0\)} } } */
/* parloops leaves last_square's loop to the plugin's region.  */
/* { dg-final { compiler-output-not {:30:[0-9]+: optimized: parallelizing} } } */
/* { dg-final { scan-report {functions[name=last_square].loops[line=30].transform} {["parallel","own-region"]} } } */
/* { dg-final { scan-report {functions[name=sum3].loops[line=60].transform} {["parallel","own-region"]} } } */
/* { dg-final { scan-report-match {functions[name=last_square].loops[line=30]} {^(?!.*"declined")} } } */
/* { dg-final { scan-report {functions[name=outer_last].loops[line=86].transform} {["parallel","own-region"]} } } */
