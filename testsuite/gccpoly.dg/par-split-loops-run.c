/* At -O3 GCC splits loops on conditions of their counter (-fsplit-loops)
   and hoists entry tests out of the loops around them.  Before parloops
   the plugin reads the minima and maxima those leave in the loop counts
   and conditions, and the do-while domains of two pieces.  lu's row loop
   (the second j loop) then runs in parallel; in cholesky (its square root
   replaced by an affine step) the part of the split j loop that runs once
   is kept sequential.  Both must print what the plain build prints, and
   the lower triangle's row loop must not be marked (A[i][j] needs A[i][k],
   k < j).  lu's first j loop is unrolled and jammed before the marking
   (its cells' chains side by side), which analyses the code afresh: the
   row loop is then a region of its own inside the i loop, its row of A
   a pointer the region's overlap test keeps apart from A.  */
/* { dg-do run } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
lu (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++)	/* { dg-missed "gccpoly: parallel loop kept sequential: too little work: it runs at most once" "" { target gcc12 } } */
	{
	  for (int k = 0; k < j; k++)
	    A[i][j] -= A[i][k] * A[k][j];
	  A[i][j] /= A[j][j];
	}
      for (int j = i; j < n; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when " "" { target gcc12 } } */
	for (int k = 0; k < i; k++)
	  A[i][j] -= A[i][k] * A[k][j];
    }
}

void __attribute__ ((noinline))
cholesky (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++)	/* { dg-missed "gccpoly: parallel loop kept sequential: too little work: it runs at most once" "" { target gcc12 } } */
	{
	  for (int k = 0; k < j; k++)
	    A[i][j] -= A[i][k] * A[j][k];
	  A[i][j] /= A[j][j];
	}
      for (int k = 0; k < i; k++)
	A[i][i] -= A[i][k] * A[i][k];
      A[i][i] = 0.5 * A[i][i] + 1.0;
    }
}

static double
fill_and_sum (int n, int which)
{
  double (*A)[n] = malloc (sizeof (double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i == j ? n + 1.0 : 1.0 / (1 + i + 2 * j);
  if (which)
    cholesky (n, A);
  else
    lu (n, A);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * (1 + (i + j) % 7);
  free (A);
  return s;
}

/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 30 } */
/* { dg-final { compiler-output-not {:(21|38):7: optimized: gccpoly: loop marked} } } */
/* { dg-final { scan-report {functions[name=lu].loops[line=30].transform} {["parallel"]} } } */

int
main (void)
{
  static const int sizes[] = { 1, 2, 3, 17, 130 };
  for (int k = 0; k < 5; k++)
    printf ("%d %.17g %.17g\n", sizes[k], fill_and_sum (sizes[k], 0), fill_and_sum (sizes[k], 1));
  return 0;
}
/* GCC 11: lu's first j loop, whose inner loop starts at its counter's
   value plus one, is no pair the jam takes (docs/design.md, GCC
   versions); the row loop is then part of the i loop's region, with A
   read as itself: marked without a test.  */
/* { dg-optimized "gccpoly: loop marked parallel for parloops$" "" { target gcc11 } 30 } */
