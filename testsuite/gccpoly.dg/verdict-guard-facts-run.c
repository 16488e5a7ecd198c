/* Run-time tests leave out what the branches before a loop already say of
   the parameters: seed 003's E11, h[i] = h[i + x], parallel where
   x <= -c || x >= c || x == 0, under the caller's x > 5 (GCC's
   _3 = _1 & _2; if (_3 != 0)) and the loop's own guard c > 0 tests only
   x >= c.  A condition the branches imply is no test at all, and the sets
   a test requires read as one where they read shorter.  The output must
   be the plain build's, for x and c on both sides of every bound.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

#include <stdio.h>

#define N 200
static double h[3 * N + 20];

static void
reset (void)
{
  for (int i = 0; i < 3 * N + 20; i++)
    h[i] = (i % 7) * 0.5;
}

static double
digest (void)
{
  double d = 0;
  for (int i = 0; i < 3 * N + 20; i++)
    d = d * 1.0001 + h[i];
  return d;
}

void __attribute__ ((noinline))
both (int c, int x, int y, double *restrict p)
{
  if (x > 5 && y > 5)
    for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when x >= c; " } */
      p[i] = p[i + x] * 0.25 + 2.0;
}

void __attribute__ ((noinline))
either (int c, int x, int y, double *restrict p)
{
  if (x <= 5 || y <= 5)
    return;
  for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when x >= c; " } */
    p[i] = p[i + x] * 0.25 + 2.0;
}

void __attribute__ ((noinline))
none (int c, int x, double *restrict p)
{
  for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(x <= -c \\|\\| x >= c \\|\\| x == 0\\); " } */
    p[i] = p[i + x] * 0.25 + 2.0;
}

void __attribute__ ((noinline))
implied (int c, int x, int y, double *restrict p)
{
  if (x >= c && y > 0)
    for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops; " } */
      p[i] = p[i + x] * 0.25 + 2.0;
}

/* { dg-final { compiler-output-not {verdict-guard-facts-run.c:60:[0-9]+: optimized: gccpoly: loop marked parallel for parloops, in a copy} } } */
/* { dg-final { scan-report {functions[name=both].loops[line=36].guard} {"x >= c"} } } */
/* { dg-final { scan-report {functions[name=implied].loops[line=60].guard} {null} } } */
/* { dg-final { scan-report {functions[name=implied].loops[line=60].transform} {["parallel","wide-counter"]} } } */

int
main (void)
{
  static const int cs[] = { 0, 1, 5, 6, 7, 40, N };
  static const int xs[] = { -N, -7, -1, 0, 1, 5, 6, 7, 39, 40, 41, N };
  for (int a = 0; a < 7; a++)
    for (int b = 0; b < 12; b++)
      {
	int c = cs[a], x = xs[b];
	double *p = h + N + 10;
	reset ();
	both (c, x, 6, p);
	both (c, x, 5, p);
	double d1 = digest ();
	reset ();
	either (c, x, 9, p);
	double d2 = digest ();
	reset ();
	none (c, x, p);
	double d3 = digest ();
	reset ();
	implied (c, x, 1, p);
	double d4 = digest ();
	printf ("%d %d %.17g %.17g %.17g %.17g\n", c, x, d1, d2, d3, d4);
      }
  return 0;
}
