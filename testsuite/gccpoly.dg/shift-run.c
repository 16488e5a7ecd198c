/* The first inner loop of a loop run one iteration early inside its last
   (at -O3, with -floop-unroll-and-jam): durbin's sum of k + 1 over y[i],
   i < k + 1, runs its first k iterations inside the copy loop y[i] = z[i]
   of iteration k, each right after the copy of y[i]; iteration k + 1 runs
   only its last (i = k, after y[k] = alpha).  The chain of additions of
   the sum then runs beside the copies.  Shifted: durbin, its arrays
   possibly overlapping (in a copy under the overlap test; the copy loop,
   parallel, fused only below min-trips' iterations); a sum of two chains
   whose counter's last value is used after it.  Not shifted: a sum that
   reads y[i + 1], which the copy of k writes after the fused read; a store
   y[k - 1] after the copy loop, which the fused sum would read first; a
   sum that reads a value of the iteration (beta); counts that differ (the
   copy one longer); an integer sum (no chain to hide); durbin with
   restrict pointers, whose copy loop GCC's loop distribution has made a
   memcpy call before the plugin's pass (the k loop is no region then).
   Each runs for sizes from 0 up, the arrays apart and overlapping, and
   must print what the plain build prints: the same operations in the same
   order.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
durbin (int n, double *r, double *y, double *z)
{
  double alpha = -r[0], beta = 1.0, sum;
  y[0] = -r[0];
  for (int k = 1; k < n; k++) /* { dg-optimized "gccpoly: loop at line 30 shifted, in a copy run when .* disjoint: its inner loop at line 34 runs its next iteration's first iterations inside the loop at line 39, each right after that loop's own, wherever this iteration is not the last and below 50000 iterations \\(from there on it runs in parallel, as written\\), so that the chain of floating-point operations it carries \\(each waits for the one before\\) runs beside that loop's work; the next iteration runs only its last iteration; no statement that now runs after them writes a cell they read" "durbin" } */
    {
      beta = (1.0 - alpha * alpha) * beta;
      sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[k - i - 1] * y[i];
      alpha = -(r[k] + sum) / beta;
      for (int i = 0; i < k; i++)
	z[i] = y[i] + alpha * y[k - i - 1];
      for (int i = 0; i < k; i++)
	y[i] = z[i];
      y[k] = alpha;
    }
}

/* Two chains, and the counter's value after the sum (k, its count).  */
__attribute__((noinline)) void
two_chains (int n, double *restrict a, double *restrict y, double *restrict z)
{
  for (int k = 1; k < n; k++) /* { dg-optimized "gccpoly: loop at line 49 shifted: its inner loop at line 53 runs its next iteration's first iterations inside the loop at line 59, each right after that loop's own, wherever this iteration is not the last and below 50000 iterations" "two_chains" } */
    {
      double s = 1.0, t = 0.5;
      int i;
      for (i = 0; i < k; i++)
	{
	  s = s * 0.75 + a[k + i] * y[i];
	  t -= y[i] / (a[i] + 3.0);
	}
      double w = s - t + i * 0.125;
      for (int j = 0; j < k; j++)
	y[j] = y[j] * 0.5 + w * a[j];
      y[k] = w;
    }
}

__attribute__((noinline)) void
one_on (int n, double *r, double *y, double *z)
{
  for (int k = 1; k < n; k++) /* { dg-missed "gccpoly: loop at line 68 not shifted: the loop at line 71, run one iteration early inside the loop at line 75, would read cells of y before the statements that write them" "one_on" } */
    {
      double sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[i] * y[i + 1];
      for (int i = 0; i < k; i++)
	z[i] = y[i] + sum;
      for (int i = 0; i < k; i++)
	y[i] = z[i];
    }
}

__attribute__((noinline)) void
stored_after (int n, double *r, double *y, double *z)
{
  for (int k = 2; k < n; k++) /* { dg-missed "gccpoly: loop at line 83 not shifted: .* would read cells of y before the statements that write them" "stored_after" } */
    {
      double sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[i] * y[i];
      for (int i = 0; i < k; i++)
	z[i] = y[i] * 0.5 + sum;
      for (int i = 0; i < k; i++)
	y[i] = z[i];
      y[k - 1] = sum;
    }
}

