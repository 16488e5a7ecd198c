/* Notes describe loops; -fopt-info-loop-missed shows verdicts only, so it
   shows none of them.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */

void
fill (int n, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-bogus "gccpoly: loop" } */
    a[i] = i;
}
