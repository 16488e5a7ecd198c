/* par-declared-extents.c's scaling under -fno-aggressive-loop-optimizations:
   the user tells GCC not to take an index to stay within its dimension,
   and the model does not either.  Read as flat memory, k past 23 may
   reach the next row: the loops around the innermost one carry a product
   into rhs, which needs -fassociative-math or -fplugin-arg-gccpoly-reassociate.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-aggressive-loop-optimizations -fopt-info-loop-all" } */

#define N 24
static double rhs[5][N][N][N];
int grid[3];
double dt;

void
scale (void)
{
  for (int m = 0; m < 5; m++)	/* { dg-missed "loop not parallel: rhs: floating-point \\* reduction on rhs needs -fassociative-math or -fplugin-arg-gccpoly-reassociate" } */
    for (int i = 1; i <= grid[0] - 2; i++)	/* { dg-missed "loop not parallel: rhs: floating-point \\* reduction on rhs needs -fassociative-math or -fplugin-arg-gccpoly-reassociate" } */
      for (int j = 1; j <= grid[1] - 2; j++)	/* { dg-missed "loop not parallel: rhs: floating-point \\* reduction on rhs needs -fassociative-math or -fplugin-arg-gccpoly-reassociate" } */
	for (int k = 1; k <= grid[2] - 2; k++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
	  rhs[m][i][j][k] *= dt;
}

/* { dg-final { scan-report {functions[name=scale].loops[line=17].parallel} {false} } } */
