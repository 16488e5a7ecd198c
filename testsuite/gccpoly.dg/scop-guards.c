/* Regions around code the model only partly expresses: a condition on
   loaded or floating-point data (its blocks run in a superset of their
   domain, their writes are may-writes; the join is exact again), a guard
   in a block that also calls a function (the block stays outside, its
   values are parameters), a counter whose iteration count is right only
   for some parameter values (an assumption), unsigned arithmetic that
   wraps on the way but not at the end, and a shift by a constant.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-dump=scop-guards.dump" } */

extern int foo (void);

void
data_guard (int n, double *restrict a, double *restrict b)
{
  for (int i = 0; i < n; i++)
    {
      if (b[i] > 0)
	a[i] = 1;
      b[i] = 2;
    }
}

int
call_before (void)
{
  int a[201][100];
  int N = foo ();
  for (int i = 0; i < N + 100; i++)
    for (int j = 0; j < 200; j++)
      a[j][i] = a[j + 1][10] + 2;
  return a[3][5];
}

int c, d[10];

void
up_to_zero (void)
{
  for (; c; c++)
    d[0] = c;
}

void
unsigned_counter (int my, int *a)
{
  for (; my <= 1; ++my)
    a[my + 5] = 0;
}

int s1[6][4][4];

void
shifted (short *b)
{
  for (int k = 0; k < 6; k++)
    for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
	s1[k][j][i] = b[(i << 2) + j];
}

/* { dg-final { scan-report {functions[name=data_guard].loops[*].scop} {[1]} } } */
/* { dg-final { scan-dump {may-write: \[n\] -> \{ S_[0-9]+\[i\] -> a\[i\] \}} } } */
/* { dg-final { scan-dump {must-write: \[n\] -> \{ S_[0-9]+\[i\] -> b\[i\] \}} } } */
/* { dg-final { scan-report {functions[name=call_before].loops[*].scop} {[1,1]} } } */
/* { dg-final { scan-dump {entry block [0-9]+: only its final condition is in the region} } } */
/* { dg-final { scan-report {functions[name=up_to_zero].loops[*].scop} {[1]} } } */
/* { dg-final { scan-report-match {functions[name=up_to_zero].scops[0].assumptions[*].kind} {"no-wrap"} } } */
/* { dg-final { scan-report {functions[name=unsigned_counter].loops[*].scop} {[1]} } } */
/* { dg-final { scan-report {functions[name=unsigned_counter].rejected[#]} {0} } } */
/* { dg-final { scan-report {functions[name=shifted].loops[*].scop} {[1,1,1]} } } */
/* { dg-final { scan-dump {read: \[\] -> \{ S_[0-9]+\[k, j, i\] -> b\[4\*i \+ j\] \}} } } */
