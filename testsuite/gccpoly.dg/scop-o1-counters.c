/* At -O1 without dominator optimizations, store motion leaves copies that
   GCC's scalar evolution and iteration counts do not see through (GCC's
   gcc.dg/graphite/pr83668.c).  The counters are then read off their header
   PHIs and the counts off the exit tests: a decrementing outer loop with a
   loaded start, an inner loop of 7 iterations.  */
/* { dg-do compile } */
/* { dg-options "-O -fno-tree-dominator-opts -fplugin-arg-gccpoly-dump=scop-o1-counters.dump" } */

int a, b;
int d[14];

void
f (void)
{
  for (; b >= 0; b--)
    {
      a = 0;
      for (; a < 7; a++)
	d[a] = 1;
    }
}

/* { dg-final { scan-report {functions[name=f].loops[*].scop} {[1,1]} } } */
/* { dg-final { scan-report {functions[name=f].rejected[#]} {0} } } */
/* { dg-final { scan-dump {domain: \[b_[0-9_]+\] -> \{ S_[0-9]+\[b_[0-9]+, a_[0-9]+\] : 0 <= b_[0-9]+ <= b_[0-9_]+ and 0 <= a_[0-9]+ <= 6 \}} } } */
/* { dg-final { scan-dump {must-write: \[b_[0-9_]+\] -> \{ S_[0-9]+\[b_[0-9]+, a_[0-9]+\] -> d\[a_[0-9]+\] \}} } } */
