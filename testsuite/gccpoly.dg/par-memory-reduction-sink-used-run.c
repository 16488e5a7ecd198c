/* A reduction into memory whose loop's exit leads to a block with another
   predecessor (the copy where the arrays overlap, after versioning), the
   sum used after the loop: moving the store after the loop splits that
   edge, and the values the loop hands on must keep their loop-closed PHIs
   (the previous plugin stopped with an internal compiler error in
   check_loop_closed_ssa_def here under -fchecking).  The program must
   print what the plain build prints.  */
/* { dg-do run } */
/* { dg-options "-O3 -ffast-math -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double
twice_sum (int n, const double *a, double *s)
{
  for (int i = 0; i < n; i++) /* { dg-optimized "the running value of s\\\[0\\\] kept in a register, stored after the loop" } */
    *s += a[i];
  return *s * 2.0;
}

int
main (void)
{
  static const int sizes[] = { 0, 1, 7, 300000 };
  for (int k = 0; k < 4; k++)
    {
      int n = sizes[k];
      double *a = malloc ((n + 1) * sizeof (double));
      for (int i = 0; i < n; i++)
	a[i] = i % 9 - 4;
      a[n] = 0.5;
      /* Apart (the sum past the array's end), then the sum inside it.  */
      double apart = twice_sum (n, a, &a[n]);
      printf ("%d apart %.1f %.1f\n", n, apart, a[n]);
      if (n > 3)
	{
	  double inside = twice_sum (n, a, &a[3]);
	  printf ("%d inside %.1f %.1f\n", n, inside, a[3]);
	}
      free (a);
    }
  return 0;
}
