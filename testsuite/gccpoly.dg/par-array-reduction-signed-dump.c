/* The sum into a thread's copy of an array of signed integers is computed
   in unsigned arithmetic and converted back before the store (GCC's dump
   after parloops: the loop body that the OpenMP region runs), so that a
   thread's partial sum that goes past INT_MAX wraps where the loop as
   written might not overflow at all; the copies' sums after the loop
   too.  Without the switch's rewrite the body adds in int.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fdump-tree-parloops2" } */

void
icolsum (int n, int m, const int *a, int *s)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "the sums into s computed in unsigned arithmetic" } */
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j];
}

/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 13 } */
/* In the parallel loop: both operands converted, added unsigned, the
   sum converted back and stored.  */
/* { dg-final { scan-gcc-dump parloops2 {#pragma omp for[^\n]*\n(?:[^\n]*\n)*?\s+(_[0-9]+) = \(unsigned int\) _[0-9]+;\n\s+(_[0-9]+) = \(unsigned int\) _[0-9]+;\n\s+(_[0-9]+) = \1 \+ \2;\n\s+(_[0-9]+) = \(int\) \3;\n\s+\*_[0-9]+ = \4;} } } */
/* After it: each cell plus every thread's copy, unsigned.  */
/* { dg-final { scan-gcc-dump parloops2 {(_[0-9]+) = \(unsigned int\) _[0-9]+;\n\s+_[0-9]+ = _[0-9]+ \+ \1;} } } */
