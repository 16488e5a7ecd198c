/* Without the dominator optimizations, PRE leaves row i of A behind a PHI
   of two equal addresses, prephitmp_116, which the model takes for an
   array of its own ("prephitmp"), and carries the running value of
   A[i][j] over k in the PHI prephitmp_118, a private scalar of the same
   name (the private list shows it, and _39 of its cycle, by the cell whose
   running value they carry, in the model's name for the row).  The j loop
   is parallel with only its scalars private; the
   array must not be given zeroed copies per thread because a scalar bears
   its name (it was: the row read zeros and lost its writes, at one thread
   too).  The output must equal the plain build's.  */
/* { dg-do run } */
/* { dg-options "-O2 -fno-tree-dominator-opts -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
lu (int n, double A[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++)
	{
	  for (int k = 0; k < j; k++)
	    A[i][j] -= A[i][k] * A[k][j];
	  A[i][j] /= A[j][j];
	}
      for (int j = i; j < n; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when A\\+\\\[.*and prephitmp\\+\\\[" "" { target gcc12 } } */
	for (int k = 0; k < i; k++)
	  A[i][j] -= A[i][k] * A[k][j];
    }
}

int
main (void)
{
  int n = 90;
  double (*A)[n] = malloc (sizeof (double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i == j ? 2.0 * n : (double) ((i * 5 + j * 3) % 11) / 11.0;
  lu (n, A);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * ((i + 2 * j) % 7 + 1);
  printf ("%.17g\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[name=lu].loops[line=28].private} {["running value of prephitmp[j]"]} } { target gcc12 } } */
/* { dg-final { scan-report {functions[name=lu].loops[line=28].transform} {["parallel"]} } } */
/* GCC 11 leaves no PHI of two equal row addresses: the j loop reads A's
   row as A itself, with no overlap test to make.  */
/* { dg-optimized "gccpoly: loop marked parallel for parloops$" "" { target gcc11 } 28 } */
/* { dg-final { scan-report {functions[name=lu].loops[line=28].private} {["running value of A[i][j]"]} } { target gcc11 } } */
