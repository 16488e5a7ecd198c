/* -fplugin-arg-gccpoly-no-wide-counters: the offsets of an int-counted
   loop stay conversions of its counter, and the loop parloops outlines
   loads no whole vectors (par-wide-counter-vect.c: with them).  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fdump-tree-optimized -fplugin-arg-gccpoly-no-wide-counters" } */

unsigned
usum (int n, const int *a)
{
  unsigned s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "loop marked parallel for parloops$" "" } */
    s += a[i] * 3 - (a[i] >> 2);
  return s;
}

/* { dg-final { compiler-output {:11:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { scan-gcc-dump-not optimized {;; Function usum._loopfn.0 (?:(?!;; Function).)*MEM <(?:const )?vector\(4\) int>} } } */
/* { dg-final { compiler-output-not {64-bit value} } } */
