/* With -g at -O3, the split copies keep GIMPLE valid (-fchecking) and the
   debug binds after a copy that may not run lose the values it computes;
   the result is Floyd-Warshall's, from a nest the plugin leaves alone.  The
   same with the k loop in a caller (a split around a parameter, in a
   version of the loop), and with rows from 1, split around k + 1 (in a
   version of the loop too).  */
/* { dg-do run } */
/* { dg-options "-O3 -g -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <string.h>

#define N 40
int a[N * N], b[N * N];
volatile int vn = 1;

#define MIN2(a, b) ((a) <= (b) ? (a) : (b))

__attribute__((noinline)) void
fw (int n, int d[n][n])
{
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 21" "" } */
      {
	int r = i * n;
	for (int j = 0; j < n; j++)
	  d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j] + (r & 1));
      }
}

__attribute__((noinline)) void
fw_ref (int n, int d[n][n])
{
  for (int k = 0; k < n; k += vn)
    for (int i = 0; i < n; i += vn)
      {
	int r = i * n;
	for (int j = 0; j < n; j += vn)
	  d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j] + (r & 1));
      }
}

__attribute__((noinline)) void
step (int n, int k, int d[n][n])
{
  for (int i = 0; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals k" "" } */
    {
      int r = i * n;
      for (int j = 0; j < n; j++)
	d[i][j] = MIN2 (d[i][j], d[i][k] + d[k][j] + (r & 1));
    }
}

__attribute__((noinline)) void
apart (int n, int d[n][n])
{
  for (int k = 0; k < n - 1; k++)
    for (int i = 1; i < n; i++) /* { dg-optimized "loop split around the iteration where its counter equals the one of the loop at line 56 plus 1" "" } */
      {
	int r = i * n;
	for (int j = 0; j < n; j++)
	  d[i][j] = MIN2 (d[i][j], d[i][k + 1] + d[k + 1][j] - (r & 3));
      }
}

__attribute__((noinline)) void
apart_ref (int n, int d[n][n])
{
  for (int k = 0; k < n - 1; k += vn)
    for (int i = 1; i < n; i += vn)
      {
	int r = i * n;
	for (int j = 0; j < n; j += vn)
	  d[i][j] = MIN2 (d[i][j], d[i][k + 1] + d[k + 1][j] - (r & 3));
      }
}

int
main (void)
{
  for (int n = 0; n <= N; n += 3)
    {
      for (int i = 0; i < N * N; i++)
	a[i] = b[i] = (i * 37) % 53;
      fw (n, (int (*)[n]) a);
      fw_ref (n, (int (*)[n]) b);
      if (memcmp (a, b, sizeof a) != 0)
	return 1;
      for (int i = 0; i < N * N; i++)
	a[i] = (i * 37) % 53;
      for (int k = 0; k < n; k++)
	step (n, k, (int (*)[n]) a);
      if (memcmp (a, b, sizeof a) != 0)
	return 1;
      for (int i = 0; i < N * N; i++)
	a[i] = b[i] = (i * 41) % 59;
      apart (n, (int (*)[n]) a);
      apart_ref (n, (int (*)[n]) b);
      if (memcmp (a, b, sizeof a) != 0)
	return 2;
    }
  return 0;
}
