/* -fplugin-arg-gccpoly-no-conditional-reductions: a conditional update
   keeps its branch, and parloops declines the loop the plugin marks (its
   reductions need a body of one block), as without the plugin; with
   no-own-regions the plugin's own region does not run it either.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-conditional-reductions -fplugin-arg-gccpoly-no-own-regions" } */

unsigned
count (int n, const double *a, double t)
{
  unsigned c = 0;
  for (int i = 0; i < n; i++) /* { dg-missed "loop marked parallel, but parloops did not parallelize it" "" } */
    if (a[i] > t)
      c++;
  return c;
}

/* { dg-final { compiler-output-not {conditional update} } } */
/* { dg-final { compiler-output-not {optimized: parallelizing} } } */
/* { dg-final { scan-report {functions[name=count].loops[line=12].transform} {["parallel","wide-counter"]} } } */
