/* With -fwrapv int's overflow wraps: parloops makes the reduction by
   itself, and the plugin leaves the sum in int.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fwrapv" } */

int
sum (int n, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++) /* { dg-optimized "gccpoly: loop marked parallel for parloops" "" } */
    s += a[i];
  return s;
}

/* { dg-final { compiler-output-not {computed in unsigned arithmetic} } } */
/* { dg-final { compiler-output {:10:[0-9]+: optimized: parallelizing inner loop} } } */
/* { dg-final { scan-report {functions[name=sum].loops[line=10].transform} {["parallel"]} } } */
