/* Loops by steps of 2, 3 and 4, up and down: their counts divide an
   unsigned value ((unsigned) (n - 1) / 2), which the model reads as a
   bound on a multiple of the iterator; each loop is parallel and marked,
   and its results match a loop the plugin leaves alone (volatile step),
   for counts from 0 up.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking -fplugin-arg-gccpoly-min-trips=1" } */

#include <stdio.h>
#include <string.h>

#define N 5000
int a[N], b[N], c[N], r[N];
volatile int two = 2, three = 3, four = 4;

__attribute__((noinline)) void
by2 (int n)
{
  for (int i = 0; i < n; i += 2) /* { dg-optimized "loop marked parallel for parloops" "by 2" } */
    b[i] = a[i] + a[i + 1];
}

__attribute__((noinline)) void
by3 (int lo, int n)
{
  for (int i = lo; i <= n; i += 3) /* { dg-optimized "loop marked parallel for parloops" "by 3" } */
    b[i] = 3 * a[i] - 1;
}

__attribute__((noinline)) void
down4 (int n)
{
  for (int i = n - 1; i >= 0; i -= 4) /* { dg-optimized "loop marked parallel for parloops" "down by 4" } */
    b[i] = a[i] ^ 5;
}

int
main (void)
{
  static const int sizes[] = {0, 1, 2, 3, 4, 5, 6, 7, 11, 100, N - 3};
  int bad = 0;
  for (int i = 0; i < N; i++)
    a[i] = i * 7 - 300;
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      int n = sizes[s];
      memset (b, 0, sizeof b);
      memset (r, 0, sizeof r);
      by2 (n);
      for (int i = 0; i < n; i += two)
	r[i] = a[i] + a[i + 1];
      bad |= memcmp (b, r, sizeof b) != 0;
      memset (b, 0, sizeof b);
      memset (r, 0, sizeof r);
      by3 (s % 3, n);
      for (int i = s % 3; i <= n; i += three)
	r[i] = 3 * a[i] - 1;
      bad |= memcmp (b, r, sizeof b) != 0;
      memset (b, 0, sizeof b);
      memset (r, 0, sizeof r);
      down4 (n);
      for (int i = n - 1; i >= 0; i -= four)
	r[i] = a[i] ^ 5;
      bad |= memcmp (b, r, sizeof b) != 0;
      if (bad)
	{
	  printf ("differs at n = %d\n", n);
	  return 1;
	}
    }
  return 0;
}

/* The models' iterations, exactly: 2i <= n - 1, 3i <= n - lo, 4i <= n - 1.  */
/* { dg-final { scan-dump {S_[0-9]+\[i\] : n > 0 and i >= 0 and 2i < n } } } */
/* { dg-final { scan-dump {S_[0-9]+\[i\] : n >= lo and i >= 0 and 3i <= -lo \+ n } } } */
/* { dg-final { scan-dump {S_[0-9]+\[i\] : n > 0 and i >= 0 and 4i < n } } } */
