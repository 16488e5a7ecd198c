/* A region of two nests one after the other: a loop over a, then the pair
   the plugin interchanges.  The pair rests on the region's run-time test
   (b and c must not overlap), and the nest versioned on it must be the
   pair's: the first nest of the region was, and the pair was interchanged
   where the test failed too.  Here c is b shifted by a row less one cell,
   so that c[i][j] is b[i + 1][j - 1], a cell the j loop wrote an
   iteration before; interchanged, the i loop reaches it first.  */
/* { dg-do run } */
/* { dg-options "-O3 -fopt-info-loop-optimized" } */

#include <stdlib.h>

#define N 40

__attribute__((noinline)) void
shift (int n, double *a, double (*b)[n], double (*c)[n])
{
  for (int i = 0; i < n; i++)
    a[i] = i * 0.5;
  for (int j = 0; j < n; j++) /* { dg-optimized "loops at lines 20 and 21 interchanged, in a copy run when c\\+\\\[0, 8\\*n\\*n\\) and b\\+\\\[0, 8\\*n\\*n\\) disjoint" "" } */
    for (int i = 0; i < n; i++)
      b[i][j] = c[i][j] + 1;
}

double m[(N + 2) * N], want[(N + 2) * N], a[N];

int
main (void)
{
  for (int k = 0; k < (N + 2) * N; k++)
    m[k] = want[k] = k % 7;
  /* The loops as written, on the same overlap.  */
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      want[i * N + j] = want[(N - 1) + i * N + j] + 1;
  shift (N, a, (double (*)[N]) m, (double (*)[N]) (m + N - 1));
  for (int k = 0; k < (N + 2) * N; k++)
    if (m[k] != want[k])
      abort ();
  /* Apart, the interchanged copy runs.  */
  double *b = calloc (N * N, sizeof (double)), *c = calloc (N * N, sizeof (double));
  for (int k = 0; k < N * N; k++)
    c[k] = k % 5;
  shift (N, a, (double (*)[N]) b, (double (*)[N]) c);
  for (int k = 0; k < N * N; k++)
    if (b[k] != k % 5 + 1)
      abort ();
  return 0;
}
