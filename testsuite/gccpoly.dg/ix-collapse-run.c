/* Collapse (issue 6, item 3; -fplugin-arg-gccpoly-collapse, off by
   default: ix-collapse-off.c): the c loop has 3 iterations, which 2
   threads would share 2 and 1 (parloops does not even take a loop with
   inner loops and fewer than 4 iterations at 2 threads).  Collapsed with
   the parallel i loop, the one loop left runs the 3 x n iterations in
   parallel, c and i computed from its counter.  A nest of 4 iterations
   outside (a multiple of the threads) is left, and so is one whose inner
   loop is not parallel.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-collapse -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
channels (int n, double (*restrict out)[n], double (*restrict in)[n])
{
  for (int c = 0; c < 3; c++)	/* { dg-optimized "gccpoly: loops at lines 18 and 19 collapsed into one parallel loop of 3 x \\(the inner trip count\\) iterations: 3 iterations would keep 2 threads unevenly busy" } */
    for (int i = 0; i < n; i++)
      out[c][i] = in[c][i] * (c + 1) + 0.5;
}

/* Pointers: the collapsed loop runs in the copy where the arrays lie
   apart.  */
void __attribute__ ((noinline))
channels_ptr (int n, double (*out)[n], double (*in)[n])
{
  for (int c = 1; c < 6; c += 2)	/* { dg-optimized "gccpoly: loops at lines 28 and 29 collapsed into one parallel loop of 3 x" } */
    for (int i = n - 1; i >= 0; i--)
      out[c][i] = in[c - 1][i] - c;
}

void __attribute__ ((noinline))
even (int n, double (*restrict out)[n], double (*restrict in)[n])
{
  for (int c = 0; c < 4; c++)
    for (int i = 0; i < n; i++)
      out[c][i] = in[c][i] * 2.0;
}

void __attribute__ ((noinline))
recurrence (int n, double (*restrict a)[n])
{
  for (int c = 0; c < 3; c++)
    for (int i = 1; i < n; i++)
      a[c][i] = a[c][i - 1] + 1.0;
}

static double
sum (const double *a, int n)
{
  double s = 0;
  for (int k = 0; k < n; k++)
    s += a[k] * (k % 7 + 1);
  return s;
}

int
main (void)
{
  int sizes[] = { 0, 1, 7, 1000 };
  for (int t = 0; t < 4; t++)
    {
      int n = sizes[t];
      double *a = malloc (sizeof (double) * (6 * n + 1));
      double *b = malloc (sizeof (double) * (6 * n + 1));
      for (int k = 0; k < 6 * n + 1; k++)
	a[k] = k % 13, b[k] = k % 5;
      channels (n, (void *) a, (void *) b);
      printf ("channels %d %.17g\n", n, sum (a, 6 * n));
      channels_ptr (n, (void *) a, (void *) b);
      printf ("apart %d %.17g\n", n, sum (a, 6 * n));
      channels_ptr (n, (void *) (a + 1), (void *) a);
      printf ("overlap %d %.17g\n", n, sum (a, 6 * n + 1));
      even (n, (void *) a, (void *) b);
      recurrence (n, (void *) b);
      printf ("even %d %.17g %.17g\n", n, sum (a, 4 * n), sum (b, 3 * n));
      free (a);
      free (b);
    }
  return 0;
}

/* { dg-final { compiler-output-not {:3[5-9]:[^\n]*collapsed} } } */
/* { dg-final { compiler-output-not {:4[0-9]:[^\n]*collapsed} } } */
/* { dg-final { scan-report {functions[name=channels].loops[line=18].transform} {["parallel","collapse"]} } } */
/* { dg-final { scan-report {functions[name=channels].loops[line=19].transform} {["collapse"]} } } */
