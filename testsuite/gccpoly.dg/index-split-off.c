/* -fplugin-arg-gccpoly-no-index-split: Floyd-Warshall's nest
   (index-split-run.c) stays as written, none of its loops parallel.  */
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

/* { dg-final { compiler-output-not {split around} } } */
/* { dg-final { compiler-output-not {marked parallel} } } */
/* { dg-final { scan-report {functions[name=fw].loops[line=12].transform} {[]} } } */
