/* parloops makes no reduction of a signed integer type whose overflow is
   undefined ("not a part of reduction"): a thread's partial sum could
   overflow where the whole does not.  In the loops the plugin marks, such
   reductions are computed in the unsigned type of the same precision,
   where every partial result wraps and the whole is the same value modulo
   2^precision, converted back after the loop; parloops then makes the
   reduction.  Sums, a double reduction (the outer loop of a nest), a
   difference (made a sum of negated values, which parloops takes and a
   difference not), a product and a long sum; split_sum's second half of the
   iterations sums to 2^31 on its own, which wraps in the thread that runs
   it, while the loop as written never leaves int (its total is 0).  Every
   result is checked against its closed form (exit status 1 otherwise),
   and the program must print what its plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

#define N 4096

__attribute__((noinline)) int
sum (int n, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "the reduction on s computed in unsigned arithmetic, so that parloops makes it" "" } */
    s += a[i];
  return s;
}

__attribute__((noinline)) int
sum2 (int n, const int (*a)[64])
{
  int t = 5;
  for (int i = 0; i < n; i++) /* { dg-optimized "the reduction on t computed in unsigned arithmetic, so that parloops makes it" "" } */
    for (int j = 0; j < 64; j++)
      t += a[i][j];
  return t;
}

__attribute__((noinline)) int
diff (int n, const int *a)
{
  int d = 1000;
  for (int i = 0; i < n; i++) /* { dg-optimized "the reduction on d computed in unsigned arithmetic, so that parloops makes it" "" } */
    d -= a[i];
  return d;
}

__attribute__((noinline)) int
prod (int n, const int *a)
{
  int p = 1;
  for (int i = 0; i < n; i++) /* { dg-optimized "the reduction on p computed in unsigned arithmetic, so that parloops makes it" "" } */
    p *= a[i];
  return p;
}

__attribute__((noinline)) long
lsum (int n, const int *a)
{
  long s = -3;
  for (int i = 0; i < n; i++) /* { dg-optimized "the reduction on s computed in unsigned arithmetic, so that parloops makes it" "" } */
    s += (long) a[i] * 1000000;
  return s;
}

__attribute__((noinline)) int
split_sum (int n, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "the reduction on s computed in unsigned arithmetic" "" } */
    s += a[i];
  return s;
}

static int a[N], b[N], c[N];

int
main (int argc, char **argv)
{
  int n = argc > 5 ? 7 : N;
  long closed = 0;
  for (int i = 0; i < n; i++)
    {
      a[i] = i % 7 - 3;
      closed += a[i];
      /* -2^21 in the first half, +2^21 in the second: the first half sums
	 to INT_MIN, the second to 2^31.  */
      b[i] = i < n / 2 ? -(1 << 21) : 1 << 21;
      c[i] = i % 5 == 0 ? -1 : 1;
    }
  int s = sum (n, a), t = sum2 (n / 64, (const int (*)[64]) a), d = diff (n, a), p = prod (n, c);
  long l = lsum (n, a);
  int z = split_sum (n, b);
  printf ("%d %d %d %d %ld %d\n", s, t, d, p, l, z);
  if (s != closed || t != closed + 5 || d != 1000 - closed
      || p != (((n + 4) / 5) % 2 ? -1 : 1) || l != closed * 1000000 - 3 || z != 0)
    {
      puts ("wrong");
      return 1;
    }
  return 0;
}

/* { dg-final { compiler-output {:25:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:34:[0-9]+: optimized: parallelizing outer loop} } } */
/* { dg-final { compiler-output {:44:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:53:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:62:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:71:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { scan-report {functions[name=sum].loops[line=25].transform} {["parallel","unsigned-reduction","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=sum2].loops[line=34].transform} {["parallel","unsigned-reduction"]} } } */
/* { dg-final { scan-report {functions[name=diff].loops[line=44].transform} {["parallel","unsigned-reduction","wide-counter"]} } } */
