/* A product of a counter and a parameter (i*nj, which GCC computes once per
   i loop iteration, in a type the model must prove it fits) is checked at
   run time by interval arithmetic over the counter's range, with the
   overlap of the arrays; the program prints what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
gemm_lin (int ni, int nj, int nk, double *C, double *A, double *B)
{
  for (int i = 0; i < ni; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .* && -2147483648 <= i\\*nj <= 2147483647" } */
    {
      for (int j = 0; j < nj; j++)
	C[i * nj + j] *= 0.5;
      for (int k = 0; k < nk; k++)
	for (int j = 0; j < nj; j++)
	  C[i * nj + j] += A[i * nk + k] * B[k * nj + j];
    }
}

int
main (void)
{
  int n = 300;
  double *A = malloc (sizeof (double) * n * n), *B = malloc (sizeof (double) * n * n);
  double *C = malloc (sizeof (double) * n * n);
  for (int i = 0; i < n * n; i++)
    {
      A[i] = i % 5;
      B[i] = i % 3 - 1.0;
      C[i] = i % 7;
    }
  gemm_lin (n, n, n, C, A, B);
  double s = 0;
  for (int i = 0; i < n * n; i++)
    s += C[i] * (i % 11);
  gemm_lin (n / 2, n, n / 2, C + 1, C, B);	/* C and A overlap: the original loop */
  double t = 0;
  for (int i = 0; i < n * n; i++)
    t += C[i] * (i % 11);
  printf ("%.3f %.3f\n", s, t);
  free (A);
  free (B);
  free (C);
  return 0;
}

/* { dg-final { scan-report-match {functions[name=gemm_lin].scops[0].assumptions} {"kind":"no-wrap"} } } */
/* { dg-final { scan-report {functions[name=gemm_lin].loops[line=14].transform} {["parallel"]} } } */
