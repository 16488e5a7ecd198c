/* At -m32, x86 has no 128-bit arithmetic: the run-time tests, computed in
   __int128, stopped GCC at expansion ("internal compiler error: in
   expand_shift_1": 24 of GCC's torture tests at -m32).  They now run in 64
   bits there, their values below 2^56.  scale's overlap test and sums'
   test and copies per thread (their size capped to what a 32-bit size_t
   holds for every thread) are built and run; rows' test would need
   8*m*n, a product of two ints, which may not fit, and its nest stays
   sequential.  Needs the 32-bit libraries (gcc-12-multilib, installed by
   scripts/install-deps.sh check).  */
/* { dg-do run { target x86_64-*-* } } */
/* { dg-options "-m32 -O2 -ffast-math -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-all" } */

#define N 3000

__attribute__((noinline)) void
scale (long *alpha, long *x, int n)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop marked parallel for parloops, in a copy run when alpha\\+\\\[0, 4\\) and x\\+\\\[0, 4\\*n\\) disjoint" "" } */
    x[i] = *alpha * x[i];
}

__attribute__((noinline)) void
rows (int m, int n, double a[m][n], double *b)
{
  for (int i = 0; i < m; i++) /* { dg-missed "parallel loop kept sequential: the overlap test's value 8\\*m\\*n may not fit 64 bits" "" } */
    for (int j = 0; j < n; j++)
      a[i][j] = 2 * b[j];
}

__attribute__((noinline)) void
sums (int m, int n, double *s, double *a)
{
  for (int i = 0; i < m; i++) /* { dg-optimized "reductions into s: each thread adds into a zeroed copy of its own" "" } */
    for (int j = 0; j < n; j++)
      s[j] += a[i];
}

long x[N], alpha = 3;
double a[40][50], b[50], s[64], v[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      x[i] = i;
      v[i] = i % 7;
    }
  for (int j = 0; j < 50; j++)
    b[j] = j;
  scale (&alpha, x, N);
  rows (40, 50, a, b);
  sums (N, 64, s, v);
  for (int i = 0; i < N; i++)
    if (x[i] != 3L * i)
      __builtin_abort ();
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 50; j++)
      if (a[i][j] != 2.0 * j)
	__builtin_abort ();
  /* Sums of small integers: exact in any order.  */
  for (int j = 0; j < 64; j++)
    if (s[j] != 8994.0)
      __builtin_abort ();
  return 0;
}
