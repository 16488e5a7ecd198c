/* -fplugin-arg-gccpoly-no-wavefront: nussinov's nest (wavefront-run.c)
   stays as written, neither of its loops parallel; its innermost loop's
   max reduction has too little work inside two sequential loops.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-wavefront" } */

#define MAX2(a, b) ((a) >= (b) ? (a) : (b))

void
dp (int n, const int *seq, int t[n][n])
{
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      {
	int m = MAX2 (t[i][j - 1], t[i + 1][j]);
	m = MAX2 (m, t[i + 1][j - 1] + (seq[i] + seq[j] == 3));
	for (int k = i + 1; k < j; k++) /* { dg-missed "parallel loop kept sequential: too little work per start of the threads: 2 sequential loops around it" "" } */
	  m = MAX2 (m, t[i][k] + t[k + 1][j]);
	t[i][j] = m;
      }
}

/* { dg-final { compiler-output-not {run by wavefronts} } } */
/* { dg-final { compiler-output-not {marked parallel} } } */
/* { dg-final { scan-report {functions[name=dp].loops[line=12].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=dp].loops[line=13].transform} {[]} } } */
