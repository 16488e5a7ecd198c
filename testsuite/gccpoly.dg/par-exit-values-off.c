/* -fplugin-arg-gccpoly-no-recompute: the value correlation's
   initialization hands out (par-exit-values-run.c) stays in its exit PHI,
   and parloops declines the loop, as before.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-recompute" } */

#include "../../bench/kernels/correlation.c"

/* { dg-final { compiler-output {correlation.c:62:5: missed: gccpoly: loop marked parallel, but parloops did not parallelize it} } } */
/* { dg-final { compiler-output-not {taken from before it or computed again} } } */
/* { dg-final { scan-report {functions[name=main].loops[line=62].transform} {["parallel"]} } } */
