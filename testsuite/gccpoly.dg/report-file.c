/* The report names the file of each function and loop: the loop of a
   function inlined from a header names the header, at the header's line;
   the function's own loop names this file.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2" } */

#include "report-file.h"

void
f (int n, double *restrict a, const double *restrict b, double *restrict c)
{
  scale_into (n, a, b);
  for (int i = 0; i < n; i++)
    c[i] = a[i] + 1.0;
}

/* { dg-final { scan-report {functions[#]} {1} } } */
/* { dg-final { scan-report-match {functions[name=f].file} {^"[^"]*report-file\.c"$} } } */
/* { dg-final { scan-report {functions[name=f].line} {10} } } */
/* { dg-final { scan-report {functions[name=f].loops[#]} {2} } } */
/* { dg-final { scan-report-match {functions[name=f].loops[line=6].file} {^"[^"]*report-file\.h"$} } } */
/* { dg-final { scan-report-match {functions[name=f].loops[line=13].file} {^"[^"]*report-file\.c"$} } } */
/* { dg-final { scan-report {functions[name=f].loops[line=6].parallel} {true} } } */
