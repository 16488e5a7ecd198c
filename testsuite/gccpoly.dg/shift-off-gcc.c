/* GCC's -fno-loop-unroll-and-jam turns the shift off with the jam (-O2
   leaves both off): durbin's k loop of shift-off.c stays as written,
   without a remark on it.  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fno-loop-unroll-and-jam" } */

#include "shift-off.c"

/* { dg-final { compiler-output-not {shifted} } } */
/* { dg-final { scan-report {functions[name=durbin].loops[line=12].transform} {[]} } } */
