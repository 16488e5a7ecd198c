/* parloops refuses a loop whose exit PHIs hold anything but its
   reductions ("not a part of reduction").  correlation's initialization
   in main (line 62 of bench/kernels/correlation.c) hands out (double) n,
   which PRE computes before the loop and carries out of it through a PHI
   for the call after it: the plugin takes that value from before the
   loop, and parloops runs the loop.  The program must print what its
   plain build prints (-fno-math-errno: sqrt inline, no libm to link).  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fno-math-errno" } */

#include "../../bench/kernels/correlation.c"

/* { dg-final { compiler-output {correlation.c:62:5: optimized: gccpoly: loop marked parallel for parloops; 1 value used after the loop taken from before it or computed again after it} } } */
/* { dg-final { compiler-output {correlation.c:62:23: optimized: parallelizing outer loop} } } */
/* { dg-final { compiler-output-not {correlation.c:62:5: missed: gccpoly: loop marked parallel, but parloops did not parallelize it} } } */
/* { dg-final { scan-report {functions[name=main].loops[line=62].transform} {["parallel","recompute"]} } } */
