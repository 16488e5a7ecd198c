/* The row stride GCC computes for a pointer to rows of n doubles,
   (sizetype) n, is a parameter of the model of its own (p), and the
   rows' bound j < n asked for p >= n at run time: "in a copy run when
   (m <= 0 || p >= n)" on the kernel suite's initializations in main.  The
   model now knows what p is of n (n where n >= 0, n + 2^64 where not), so
   the fill nest needs no test, nor does the merged nest, whose n is a PHI
   of a default and the size given, and its stride the PHI of their
   strides (it was "sz_1 <= p").  The part nest writes columns up to k,
   which nothing ties to n: its test stays, without the part on n (it was
   "(m <= 0 || (p >= k && p >= n))"), and the test writes the stride as
   what it is, (uint64_t) n.  For sizes from 0 up, the output
   must be the plain build's.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>
#include "weighed-sum.h"

static double __attribute__ ((noinline))
fill (const int *sz)
{
  int m = sz[0], n = sz[1];
  double (*A)[n] = calloc ((size_t) m * n + 8, sizeof (double));
  for (int i = 0; i < m; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops$" "fill" } */
    for (int j = 0; j < n; j++)
      A[i][j] = (double) ((i + j) % n) / m;
  return weighed ((double *) A, (long) m * n, 13);
}

static double __attribute__ ((noinline))
part (const int *sz)
{
  int m = sz[0], n = sz[1], k = sz[2];
  double (*A)[n] = calloc ((size_t) m * n + 8, sizeof (double));
  for (int i = 0; i < m; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(uint64_t\\) n >= k$" "part rows" } */
    for (int j = 0; j < n; j++)
      A[i][j] = (double) ((i + j) % n) / m;
  for (int i = 0; i < m; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(uint64_t\\) n >= k$" "part columns" } */
    for (int j = 0; j < k; j++)
      A[i][j] += i - 2.0 * j;
  return weighed ((double *) A, (long) m * n, 13);
}

static double __attribute__ ((noinline))
merged (int c, const int *given)
{
  int sz[2] = { 5, 7 };
  if (c)
    sz[0] = given[0], sz[1] = given[1];
  int m = sz[0], n = sz[1];
  double (*A)[n] = calloc ((size_t) m * n + 8, sizeof (double));
  for (int i = 0; i < m; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops$" "merged" { target gcc12 } } */
    for (int j = 0; j < n; j++)
      A[i][j] = (double) ((i + 2 * j) % n) / m;
  return weighed ((double *) A, (long) m * n, 11);
}

/* { dg-final { scan-report {functions[name=fill].loops[line=25].guard} {null} } } */
/* { dg-final { scan-report {functions[name=fill].loops[line=25].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=part].loops[line=39].guard} {"(uint64_t) n >= k"} } } */
/* { dg-final { scan-report {functions[name=merged].loops[line=53].guard} {null} } } */

int
main (void)
{
  static const int sizes[][3] = { { 0, 0, 0 }, { 1, 1, 1 }, { 2, 3, 3 }, { 3, 2, 1 }, { 5, 7, 7 }, { 7, 5, 3 }, { 40, 33, 20 }, { 130, 9, 9 } };
  for (int c = 0; c < 8; c++)
    printf ("%d %.17g %.17g %.17g %.17g\n", c, fill (sizes[c]), part (sizes[c]), merged (c & 1, sizes[c]), merged (0, sizes[c]));
  return 0;
}
/* GCC 11 hands two values of the merged loop out through its exit.  */
/* { dg-optimized "gccpoly: loop marked parallel for parloops; 2 values used after the loop taken from before it or computed again after it" "merged" { target gcc11 } 53 } */
