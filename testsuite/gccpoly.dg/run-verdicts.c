/* The verdicts change nothing in the code: a program with reductions,
   private values and recurrences prints what its plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O2" } */

#include <stdio.h>

#define N 50
double A[N][N], B[N][N], C[N][N];
int a[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      a[i] = i * 7 % 13;
      for (int j = 0; j < N; j++)
	{
	  A[i][j] = (i + j) % 5;
	  B[i][j] = (i * j) % 7;
	}
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
	double t = 0;
	for (int k = 0; k < N; k++)
	  t += A[i][k] * B[k][j];
	C[i][j] = t;
      }
  int s = 0, m = 0;
  for (int i = 0; i < N; i++)
    {
      s += a[i];
      m = a[i] > m ? a[i] : m;
    }
  double x = 1;
  for (int i = 0; i < N; i++)
    x = x * 0.5 + C[i][i];
  printf ("%g %d %d %g\n", C[3][4], s, m, x);
  return 0;
}