/* The sum reads beta, a value of the iteration.  */
__attribute__((noinline)) void
reads_beta (int n, double *restrict r, double *restrict y, double *restrict z)
{
  double beta = 1.0;
  for (int k = 1; k < n; k++)
    {
      beta = beta * 0.5 + r[k];
      double sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[i] * y[i] * beta;
      for (int i = 0; i < k; i++)
	y[i] = y[i] * 0.25 + sum;
    }
}

/* The copy runs one iteration more than the sum of the next iteration.  */
__attribute__((noinline)) void
longer_copy (int n, double *restrict r, double *restrict y, double *restrict z)
{
  for (int k = 1; k < n; k++)
    {
      double sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[i] * y[i];
      for (int i = 0; i < k + 1; i++)
	y[i] = y[i] * 0.25 + sum;
    }
}

__attribute__((noinline)) void
integer_sum (int n, int *restrict r, int *restrict y)
{
  for (int k = 1; k < n; k++)
    {
      int sum = 0;
      for (int i = 0; i < k; i++)
	sum += r[i] * y[i];
      for (int i = 0; i < k; i++)
	y[i] = (y[i] >> 1) + (sum & 1023);
    }
}

__attribute__((noinline)) void
durbin_restrict (int n, double *restrict r, double *restrict y, double *restrict z)
{
  double alpha = -r[0], beta = 1.0, sum;
  y[0] = -r[0];
  for (int k = 1; k < n; k++)
    {
      beta = (1.0 - alpha * alpha) * beta;
      sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[k - i - 1] * y[i];
      alpha = -(r[k] + sum) / beta;
      for (int i = 0; i < k; i++)
	z[i] = y[i] + alpha * y[k - i - 1];
      for (int i = 0; i < k; i++)
	y[i] = z[i];
      y[k] = alpha;
    }
}

/* { dg-final { scan-report {functions[name=durbin].loops[line=30].transform} {["shift"]} } } */
/* { dg-final { scan-report {functions[name=durbin].loops[line=34].transform} {["shift"]} } } */
/* { dg-final { scan-report {functions[name=one_on].loops[line=68].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=reads_beta].loops[line=101].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=longer_copy].loops[line=116].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=integer_sum].loops[line=129].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=durbin_restrict].loops[line=144].transform} {[]} } } */

#include "digest.h"

typedef void kernel (int, double *, double *, double *);

/* F on v, v + RY and v + RZ (r's first n + 2 cells durbin's input).  */
static void
run (const char *name, kernel *f, int n, long k, double *v, long ry, long rz)
{
  fill_doubles (k, v);
  for (long x = 0; x < n + 2; x++)
    v[x] = 1.0 / (x + 2);
  f (n, v, v + ry, v + rz);
  printf ("%s %d %ld %ld: %.17g\n", name, n, ry, rz, digest (v, k));
}

int
main (void)
{
  for (int n = 0; n < 40; n += n < 24 ? 1 : 7)
    {
      long k = 3L * n + 16;
      double *v = malloc (sizeof (double) * k);
      int *w = malloc (sizeof (int) * k);
      long apart = n + 4, far = 2L * n + 8;
      run ("durbin", durbin, n, k, v, apart, far);
      /* z one on from y, y one on from r: the nest as written.  */
      run ("durbin z=y+1", durbin, n, k, v, apart, apart + 1);
      run ("durbin y=r+1", durbin, n, k, v, 1, far);
      run ("durbin_restrict", durbin_restrict, n, k, v, apart, far);
      run ("two_chains", two_chains, n, k, v, apart, far);
      run ("one_on", one_on, n, k, v, apart, far);
      run ("stored_after", stored_after, n, k, v, apart, far);
      run ("reads_beta", reads_beta, n, k, v, apart, far);
      run ("longer_copy", longer_copy, n, k, v, apart, far);
      for (long x = 0; x < k; x++)
	w[x] = (int) ((x * 7) % 13) - 5;
      integer_sum (n, w, w + apart);
      long d = 0;
      for (long x = 0; x < k; x++)
	d = d * 31 + w[x];
      printf ("integer_sum %d: %ld\n", n, d);
      free (w);
      free (v);
    }
  return 0;
}
