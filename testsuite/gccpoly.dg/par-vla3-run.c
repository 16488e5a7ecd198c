/* Arrays of three dimensions allocated in the function that fills them,
   double (*A)[m][n]: GCC computes the outer stride from the sizes
   (powmult = (sizetype) n * (sizetype) n, or (sizetype) m * (sizetype) n)
   before the nest, and the inner one as that size over the element's
   ((sizetype) n * 8 /[ex] 8).  The model took each as a parameter of its
   own, whose strides do not divide one another ("strides p and powmult
   do not divide one another"): the outer loop was not in a SCoP and only
   the middle one ran in parallel, under a test ("p >= n && n > 0").  Read
   through to their factors, the strides give A's shape, and the outer
   loop runs in parallel with no test.  A nest that writes columns up to
   c, which nothing ties to n, keeps a test, where the stride is written as
   what it is, (uint64_t) n, and without the parts the strides' facts make
   redundant, and those the guards before the nest (l, m, c > 0) make
   redundant (it was "(c <= 0 || l <= 0 || m <= 0 || (p >= c && p_5 >=
   m))").  Products are read only where
   the strides do not divide otherwise: a flat array of n * n rows keeps
   n * n as a parameter, and its bound affine (read as a product, its rows'
   bound k < n * n was not).  For sizes from 0 up, the output must be the
   plain build's.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>
#include "weighed-sum.h"

static double __attribute__ ((noipa))
cube (const int *sz)
{
  int n = sz[0];
  double (*A)[n][n] = calloc ((size_t) n * n * n + 8, sizeof (double));
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops$" "cube" } */
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)$" "cube's rows" } */
      for (int k = 0; k < n; k++)
        A[i][j][k] = (double) (i + j + (n - k)) * 10.0 / n;
  return weighed ((double *) A, (long) n * n * n, 13);
}

static double __attribute__ ((noinline))
box (const int *sz)
{
  int l = sz[0], m = sz[1], n = sz[2];
  double (*A)[m][n] = calloc ((size_t) l * m * n + 8, sizeof (double));
  for (int i = 0; i < l; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops$" "box fill" } */
    for (int j = 0; j < m; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] = (double) ((i * j + k) % n) / n;
  for (int i = 0; i < l; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops$" "box sums" } */
    for (int j = 0; j < m; j++)
      for (int k = 1; k < n; k++)
        A[i][j][k] += A[i][j][k - 1];
  return weighed ((double *) A, (long) l * m * n, 11);
}

static double __attribute__ ((noinline))
part (const int *sz)
{
  int l = sz[0], m = sz[1], n = sz[2], c = sz[3];
  double (*A)[m][n] = calloc ((size_t) l * m * n + 8, sizeof (double));
  for (int i = 0; i < l; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(uint64_t\\) n >= c$" "part" } */
    for (int j = 0; j < m; j++)
      for (int k = 0; k < c; k++)
        A[i][j][k] = i - 2.0 * j + k;
  return weighed ((double *) A, (long) l * m * n, 7);
}

static double __attribute__ ((noinline))
flat (const int *sz)
{
  int n = sz[0], t = sz[1];
  long nn = (long) n * n;
  double *a = calloc (nn * t + 8, sizeof (double));
  for (int i = 0; i < t; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" "flat" } */
    for (long k = 0; k < nn; k++)
      a[i * nn + k] = i + k * 0.5;
  return weighed (a, nn * t, 5);
}

/* { dg-final { scan-report {functions[name=cube].loops[line=32].guard} {null} } } */
/* { dg-final { scan-report {functions[name=cube].loops[line=32].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=cube].loops[line=33].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=box].loops[line=44].guard} {null} } } */
/* { dg-final { scan-report {functions[name=box].loops[line=48].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=part].loops[line=60].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=part].loops[line=60].guard} {"(uint64_t) n >= c"} } } */
/* { dg-final { scan-report {functions[name=flat].loops[line=73].transform} {["parallel"]} } } */

int
main (void)
{
  static const int sizes[][4] = { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 2, 3, 3, 2 }, { 3, 2, 1, 1 }, { 5, 7, 6, 6 }, { 7, 5, 3, 2 }, { 40, 33, 20, 20 }, { 13, 9, 70, 9 } };
  for (int c = 0; c < 8; c++)
    printf ("%d %.17g %.17g %.17g %.17g\n", c, cube (sizes[c]), box (sizes[c]), part (sizes[c]), flat (sizes[c]));
  return 0;
}
