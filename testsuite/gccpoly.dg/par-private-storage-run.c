/* Loops whose only obstacle to running in parallel is a private array
   declared in their body: each iteration gets storage of its own for it
   (taken from the stack at the start of the iteration, given back before
   the exit test), and parloops runs the loop.  rows: 20,000 iterations of
   a 64 KiB array, so storage not given back would overflow an 8 MiB
   stack.  The output must equal the plain build's.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

#include <stdio.h>
#include <stdlib.h>

#define W 8192

void __attribute__ ((noinline))
rows (int n, double *restrict a, double *restrict b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops; each iteration has storage of its own for tmp" } */
    {
      double tmp[W];
      for (int j = 0; j < W; j++)
	tmp[j] = a[i] + j;
      for (int j = 0; j < 4; j++)
	b[i * 4 + j] = tmp[W - 1 - j * 100] * 2.0;
    }
}

void __attribute__ ((noinline))
reversed (int n, double A[n][64], double B[n][64])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .*; each iteration has storage of its own for tmp" } */
    {
      double tmp[64];
      for (int j = 0; j < 64; j++)
	tmp[j] = A[i][j] + 1.0;
      for (int j = 0; j < 64; j++)
	B[i][j] = tmp[63 - j] * 2.0;
    }
}

int
main (void)
{
  int n = 20000;
  double *a = malloc (sizeof (double) * n), *b = malloc (sizeof (double) * n * 4);
  double (*A)[64] = malloc (sizeof (double[64]) * 2000), (*B)[64] = malloc (sizeof (double[64]) * 2000);
  for (int i = 0; i < n; i++)
    a[i] = i % 101;
  for (int i = 0; i < 2000; i++)
    for (int j = 0; j < 64; j++)
      A[i][j] = i % 13 + j * 0.5;
  rows (n, a, b);
  for (int r = 0; r < 5; r++)
    reversed (2000, A, B);
  double s = 0;
  for (int i = 0; i < 4 * n; i++)
    s += b[i] * (i % 7);
  for (int i = 0; i < 2000; i++)
    for (int j = 0; j < 64; j++)
      s += B[i][j] * (j + 1);
  printf ("%.3f\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[name=rows].loops[line=18].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=reversed].loops[line=31].transform} {["parallel","privatize"]} } } */
