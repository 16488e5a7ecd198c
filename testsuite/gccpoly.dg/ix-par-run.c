/* Interchange with -ftree-parallelize-loops at -O3: the j and k loops of
   the i-j-k product are swapped and the i loop runs in parallel; the
   result is the plain build's at 2 threads, arrays apart or not.  In
   mvt's second product the i loop is the nest's outermost parallel loop:
   swapping it inward would start the threads once per j, so the pair
   stays.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
mm (int n, double (*C)[n], double (*A)[n], double (*B)[n])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when" } */
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loops at lines 17 and 18 interchanged, in a copy run when" } */
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
}

void __attribute__ ((noinline))
mvt (int n, double *restrict x, double (*restrict a)[n], double *restrict y)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loops at lines 25 and 26 not interchanged: it would move the nest's outermost parallel loop inward" } */
    for (int j = 0; j < n; j++)
      x[i] += a[j][i] * y[j];
}

/* examples/demo.c's product: linearized subscripts, a local sum stored
   once after the k loop, the store's address computed after the loop.  */
void __attribute__ ((noinline))
mm_lin (int n, double *c, double *a, double *b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loops at lines 36 and 39 interchanged, in a copy run when" } */
      {
	double s = 0;
	for (int k = 0; k < n; k++)
	  s += a[i * n + k] * b[k * n + j];
	c[i * n + j] = s;
      }
}

int
main (void)
{
  int n = 150;
  double *buf = malloc (sizeof (double) * 3 * n * n + 8);
  for (int t = 0; t < 2; t++)
    {
      for (int i = 0; i < 3 * n * n + 8; i++)
	buf[i] = ((i * 5 + t) % 11) * 0.5;
      mm (n, (void *) buf, (void *) (buf + (t ? 7 : n * n)), (void *) (buf + 2 * n * n));
      double s = 0;
      for (int i = 0; i < 3 * n * n + 8; i++)
	s += buf[i] * (i % 13 + 1);
      printf ("mm %d %.17g\n", t, s);
    }
  for (int t = 0; t < 2; t++)
    {
      for (int i = 0; i < 3 * n * n + 8; i++)
	buf[i] = ((i * 3 + t) % 7) * 0.25;
      mm_lin (n, buf, buf + (t ? 5 : n * n), buf + 2 * n * n);
      double s = 0;
      for (int i = 0; i < 3 * n * n + 8; i++)
	s += buf[i] * (i % 13 + 1);
      printf ("mm_lin %d %.17g\n", t, s);
    }
  mvt (n, buf, (void *) (buf + n), buf + n + n * n);
  printf ("mvt %.17g %.17g\n", buf[0], buf[n - 1]);
  free (buf);
  return 0;
}

/* { dg-final { scan-report {functions[name=mm].loops[line=16].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=17].transform} {["interchange"]} } } */
