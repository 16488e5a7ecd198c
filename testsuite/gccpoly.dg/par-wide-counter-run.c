/* parloops counts a loop's iterations with an unsigned counter of its
   widest counter's precision: with an int counter, the 64-bit offsets
   ((long unsigned int) i) of the accesses are no affine function of it
   for the vectorizer, and the parallel loop runs without vectors.  In
   the marked innermost loops the plugin computes those offsets with
   64-bit counters of their own, started at the converted start: counters
   from below zero (a pointer into the middle of an array), counting down,
   by 2 (whose count (n - 1) / 2 the model reads as 2 * it <= n - 1), and
   with a parameter added (i + k, k negative too).
   Results are checked against values computed element by element (exit
   status 1 otherwise); the program prints what its plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

__attribute__((noinline)) void
span (int lo, int hi, const int *restrict a, int *restrict b)
{
  for (int i = lo; i < hi; i++) /* { dg-optimized "1 64-bit value of its counter given a counter of its own, so that its accesses stay affine for the vectorizer once parloops counts its iterations" "" } */
    b[i] = a[i] * 3 + 1;
}

__attribute__((noinline)) void
down (int n, const int *restrict a, int *restrict b)
{
  for (int i = n - 1; i >= 0; i--) /* { dg-optimized "64-bit value.? of its counter given" "" } */
    b[i] = a[i] - 7;
}

__attribute__((noinline)) void
evens (int n, const int *restrict a, int *restrict b)
{
  for (int i = 0; i < n; i += 2) /* { dg-optimized "64-bit value.? of its counter given" "" } */
    b[i] = a[i] + a[i + 1];
}

__attribute__((noinline)) void
shifted (int n, int k, const int *restrict a, int *restrict b)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "64-bit value.? of its counter given" "" } */
    b[i] = a[i + k] + a[i + 3];
}

#define N 200000
static int a[N], b[N];

int
main (void)
{
  long bad = 0;
  for (int i = 0; i < N; i++)
    a[i] = (i * 7919) % 1009 - 500;
  int *mid_a = a + N / 2, *mid_b = b + N / 2;
  span (-N / 2 + 5, N / 2 - 3, mid_a, mid_b);
  for (int i = -N / 2 + 5; i < N / 2 - 3; i++)
    bad += mid_b[i] != mid_a[i] * 3 + 1;
  down (N, a, b);
  for (int i = 0; i < N; i++)
    bad += b[i] != a[i] - 7;
  for (int i = 0; i < N; i++)
    b[i] = -1;
  evens (N - 1, a, b);
  for (int i = 0; i < N; i++)
    bad += b[i] != (i % 2 == 0 && i < N - 1 ? a[i] + a[i + 1] : -1);
  shifted (N - 1000, 500, a, b);
  for (int i = 0; i < N - 1000; i++)
    bad += b[i] != a[i + 500] + a[i + 3];
  shifted (N / 2, -300, mid_a, mid_b);
  for (int i = 0; i < N / 2; i++)
    bad += mid_b[i] != mid_a[i - 300] + mid_a[i + 3];
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += b[i];
  printf ("%ld %ld\n", bad, sum);
  return bad != 0;
}

/* { dg-final { compiler-output {:20:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:27:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:34:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { compiler-output {:41:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { scan-report {functions[name=span].loops[line=20].transform} {["parallel","wide-counter"]} } } */
