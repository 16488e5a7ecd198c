/* GCC computes byte offsets modulo 2^64 and adds them to addresses read as
   signed: (i + (2^62 - 1)) * 4 bytes into C is i - 1 elements in (GCC's
   pr48571-1.c), so each iteration reads what the one before wrote and the
   loop is not parallel.  Read as a plain number, the offset lay far past
   the writes and the loop ran in parallel, wrong.  The same with a step
   of -4 written as a wrapped multiplier, and, as a check that the folding
   keeps what it should, a loop whose large offset does not wrap: it reads
   a half of D that it does not write, and runs in parallel.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

#define S (sizeof (int))
#define N 4096
unsigned int c[N], e[N], d[2 * N];

__attribute__((noinline)) void
doubling (void)
{
  for (unsigned int i = 1; i < N; ++i) /* { dg-missed "loop not parallel: c: the value of c flows from one iteration to another" "" } */
    *(unsigned int *) ((void *) c + (__SIZE_TYPE__) i * S)
      = 2 * *(unsigned int *) ((void *) c + ((__SIZE_TYPE__) i + ((__SIZE_TYPE__) -S) / S) * S);
}

/* E[N - 1 - i] from E[N - i]: the multiplier (size_t) -4 is a step back.  */
__attribute__((noinline)) void
backwards (void)
{
  for (unsigned int i = 1; i < N; ++i) /* { dg-missed "loop not parallel: e: the value of e flows from one iteration to another" "" } */
    *(unsigned int *) ((void *) e + (N - 1) * S + (__SIZE_TYPE__) i * (__SIZE_TYPE__) -S)
      = 1 + *(unsigned int *) ((void *) e + N * S + (__SIZE_TYPE__) i * (__SIZE_TYPE__) -S);
}

__attribute__((noinline)) void
from_upper_half (void)
{
  for (unsigned int i = 0; i < N; ++i) /* { dg-optimized "loop marked parallel for parloops" "" } */
    d[i] = 3 * d[i + N] + 1;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    c[i] = 1, e[i] = 0;
  for (int i = 0; i < 2 * N; i++)
    d[i] = i;
  doubling ();
  backwards ();
  from_upper_half ();
  unsigned int j = 1, bad = 0;
  for (int i = 0; i < N; i++, j *= 2)
    bad += c[i] != j || e[N - 1 - i] != (unsigned) i || d[i] != 3u * (i + N) + 1;
  return bad != 0;
}

/* { dg-final { scan-report {functions[name=doubling].loops[line=19].parallel} {false} } } */
/* { dg-final { scan-report {functions[name=backwards].loops[line=28].parallel} {false} } } */
/* { dg-final { scan-report {functions[name=from_upper_half].loops[line=36].transform} {["parallel"]} } } */
