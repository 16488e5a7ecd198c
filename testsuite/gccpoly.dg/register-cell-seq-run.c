/* Without threads: at -O3, where the pass before parloops runs for
   interchange, bicg's q[i] (par-register-cell-run.c) is carried in a
   register too, in the copy of the nest where the arrays are apart; no
   loop is marked parallel.  The program must print what the plain build
   prints, with the arrays apart and overlapping.  */
/* { dg-do run } */
/* { dg-options "-O3 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

__attribute__((noinline)) void
bicg (int m, int n, double *A, double *s, double *q, double *p, double *r)
{
  for (int i = 0; i < n; i++)
    {
      q[i] = 0.0;
      for (int j = 0; j < m; j++) /* { dg-optimized "gccpoly: the running value of the cell of q that the loop updates kept in a register, loaded before the loop and stored after it, in a copy run when q\\+\\\[0, 8\\*n\\) and s\\+\\\[0, 8\\*m\\) disjoint && " "carried without threads" } */
	{
	  s[j] = s[j] + r[i] * A[i * m + j];
	  q[i] = q[i] + A[i * m + j] * p[j];
	}
    }
}

/* { dg-final { compiler-output-not {marked parallel} } } */
/* { dg-final { scan-report {functions[name=bicg].loops[line=17].transform} {["register-cell"]} } } */
/* { dg-final { scan-report {functions[name=bicg].loops[line=14].transform} {[]} } } */

static double pool[3][40000];

static void
fill (void)
{
  for (int k = 0; k < 3; k++)
    for (int x = 0; x < 40000; x++)
      pool[k][x] = (x * 7 + k * 13) % 11 - 5;
}

static double
digest (const double *v, int k)
{
  double d = 0;
  for (int x = 0; x < k; x++)
    d = d * 1.0000001 + v[x];
  return d;
}

int
main (void)
{
  static const int sizes[][2] = { { 0, 0 }, { 3, 0 }, { 0, 3 }, { 1, 1 }, { 7, 5 }, { 150, 120 } };
  for (int k = 0; k < 6; k++)
    {
      int m = sizes[k][0], n = sizes[k][1];
      fill ();
      bicg (m, n, pool[0], pool[1], pool[1] + 20000, pool[2], pool[2] + 1000);
      printf ("apart %d %d: %.17g\n", m, n, digest (pool[1], 40000));
      fill ();
      bicg (m, n, pool[0], pool[1], pool[1] + 1, pool[2], pool[2] + 1000);
      printf ("q after s by one %d %d: %.17g\n", m, n, digest (pool[1], 400));
      fill ();
      bicg (m, n, pool[0], pool[1], pool[0] + 2, pool[2], pool[2] + 1000);
      printf ("q in A %d %d: %.17g %.17g\n", m, n, digest (pool[0], 40000), digest (pool[1], 400));
    }
  return 0;
}
