/* A double reduction (for i for j s += ...) whose inner loop GCC enters
   under a test (j < m: `if (m > 0)` before it, which unswitching does not
   hoist out of the outer loop) is not of the form in which parloops makes
   reductions around an inner loop; it declined the outer loop.  The plugin
   versions the outer loop on the test, and in the copy where it holds the
   inner loop is always entered: parloops makes the reduction at the outer
   loop.  An int sum (also in unsigned arithmetic), an unsigned exclusive
   or and a sum of longs with a step of 2, at m = 0 (the other copy), 1
   and 500, each against its value computed element by element (exit
   status 1 otherwise) and the plain build.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

__attribute__((noinline)) int
isum (int n, int m, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "versioned on the test its inner loop is entered under, so that parloops makes its reductions around the inner loop" "" } */
    for (int j = 0; j < m; j++)
      s += a[i * m + j] ^ (j & 7);
  return s;
}

__attribute__((noinline)) unsigned
uxor (int n, int m, const unsigned *a)
{
  unsigned h = 17;
  for (int i = 0; i < n; i++) /* { dg-optimized "versioned on the test its inner loop is entered under" "" } */
    for (int j = 0; j < m; j++)
      h ^= a[i * m + j] * 2654435761u;
  return h;
}

__attribute__((noinline)) long
lsum (int n, int m, const int *a)
{
  long s = 3;
  for (int i = 0; i < n; i += 2) /* { dg-optimized "versioned on the test its inner loop is entered under" "" } */
    for (int j = 0; j < m; j++)
      s += (long) a[i * m + j] * 1000;
  return s;
}

#define N 2000
static int a[N * 500];
static unsigned u[N * 500];

int
main (void)
{
  for (int x = 0; x < N * 500; x++)
    {
      a[x] = (int) ((x * 7919L) % 2003) - 1001;
      u[x] = x * 37u;
    }
  static const int ms[] = { 0, 1, 500 };
  long bad = 0;
  for (int k = 0; k < 3; k++)
    {
      int m = ms[k];
      long es = 0, el = 3;
      unsigned eh = 17;
      for (int i = 0; i < N; i++)
	for (int j = 0; j < m; j++)
	  {
	    es += a[i * m + j] ^ (j & 7);
	    eh ^= u[i * m + j] * 2654435761u;
	    el += i % 2 ? 0 : (long) a[i * m + j] * 1000;
	  }
      int s = isum (N, m, a);
      unsigned h = uxor (N, m, u);
      long l = lsum (N, m, a);
      printf ("%d: %d %u %ld\n", m, s, h, l);
      bad += s != es || h != eh || l != el;
    }
  return bad != 0;
}

/* { dg-final { compiler-output {:20:[0-9]+: optimized: parallelizing outer loop} } } */
/* { dg-final { compiler-output {:30:[0-9]+: optimized: parallelizing outer loop} } } */
/* { dg-final { compiler-output {:40:[0-9]+: optimized: parallelizing outer loop} } } */
/* { dg-final { scan-report {functions[name=isum].loops[line=20].transform} {["parallel","unsigned-reduction","enter-inner"]} } } */
