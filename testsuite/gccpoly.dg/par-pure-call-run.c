/* A call to a pure function (GCC's pure-const analysis: it reads memory
   and writes none) is a computation of the region where GCC's alias
   oracle, with the callee's mod/ref summary, shows it reads nothing the
   region writes: here the row of a table it is handed.  Where it
   may read what the region writes, the region is rejected, the remark
   naming the call and the write.  Every result is compared with a
   sequential computation the plugin leaves alone (volatile bounds).  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>

#define N 300
static double table[N][N];
double out[N][N], want[N][N];
volatile int vn;

/* Reads through its argument only (GCC's mod/ref summary says so).  */
__attribute__((noinline)) static double
smooth (const double *row, int j)
{
  return 0.5 * row[j] + 0.25 * (row[j - 1] + row[j + 1]);
}

__attribute__((noinline)) void
sweep (int n)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop parallel .doall." "" } */
    for (int j = 1; j < n - 1; j++)
      out[i][j] = smooth (table[i], j);
}

/* The loop writes the table the call reads.  */
__attribute__((noinline)) void
in_place (int n)
{
  for (int i = 0; i < n; i++) /* { dg-missed "loop not in a SCoP: side-effect-call: line 39: call to 'smooth' may read table\\\[\[^ \]+\\\], which the region writes \\(line 39\\)" "" } */
    for (int j = 1; j < n - 1; j++)
      table[i][j] = smooth (table[i], j);
}

int
main (void)
{
  int bad = 0;
  int sizes[] = { 3, 50, N };
  for (int c = 0; c < 3; c++)
    {
      int n = sizes[c];
      vn = n;
      for (int i = 0; i < N; i++)
	for (int j = 0; j < N; j++)
	  table[i][j] = (double) ((i * 7 + j * 3) % 17) + c;
      for (int i = 0; i < vn; i++)
	for (int j = 1; j < vn - 1; j++)
	  want[i][j] = 0.5 * table[i][j] + 0.25 * (table[i][j - 1] + table[i][j + 1]);
      sweep (n);
      for (int i = 0; i < vn; i++)
	for (int j = 1; j < vn - 1; j++)
	  bad += out[i][j] != want[i][j];
      for (int i = 0; i < vn; i++)
	for (int j = 0; j < vn; j++)
	  want[i][j] = table[i][j];
      for (int i = 0; i < vn; i++)
	for (int j = 1; j < vn - 1; j++)
	  want[i][j] = 0.5 * want[i][j] + 0.25 * (want[i][j - 1] + want[i][j + 1]);
      in_place (n);
      for (int i = 0; i < vn; i++)
	for (int j = 1; j < vn - 1; j++)
	  bad += table[i][j] != want[i][j];
    }
  if (bad)
    printf ("%d wrong results\n", bad);
  return bad != 0;
}
