/* A program built with the plugin prints what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O2" } */

#include <stdio.h>
#include <stdlib.h>

static void __attribute__ ((noinline))
matmul (int n, double *c, const double *a, const double *b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	double s = 0;
	for (int k = 0; k < n; k++)
	  s += a[i * n + k] * b[k * n + j];
	c[i * n + j] = s;
      }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 37;
  double *a = malloc (sizeof (double) * n * n);
  double *b = malloc (sizeof (double) * n * n);
  double *c = malloc (sizeof (double) * n * n);
  for (int i = 0; i < n * n; i++)
    {
      a[i] = (i % 7) * 0.25;
      b[i] = (i % 5) - 1.5;
    }
  matmul (n, c, a, b);
  double sum = 0;
  for (int i = 0; i < n * n; i++)
    sum += c[i] * (1 + i % 3);
  printf ("checksum %.17g\n", sum);
  return 0;
}

/* { dg-final { scan-report {functions[name=matmul].loops[*].depth} {[1,2,3]} } } */
