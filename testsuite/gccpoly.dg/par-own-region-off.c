/* -fplugin-arg-gccpoly-no-own-regions: a marked loop parloops declines
   stays sequential, said in a missed remark and in the report's
   "declined"; no function of the plugin's own is outlined.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-own-regions -fdump-tree-optimized" } */

double a[4000], b[4000];

double
last_square (int n)
{
  double last = -1.0;
  for (int i = 0; i < n; i++) /* { dg-missed "loop marked parallel, but parloops did not parallelize it .its own -fopt-info-loop-missed remarks say why., nor the plugin in a region of its own .-fplugin-arg-gccpoly-no-own-regions." "" } */
    {
      double t = a[i] * 2.0 + b[i];
      b[i] = t;
      last = t * t;
    }
  return last;
}

/* { dg-final { compiler-output-not {region of gccpoly's own .parloops} } } */
/* { dg-final { scan-gcc-dump-not optimized {gccpoly_region} } } */
/* { dg-final { scan-report {functions[name=last_square].loops[line=13].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=last_square].loops[line=13].declined} {"parloops did not parallelize it (its own -fopt-info-loop-missed remarks say why), nor the plugin in a region of its own (-fplugin-arg-gccpoly-no-own-regions)"} } } */
