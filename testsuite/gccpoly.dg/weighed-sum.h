/* The weighted sum of the COUNT values at A, which it frees: a digest of
   an array the tests that include it compare with the plain build's.  */

#include <stdlib.h>

static double __attribute__ ((noinline))
weighed (double *a, long count, int period)
{
  double s = 0;
  for (long x = 0; x < count; x++)
    s += a[x] * (x % period + 1);
  free (a);
  return s;
}
