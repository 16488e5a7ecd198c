/* At -O3 GCC's loop distribution splits the inner loop in two behind a
   run-time alias test, .LOOP_DIST_ALIAS, which the vectorizer must answer
   and finds by the numbers of the loops it guards.  Without threads the
   plugin's pass before parloops then versions the nest to carry c[0] in a
   register: the copies of the test it made were left unanswered, and GCC
   stopped with an internal compiler error in expand_LOOP_DIST_ALIAS
   (found by the random cells programs, seed 16).  The tests inside a loop
   the plugin copies now answer their condition first.  The program must
   print what the plain build prints, with the arrays apart and
   overlapping.  */
/* { dg-do run } */
/* { dg-options "-O3 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void
f (int n, int m, unsigned *c, unsigned *t, unsigned *a, unsigned *w)
{
  for (int i = 0; i < n; i++)
    {
      c[i] = a[i];
      for (int j = 1; j < m; j++) /* { dg-optimized "gccpoly: the running value of the cell of c that the loop updates kept in a register" "carried" } */
	{
	  t[j] = a[j] * 2;
	  c[0] = c[0] ^ a[i * m + j];
	  w[j] = c[j];
	}
      t[i] = t[i] + c[0];
    }
}

/* { dg-optimized "Loop 2 distributed: split to 2 loops" "" { target *-*-* } 23 } */

int
main (void)
{
  static const int sizes[][2] = { { 0, 0 }, { 1, 1 }, { 2, 5 }, { 7, 3 }, { 60, 71 } };
  for (int k = 0; k < 5; k++)
    for (int layout = 0; layout < 5; layout++)
      {
	int n = sizes[k][0], m = sizes[k][1];
	long cells = (long) n * m + n + m + 8, size = 4 * cells;
	unsigned *pool = malloc (sizeof (unsigned) * size);
	for (long x = 0; x < size; x++)
	  pool[x] = (unsigned) (x * 2654435761u) % 97u;
	unsigned *c = pool, *t = pool + cells, *a = pool + 2 * cells, *w = pool + 3 * cells;
	if (layout == 1)
	  c = t;
	else if (layout == 2)
	  c = t + 1;
	else if (layout == 3)
	  c = w + n;
	else if (layout == 4)
	  c = a + m;
	f (n, m, c, t, a, w);
	unsigned long s = 0;
	for (long x = 0; x < size; x++)
	  s = s * 1000003u + pool[x];
	printf ("%d %d %d %lu\n", n, m, layout, s);
	free (pool);
      }
  return 0;
}
