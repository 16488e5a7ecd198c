/* Reductions into memory that parloops does not make by itself: PRE keeps
   the running value in a register but still stores it in each iteration
   (*s = x), and parloops refuses a reduction whose value the loop uses.
   In the copy where the arrays are apart, the plugin moves the store after
   the loop and parloops makes a register reduction: an unsigned sum, an
   integer maximum and a floating-point dot product (reassociation allowed
   by -ffast-math; the values are small integers, so every order of the
   sum gives the same result).  Each must print what the plain build
   prints, with no iteration (nothing stored), one, and many.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -ffast-math -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
sum_into (int n, const unsigned *a, unsigned *s)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .*; the running value of s\\\[0\\\] kept in a register, stored after the loop" } */
    *s += a[i];
}

void __attribute__ ((noinline))
max_into (int n, const int *a, int *m)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "the running value of m\\\[0\\\] kept in a register, stored after the loop" } */
    *m = *m > a[i] ? *m : a[i];
}

void __attribute__ ((noinline))
dot_into (int n, const double *a, const double *b, double *r)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "the running value of r\\\[0\\\] kept in a register, stored after the loop" } */
    *r += a[i] * b[i];
}

/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 19 } */
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 26 } */
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 33 } */
/* { dg-final { scan-report {functions[name=sum_into].loops[line=19].transform} {["parallel","reduction","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=dot_into].loops[line=33].transform} {["parallel","reduction","wide-counter"]} } } */

int
main (void)
{
  static const int sizes[] = { 0, 1, 7, 300000 };
  for (int k = 0; k < 4; k++)
    {
      int n = sizes[k];
      unsigned *u = malloc ((n + 1) * sizeof (unsigned));
      int *v = malloc ((n + 1) * sizeof (int));
      double *a = malloc ((n + 1) * sizeof (double)), *b = malloc ((n + 1) * sizeof (double));
      for (int i = 0; i < n; i++)
	{
	  u[i] = 4000000000u - 7u * i;
	  v[i] = (i * 7919) % 100003 - 50000;
	  a[i] = i % 9 - 4;
	  b[i] = i % 5;
	}
      /* The accumulators sit past the arrays' ends.  */
      u[n] = 3;
      v[n] = -1000000;
      a[n] = 0.5;
      sum_into (n, u, &u[n]);
      max_into (n, v, &v[n]);
      dot_into (n, a, b, &a[n]);
      printf ("%d %u %d %.1f\n", n, u[n], v[n], a[n]);
      free (u);
      free (v);
      free (a);
      free (b);
    }
  return 0;
}
