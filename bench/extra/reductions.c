/* Reductions that GCC's parloops declines by itself (bench/extra/reductions.sh):
   a sum into an int (parloops asks for wrapping overflow), a count and a
   conditional sum (its reduction analysis needs a body of one block), a
   double reduction into an int over a nest, and column sums into an int
   array (no reduction into memory at all); and three loops parloops does
   not run, which the plugin runs in OpenMP regions of its own: a sum
   under two branches, a sum around three loops (parloops would run the
   middle one), and a last value.  Each kernel runs REPS times
   over arrays of N elements (argv[1], argv[2]); the program prints each
   kernel's time in ms and a checksum of its results.  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define KERNEL __attribute__ ((noinline, noclone))

KERNEL int
int_sum (int n, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * 3 - (a[i] >> 2);
  return s;
}

KERNEL int
count_above (int n, const double *d, double t)
{
  int c = 0;
  for (int i = 0; i < n; i++)
    if (d[i] * d[i] - 3.0 * d[i] > t)
      c++;
  return c;
}

KERNEL long
positive_sum (int n, const long *a)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      s += a[i] * a[i];
  return s;
}

KERNEL int
matrix_sum (int n, int m, const int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += a[i * m + j] ^ (j & 7);
  return s;
}

KERNEL void
column_sums (int n, int m, const int *a, int *s)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[j] += a[i * m + j] * (i & 3);
}

KERNEL long
two_branch_sum (int n, const long *a)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    {
      if (a[i] > 5000)
	s += a[i];
      else if (a[i] < -5000)
	s -= 3;
    }
  return s;
}

KERNEL long
cube_sum (int p, int q, int r, const int *a)
{
  long s = 0;
  for (int i = 0; i < p; i++)
    for (int j = 0; j < q; j++)
      for (int k = 0; k < r; k++)
	s += a[(i * q + j) * r + k] ^ (k & 7);
  return s;
}

KERNEL double
last_value (int n, const double *d, double *o)
{
  double last = 0.0;
  for (int i = 0; i < n; i++)
    {
      double t = d[i] * 1.5 + 2.0;
      o[i] = t;
      last = t * d[i];
    }
  return last;
}

static double
ms (struct timespec a, struct timespec b)
{
  return (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4000000;
  int reps = argc > 2 ? atoi (argv[2]) : 20;
  int m = 1000, rows = n / m;
  int *a = malloc (sizeof (int) * n);
  long *l = malloc (sizeof (long) * n);
  double *d = malloc (sizeof (double) * n);
  int *s = calloc (m, sizeof (int));
  double *o = malloc (sizeof (double) * n);
  if (!a || !l || !d || !s || !o)
    return 2;
  for (int i = 0; i < n; i++)
    {
      a[i] = (int) ((i * 2654435761u) >> 7) % 20001 - 10000;
      l[i] = a[i];
      d[i] = a[i] / 1000.0;
    }
  enum { K = 8 };
  long check[K] = { 0 };
  double t[K] = { 0 };
  struct timespec t0, t1;
  for (int r = 0; r < reps; r++)
    {
      clock_gettime (CLOCK_MONOTONIC, &t0);
      check[0] += int_sum (n, a);
      clock_gettime (CLOCK_MONOTONIC, &t1);
      t[0] += ms (t0, t1);
      check[1] += count_above (n, d, 20.0);
      clock_gettime (CLOCK_MONOTONIC, &t0);
      t[1] += ms (t1, t0);
      check[2] += positive_sum (n, l);
      clock_gettime (CLOCK_MONOTONIC, &t1);
      t[2] += ms (t0, t1);
      check[3] += matrix_sum (rows, m, a);
      clock_gettime (CLOCK_MONOTONIC, &t0);
      t[3] += ms (t1, t0);
      column_sums (rows, m, a, s);
      clock_gettime (CLOCK_MONOTONIC, &t1);
      t[4] += ms (t0, t1);
      check[5] += two_branch_sum (n, l);
      clock_gettime (CLOCK_MONOTONIC, &t0);
      t[5] += ms (t1, t0);
      check[6] += cube_sum (rows, 100, 10, a);
      clock_gettime (CLOCK_MONOTONIC, &t1);
      t[6] += ms (t0, t1);
      check[7] += (long) last_value (n, d, o) + (long) o[n / 3];
      clock_gettime (CLOCK_MONOTONIC, &t0);
      t[7] += ms (t1, t0);
    }
  for (int j = 0; j < m; j++)
    check[4] += s[j] * (long) (j + 1);
  static const char *names[K] = { "int_sum", "count_above", "positive_sum",
				  "matrix_sum", "column_sums", "two_branch_sum",
				  "cube_sum", "last_value" };
  for (int k = 0; k < K; k++)
    printf ("%s %.1f %ld\n", names[k], t[k], check[k]);
  return 0;
}
