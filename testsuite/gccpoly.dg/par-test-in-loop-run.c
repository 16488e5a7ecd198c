/* A loop versioned on its overlap test inside a loop that is no region
   (the inner loop of the outer one GCC split at `j < m`, m a constant
   after cloning): the test compares addresses that move with the outer
   counter.  Computed as addresses plus offsets, those were induction
   variables holding the arrays' addresses as numbers, from which ivopts
   rebuilt the stores into x as `MEM[0B + ivtmp]`; GCC's pure-const
   analysis took those for null dereferences, declared the function pure
   and deleted the calls whose result is unused: x never changed.  The
   test now compares offsets with the difference of the addresses.  The
   call after the inner loop keeps the outer loop out of every region
   (without it the outer loop is a region, the split inner loop's count,
   read from the first part's exit, no longer an obstacle, and runs in
   parallel whole).  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-optimized -fdump-tree-optimized" } */

#include <stdio.h>

int trace[64];

__attribute__ ((noinline)) void
note (int i)
{
  trace[i & 63]++;
}

__attribute__ ((noinline)) void
sums (int n, int m, unsigned *a, unsigned *b, unsigned *x)
{
  for (int i = 0; i < n; i++)
    {
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when x\\+\\\[4\\*i, 4 \\+ 4\\*i\\) and b\\+" } */
      x[i] = x[i] + (j < m ? (unsigned) (b[j] * 3) : (unsigned) (-j));
    note (i);
    }
}

/* { dg-final { scan-gcc-dump-not optimized {MEM\[[^]]*\(unsigned int \*\)0B \+} } } */

int
main (void)
{
  for (int n = 0; n < 6; n++)
    {
      unsigned a[64], b[64], x[64];
      for (int k = 0; k < 64; k++)
	{
	  a[k] = k;
	  b[k] = 3 * k + 1;
	  x[k] = 100 + k;
	}
      sums (n, 3, a, b, x);
      printf ("%d:", n);
      for (int k = 0; k < 7; k++)
	printf (" %u", x[k]);
      printf ("\n");
    }
  return 0;
}
