/* Subscripts at a parameter's distance from the end of a dimension of a
   constant-size array (a line solver's last cell, u[n - 2][j][k][m] and
   u[i][n - 2][k][m] of double u[D][D][D][5]): GCC folds them into one
   offset, whose constant part, split by truncation, leaves two inner
   subscripts below their rows ([n - 1][j - 94][k - 95][m] for D = 96) or
   one past it ([i][n + 94][k + 1][m]).  Rows borrowed at two dimensions,
   or lent at one, give back the written shape, so the loops around keep
   their declared view and run in parallel, where the flat view ran every
   row of one dimension into the next.  Every result is compared with a
   sequential computation the plugin leaves alone (volatile bounds).  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>

#define D 24
#define M 5
double u[D][D][D][M], want[D][D][D][M], last[D][M];
volatile int vn;

__attribute__((noinline)) void
last_plane (int n)
{
  for (int j = 1; j < n - 1; j++) /* { dg-optimized "loop marked parallel for parloops" "" } */
    for (int k = 1; k < n - 1; k++)
      for (int m = 0; m < M; m++)
	u[n - 2][j][k][m] = last[j][m] + k;
}

__attribute__((noinline)) void
last_row (int n)
{
  for (int i = 1; i < n - 1; i++) /* { dg-optimized "loop marked parallel for parloops" "" } */
    for (int k = 1; k < n - 1; k++)
      for (int m = 0; m < M; m++)
	u[i][n - 2][k][m] = u[i][n - 3][k][m] * 0.5 + i;
}

/* Substitution backwards from the last plane: each plane from the next,
   the lines (j, k) apart.  */
__attribute__((noinline)) void
back (int n)
{
  for (int j = 1; j < n - 1; j++) /* { dg-optimized "loop marked parallel for parloops" "" } */
    for (int k = 1; k < n - 1; k++)
      for (int i = n - 3; i >= 1; i--) /* { dg-missed "loop not parallel: u: the value of u flows from one iteration to another" "" } */
	for (int m = 0; m < M; m++)
	  u[i][j][k][m] = 0.25 * u[i + 1][j][k][m] + m;
}

static void
fill (void)
{
  for (int i = 0; i < D; i++)
    for (int j = 0; j < D; j++)
      for (int k = 0; k < D; k++)
	for (int m = 0; m < M; m++)
	  want[i][j][k][m] = u[i][j][k][m] = (double) ((i * 7 + j * 3 + k + m) % 11);
}

int
main (void)
{
  int bad = 0;
  for (int j = 0; j < D; j++)
    for (int m = 0; m < M; m++)
      last[j][m] = j * 0.5 - m;
  int sizes[] = { 3, 4, 17, D };
  for (int c = 0; c < 4; c++)
    {
      int n = sizes[c];
      vn = n;
      fill ();
      last_plane (n);
      last_row (n);
      back (n);
      for (int j = 1; j < vn - 1; j++)
	for (int k = 1; k < vn - 1; k++)
	  for (int m = 0; m < M; m++)
	    want[vn - 2][j][k][m] = last[j][m] + k;
      for (int i = 1; i < vn - 1; i++)
	for (int k = 1; k < vn - 1; k++)
	  for (int m = 0; m < M; m++)
	    want[i][vn - 2][k][m] = want[i][vn - 3][k][m] * 0.5 + i;
      for (int j = 1; j < vn - 1; j++)
	for (int k = 1; k < vn - 1; k++)
	  for (int i = vn - 3; i >= 1; i--)
	    for (int m = 0; m < M; m++)
	      want[i][j][k][m] = 0.25 * want[i + 1][j][k][m] + m;
      for (int i = 0; i < D; i++)
	for (int j = 0; j < D; j++)
	  for (int k = 0; k < D; k++)
	    for (int m = 0; m < M; m++)
	      bad += u[i][j][k][m] != want[i][j][k][m];
    }
  if (bad)
    printf ("%d wrong results\n", bad);
  return bad != 0;
}
