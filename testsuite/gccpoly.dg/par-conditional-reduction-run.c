/* parloops makes a reduction only in a loop whose body is one block, so a
   conditional update (if (...) n++, if (...) s += x) kept such loops
   sequential.  In the loops the plugin marks, each such update becomes
   unconditional, the condition choosing between the value added and the
   identity, and the block of the update goes; parloops then makes the
   reduction.  A count, a conditional long sum, an update on the branch's
   false side, an unsigned product, an exclusive or, and a sum whose value
   added is loaded only under the condition (not rewritten: the load could
   trap where the condition is false).  Every result is checked against a
   sum taken without a condition (exit status 1 otherwise), at 0, 1, 7 and
   100,000 iterations, and the program must print what its plain build
   prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

__attribute__((noinline)) int
count (int n, const double *a, double t)
{
  int c = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "1 conditional update of a reduction made unconditional, the condition choosing the value added or the identity, so that the loop's body is one block for parloops" "" } */
    if (a[i] > t)
      c++;
  return c;
}

__attribute__((noinline)) long
positive_sum (int n, const long *a)
{
  long s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "1 conditional update of a reduction made unconditional" "" } */
    if (a[i] > 0)
      s += a[i];
  return s;
}

__attribute__((noinline)) long
skip_sum (int n, const long *a)
{
  long s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "1 conditional update of a reduction made unconditional" "" } */
    {
      if (a[i] % 3 == 0)
	continue;
      s += a[i] * 2;
    }
  return s;
}

__attribute__((noinline)) unsigned
product (int n, const long *a)
{
  unsigned p = 1;
  for (int i = 0; i < n; i++) /* { dg-optimized "1 conditional update of a reduction made unconditional" "" } */
    if (a[i] < 0)
      p *= 3u;
  return p;
}

__attribute__((noinline)) long
hash (int n, const long *a)
{
  long h = 5;
  for (int i = 0; i < n; i++) /* { dg-optimized "1 conditional update of a reduction made unconditional" "" } */
    if (a[i] & 4)
      h ^= a[i] << 3;
  return h;
}

__attribute__((noinline)) long
guarded_sum (int n, int m, const long *a, const long *b)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    if (i < m)
      s += b[i] + a[i];
  return s;
}

#define N 100000
static long a[N], b[N];
static double d[N];

int
main (int argc, char **argv)
{
  static const int sizes[] = { 0, 1, 7, N };
  long bad = 0;
  for (int k = 0; k < 4; k++)
    {
      int n = argc > 5 ? 3 : sizes[k];
      for (int i = 0; i < n; i++)
	{
	  a[i] = (i * 7919L) % 2003 - 1001;
	  b[i] = i % 13;
	  d[i] = a[i] / 8.0;
	}
      int c = 0;
      long ps = 0, ss = 0, h = 5, gs = 0;
      unsigned p = 1;
      for (int i = 0; i < n; i++)
	{
	  c += d[i] > 10.0;
	  ps += a[i] > 0 ? a[i] : 0;
	  ss += a[i] % 3 == 0 ? 0 : a[i] * 2;
	  p *= a[i] < 0 ? 3u : 1u;
	  h ^= a[i] & 4 ? a[i] << 3 : 0;
	  gs += i < n / 2 ? b[i] + a[i] : 0;
	}
      int rc = count (n, d, 10.0);
      long rps = positive_sum (n, a), rss = skip_sum (n, a), rh = hash (n, a);
      long rgs = guarded_sum (n, n / 2, a, b);
      unsigned rp = product (n, a);
      printf ("%d: %d %ld %ld %u %ld %ld\n", n, rc, rps, rss, rp, rh, rgs);
      bad += rc != c || rps != ps || rss != ss || rp != p || rh != h || rgs != gs;
    }
  if (bad)
    {
      puts ("wrong");
      return 1;
    }
  return 0;
}

/* { dg-final { compiler-output {:22:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:32:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:42:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:55:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:65:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output-not {:75:[0-9]+: optimized: parallelizing} } } */
/* { dg-final { compiler-output-not {:75:[0-9]+: optimized: gccpoly: loop marked[^\n]*conditional update} } } */
/* { dg-final { scan-report {functions[name=count].loops[line=22].transform} {["parallel","unsigned-reduction","conditional-reduction","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=positive_sum].loops[line=32].transform} {["parallel","unsigned-reduction","conditional-reduction","wide-counter"]} } } */
