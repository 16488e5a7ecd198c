/* At -m32, x86 has no 128-bit arithmetic: the run-time tests, computed in
   __int128, stopped GCC at expansion ("internal compiler error: in
   expand_shift_1": 24 of GCC's torture tests at -m32).  They now run in 64
   bits there.  scale's overlap test and sums' test and copies per thread
   (their size capped to what a 32-bit size_t holds for every thread) fit
   64 bits; rows' and narrow's tests compute 8*m*n, a product of two ints,
   which fits only when m and n stay within 2^26: the test checks that
   first, and where it fails (narrow with n = 2^27, a valid call: one row
   of four cells) the nest runs as it is.  Needs the 32-bit libraries
   (gcc-12-multilib, installed by scripts/install-deps.sh check).  */
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
  for (int i = 0; i < m; i++) /* { dg-optimized "loop marked parallel for parloops, in a copy run when b\\+\\\[0, 8\\*n\\) and a\\+\\\[0, 8\\*m\\*n\\) disjoint && n >= 0 && \\|m\\|, \\|n\\| <= 2\\^26$" "" } */
    for (int j = 0; j < n; j++)
      a[i][j] = 2 * b[j];
}

__attribute__((noinline)) void
narrow (int m, int n, double a[m][n], double *b)
{
  for (int i = 0; i < m; i++) /* { dg-optimized "in a copy run when b\\+\\\[0, 32\\) and .* && \\|m\\|, \\|n\\| <= 2\\^26$" "" } */
    for (int j = 0; j < 4; j++)
      a[i][j] = b[j] + i;
}

__attribute__((noinline)) void
sums (int m, int n, double *s, double *a)
{
  for (int i = 0; i < m; i++) /* { dg-optimized "reductions into s: each thread adds into a zeroed copy of its own" "" } */
    for (int j = 0; j < n; j++)
      s[j] += a[i];
}

long x[N], alpha = 3;
double a[40][50], b[50], s[64], v[N], c[N][4];

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
  narrow (N, 4, c, b);
  /* One row of a matrix of 2^27 columns: its cells 0 to 3 in c[0].  */
  narrow (1, 1 << 27, (double (*)[1 << 27]) c, b + 4);
  for (int i = 0; i < N; i++)
    if (x[i] != 3L * i)
      __builtin_abort ();
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 50; j++)
      if (a[i][j] != 2.0 * j)
	__builtin_abort ();
  for (int j = 0; j < 4; j++)
    if (c[0][j] != j + 4.0)
      __builtin_abort ();
  for (int i = 1; i < N; i++)
    for (int j = 0; j < 4; j++)
      if (c[i][j] != j + (double) i)
	__builtin_abort ();
  /* Sums of small integers: exact in any order.  */
  for (int j = 0; j < 64; j++)
    if (s[j] != 8994.0)
      __builtin_abort ();
  return 0;
}
