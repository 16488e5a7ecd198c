/* Arrays of fixed size at file scope, walked up to extents read from
   memory at run time, as a solver walks its grid (`i <= grid[0] - 2`).
   In C an index of an inner dimension stays within that dimension, and
   GCC's own loop bounds rely on it (-faggressive-loop-optimizations, on by
   default): the model reads the accesses in the arrays' declared shapes,
   with no run-time test.  Read as flat memory, where k past 23 reaches the
   next row, the scaling of rhs was a reduction on rhs and the sum into u
   one on u, on every loop but the innermost.  A recurrence along k stays
   sequential, the loops around it parallel.  Without
   -faggressive-loop-optimizations: par-declared-extents-off.c.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-all" } */

#define N 24
static double rhs[5][N][N][N];
static double u[N][N][N][5];
static double lhs[N][N][N][3][5][5];
int grid[3];
double dt;

void
scale (void)
{
  for (int m = 0; m < 5; m++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
    for (int i = 1; i <= grid[0] - 2; i++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
      for (int j = 1; j <= grid[1] - 2; j++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
	for (int k = 1; k <= grid[2] - 2; k++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
	  rhs[m][i][j][k] *= dt;
}

void
add (void)
{
  for (int i = 1; i <= grid[0] - 2; i++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
    for (int j = 1; j <= grid[1] - 2; j++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
      for (int k = 1; k <= grid[2] - 2; k++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
	for (int m = 0; m < 5; m++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
	  u[i][j][k][m] += rhs[m][i][j][k];
}

void
blocks (void)
{
  for (int i = 0; i < grid[0]; i++)	/* { dg-optimized "loop parallel \\(private\\)" } */
    for (int j = 0; j < grid[1]; j++)	/* { dg-optimized "loop parallel \\(private\\)" } */
      for (int k = 0; k < grid[2]; k++)	/* { dg-optimized "loop parallel \\(private\\)" } */
	for (int s = 0; s < 3; s++)	/* { dg-optimized "loop parallel \\(private\\)" } */
	  for (int m = 0; m < 5; m++)	/* { dg-optimized "loop parallel \\(private\\)" } */
	    for (int n = 0; n < 5; n++)	/* { dg-optimized "loop parallel \\(private\\)" } */
	      lhs[i][j][k][s][m][n] = lhs[i][j][k][s][m][n] * dt + (m == n);
}

void
sweep (void)
{
  for (int m = 0; m < 5; m++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
    for (int i = 1; i <= grid[0] - 2; i++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
      for (int j = 1; j <= grid[1] - 2; j++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
	for (int k = 1; k <= grid[2] - 2; k++)	/* { dg-missed "loop not parallel: rhs: the value of rhs flows from one iteration to another" } */
	  rhs[m][i][j][k] += 0.5 * rhs[m][i][j][k - 1];
}

/* { dg-final { scan-report {functions[name=scale].scops[0].assumptions} {[]} } { target gcc12 } } */
/* { dg-final { scan-report {functions[name=add].scops[0].assumptions[*].kind} {["no-wrap"]} } { target gcc12 } } */
/* { dg-final { scan-report {functions[name=scale].loops[line=24].blockers} {[]} } } */
/* { dg-final { scan-report {functions[name=add].loops[line=34].parallel} {true} } } */
/* { dg-final { scan-report {functions[name=sweep].loops[line=56].parallel} {true} } } */
/* { dg-final { scan-report {functions[name=sweep].loops[line=59].parallel} {false} } } */
/* GCC 11 computes the rows' extents in unsigned int: each needs a no-wrap
   assumption, and still no overlap test or bound from the model.  */
/* { dg-final { scan-report {functions[name=scale].scops[0].assumptions[*].kind} {["no-wrap","no-wrap","no-wrap"]} } { target gcc11 } } */
/* { dg-final { scan-report {functions[name=add].scops[0].assumptions[*].kind} {["no-wrap","no-wrap","no-wrap"]} } { target gcc11 } } */
