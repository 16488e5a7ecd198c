/* The parallel loop keeps its vectors: with the 64-bit counter the
   plugin gives the offsets of an int-counted loop, the loop parloops
   outlines loads its elements as whole vectors (MEM <const vector(4) int>); with
   -fplugin-arg-gccpoly-no-wide-counters (par-wide-counter-off.c) it
   builds each vector from single elements, and on two threads ran slower
   than the sequential loop (bench/extra/reductions.sh).  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fdump-tree-optimized" } */

unsigned
usum (int n, const int *a)
{
  unsigned s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "64-bit value of its counter given a counter of its own" "" } */
    s += a[i] * 3 - (a[i] >> 2);
  return s;
}

/* { dg-final { compiler-output {:14:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { scan-gcc-dump optimized {;; Function usum._loopfn.0 (?:(?!;; Function).)*MEM <(?:const )?vector\(4\) int>} } } */
