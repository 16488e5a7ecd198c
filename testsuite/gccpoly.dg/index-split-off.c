/* -fplugin-arg-gccpoly-no-index-split: Floyd-Warshall's nest
   (index-split-run.c) stays as written, none of its loops parallel, and so
   does its step with k a parameter (index-split-param-run.c): it is
   parallel where row k is not among the rows, but the region assumes that
   d[k] is one of them, so a copy run there would run no iteration, and
   none is made.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-index-split" } */

#define MIN2(a, b) ((a) <= (b) ? (a) : (b))

void
fw (int n, int d[n][n])
{
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) /* { dg-missed "loop not parallel: d: the value of d flows from one iteration to another" "" } */
      for (int j = 0; j < n; j++)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

void
relax (int n, int k, int d[n][n])
{
  for (int i = 0; i < n; i++) /* { dg-missed "parallel loop kept sequential: it is parallel only where \\(k >= n \\|\\| k < 0\\), and there the region's assumptions leave it no iteration" "" } */
    for (int j = 0; j < n; j++)
      d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j]);
}

/* { dg-final { compiler-output-not {split around} } } */
/* { dg-final { compiler-output-not {index-split-off.c:1[4-7]:[0-9]+: optimized: gccpoly: loop marked} } } */
/* { dg-final { scan-report {functions[name=fw].loops[line=16].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=relax].loops[line=24].transform} {[]} } } */
/* { dg-final { compiler-output-not {index-split-off.c:2[4-6]:[0-9]+: optimized: gccpoly: loop marked} } } */
