/* With -g: a nest run by wavefronts moves its outer loop's statements
   into the inner loop; the debug binds GCC had made of them outside the
   inner loop lose their values instead of naming values the inner loop
   computes (a -fchecking error, "definition does not dominate use",
   before).  */
/* { dg-do compile } */
/* { dg-options "-O2 -g -fchecking -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

#define MAX2(a, b) ((a) >= (b) ? (a) : (b))

void
dp (int n, const int *seq, int t[n][n])
{
  for (int i = n - 1; i >= 0; i--) /* { dg-optimized "loops at lines 14 and 15 run by wavefronts" "" } */
    for (int j = i + 1; j < n; j++) /* { dg-optimized "loop marked parallel for parloops" "" } */
      {
	int m = MAX2 (t[i][j - 1], t[i + 1][j]);
	m = MAX2 (m, t[i + 1][j - 1] + (seq[i] + seq[j] == 3));
	for (int k = i + 1; k < j; k++)
	  m = MAX2 (m, t[i][k] + t[k + 1][j]);
	t[i][j] = m;
      }
}

/* { dg-final { compile-status zero } } */
