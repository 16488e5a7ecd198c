/* Unroll-and-jam of loops whose last inner loop runs one iteration more
   at each of their iterations (k < j): the copies share the iterations of
   the first, and each copy runs its last ones after them, right before
   its own statements after that loop, so that a copy's last iterations
   read what the copies before it stored.  Jammed by 4: cholesky's j loop
   (the cell A[i][j] carried in a register); a forward substitution whose
   arrays may overlap (in a copy under the overlap test); lu's rows
   (A[k][j], a column).  By 2: a bound two above the row (k < j + 2, an
   exit test on the counter's value, k <= j), its sum stored to z[j + 2],
   which iteration j + 2 reads before its inner loop (the jam of 4 would
   read it first).  Not jammed: sums that read one cell further on (z[k +
   1]), which the copy before writes after the shared iterations; and,
   conservatively, an inner loop from 2 after GCC split off the rows
   where it runs once (the model of what is left does not know that its
   rows start above 2, and there the count does not grow: the run-time
   test of the jam excludes them, the check does not).  Each runs for
   sizes from 0 up, the arrays apart and overlapping, and must print what
   the plain build prints: the same operations in the same order
   (-fno-math-errno: sqrt inline, no libm to link).  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fno-math-errno" } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
cholesky (int n, double A[restrict n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++) /* { dg-optimized "gccpoly: loop at line 32 unrolled and jammed by 4: its inner loop at line 34 runs 4 of its iterations at each of theirs, so that the chain .* runs 4 times side by side; the loop at line 34 runs one iteration more at each iteration: the copies share the first's iterations, and each runs its last ones after them, right before its own statements after that loop; no dependence goes" "cholesky" { target gcc12 } } */
	{
	  for (int k = 0; k < j; k++)
	    A[i][j] -= A[i][k] * A[j][k];
	  A[i][j] /= A[j][j];
	}
      for (int k = 0; k < i; k++)
	A[i][i] -= A[i][k] * A[i][k];
      A[i][i] = sqrt (A[i][i]);
    }
}

__attribute__((noinline)) void
forward (int n, double *L, double *x, double *b)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "gccpoly: loop at line 47 unrolled and jammed by 4, in a copy run when .*: its inner loop at line 50 runs 4 of its iterations at each of theirs.*the loop at line 50 runs one iteration more" "forward" { target gcc12 } } */
    {
      double w = b[i];
      for (int j = 0; j < i; j++)
	w -= L[i * n + j] * x[j];
      x[i] = w / L[i * n + i];
    }
}

__attribute__((noinline)) void
two_above (int n, double *A, double *z)
{
  for (int j = 0; j < n; j++) /* { dg-optimized "gccpoly: loop at line 59 unrolled and jammed by 2, in a copy run when .*the loop at line 62 runs one iteration more" "two_above" } */
    {
      double u = z[j];
      for (int k = 0; k < j + 2; k++)
	u = u * 0.5 + A[j * (n + 2) + k] * z[k];
      z[j + 2] = u;
    }
}

__attribute__((noinline)) void
lu (int n, double A[restrict n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++) /* { dg-optimized "gccpoly: loop at line 73 unrolled and jammed by 4: its inner loop at line 75 runs 4 of its iterations.*the loop at line 75 runs one iteration more" "lu" { target gcc12 } } */
	{
	  for (int k = 0; k < j; k++)
	    A[i][j] -= A[i][k] * A[k][j];
	  A[i][j] /= A[j][j];
	}
      for (int j = i; j < n; j++)
	for (int k = 0; k < i; k++)
	  A[i][j] -= A[i][k] * A[k][j];
    }
}

__attribute__((noinline)) void
from_two (int s, int n, double *A, double *z)
{
  for (int j = s; j < n; j++) /* { dg-missed "gccpoly: loop at line 88 not unrolled and jammed: dependences on z go from an iteration to the next" "from_two" } */
    {
      double u = z[j];
      for (int k = 2; k < j; k++)
	u = u * 0.5 + A[j * n + k] * z[k];
      z[j] = u;
    }
}

__attribute__((noinline)) void
one_on (int n, double *A, double *z)
{
  for (int j = 0; j < n; j++) /* { dg-missed "gccpoly: loop at line 100 not unrolled and jammed: dependences on z go from an iteration to the next" "one_on" { target gcc12 } } */
    {
      double u = z[j];
      for (int k = 0; k < j; k++)
	u = u * 0.5 + A[j * n + k] * z[k + 1];
      z[j] = u;
    }
}

/* { dg-final { scan-report {functions[name=cholesky].loops[line=32].transform} {["jam"]} } { target gcc12 } } */
/* { dg-final { scan-report {functions[name=one_on].loops[line=100].transform} {[]} } } */

#include "digest.h"

/* Symmetric and diagonally dominant: positive definite.  */
static void
spd (int n, double *A)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = i == j ? n + 1.0 : (double) ((i + j) % 7 + 1) / (n + 1);
}

int
main (void)
{
  for (int n = 0; n < 23; n++)
    {
      long k = (long) (n + 2) * (n + 2) + 4 * n + 16;
      double *A = malloc (sizeof (double) * k);
      double *v = malloc (sizeof (double) * k);

      spd (n, A);
      cholesky (n, (void *) A);
      printf ("cholesky %d: %.17g\n", n, digest (A, (long) n * n));

      spd (n, A);
      lu (n, (void *) A);
      printf ("lu %d: %.17g\n", n, digest (A, (long) n * n));

      spd (n, A);
      fill_doubles (k, v);
      forward (n, A, v, v + n);
      printf ("forward %d: %.17g\n", n, digest (v, 2 * n));
      /* Overlapping: b is x shifted by one, then L's own diagonal on.  */
      spd (n, A);
      fill_doubles (k, v);
      forward (n, A, v, v + 1);
      printf ("forward same %d: %.17g\n", n, digest (v, 2 * n + 1));
      spd (n, A);
      forward (n, A, A + n, A);
      printf ("forward in L %d: %.17g\n", n, digest (A, (long) n * n));

      fill_doubles (k, A);
      fill_doubles (k, v);
      two_above (n, A, v);
      printf ("two_above %d: %.17g\n", n, digest (v, n + 2));
      fill_doubles (k, A);
      two_above (n, A, A + 3);
      printf ("two_above same %d: %.17g\n", n, digest (A, k));

      for (int s = 0; s < 5; s++)
	{
	  fill_doubles (k, A);
	  fill_doubles (k, v);
	  from_two (s, n, A, v);
	  printf ("from_two %d %d: %.17g\n", s, n, digest (v, n));
	}

      fill_doubles (k, A);
      fill_doubles (k, v);
      one_on (n, A, v);
      printf ("one_on %d: %.17g\n", n, digest (v, n + 1));
      free (v);
      free (A);
    }
  return 0;
}
/* With GCC 11 the jam's remarks are not expected (`{ target gcc12 }`):
   GCC 11 counts these inner loops from their outer counter plus one, a
   pair the jam does not take (docs/design.md, GCC versions); the
   programs must still print what the plain build prints.  */
