/* Interchange against GCC's own -floop-interchange (docs/performance.md):
   the i-j-k product C += A * B, whose innermost access B[k][j] strides by
   a row.  Built with -DRESTRICT the arrays are restrict-qualified (GCC's
   interchange needs that to prove the swap legal); without, they are
   plain pointers (the plugin swaps under a run-time overlap test).
   Usage: matmul [N [REPS]]; prints a checksum.  */
#include <stdio.h>
#include <stdlib.h>

#ifdef RESTRICT
#define R restrict
#else
#define R
#endif

void __attribute__ ((noinline))
mm (int n, double (*R C)[n], double (*R A)[n], double (*R B)[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
  int reps = argc > 2 ? atoi (argv[2]) : 1;
  double (*A)[n] = malloc (sizeof (double[n][n]));
  double (*B)[n] = malloc (sizeof (double[n][n]));
  double (*C)[n] = calloc (n, sizeof (double[n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	A[i][j] = ((i * j) % 7) * 0.5;
	B[i][j] = ((i + 2 * j) % 5) * 0.25;
      }
  for (int r = 0; r < reps; r++)
    mm (n, C, A, B);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += C[i][j] * ((i + j) % 3 + 1);
  printf ("%.17g\n", s);
  free (A);
  free (B);
  free (C);
  return 0;
}
