/* A C array accessed in a triangular nest: GCC folds aa[j][i], i from
   j + 1, into an offset of 257*j + i + 1 elements, whose column leaves the
   row.  Read in the array's C shape that became aa[1][257*j + ...] for the
   write and aa[0][257*j + ...] for the read of aa[j - 1][i]: apart in the
   model, the same memory, and the j loop, which carries the flow from row
   j - 1 to row j, was called parallel and ran in parallel (a wrong sum).
   The model now checks the C shape's bounds as any other's, and takes
   the flat view where they fail: the j loop is sequential, the i loop
   parallel.  The transposing nest, whose accesses stay apart, keeps both
   loops parallel.  Checked against the results computed element by
   element (exit status 1 otherwise).  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-all" } */

#include <stdio.h>

float aa[256][256], ref[256][256];

__attribute__ ((noinline)) void
rows (void)
{
  for (int j = 1; j < 255; j++)	/* { dg-missed "loop not parallel: aa: the value of aa flows from one iteration to another" } */
    for (int i = j + 1; i < 256; i++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
      aa[j][i] = aa[j - 1][i] * 0.5f + 1.0f;
}

__attribute__ ((noinline)) void
transpose (void)
{
  for (int j = 1; j < 255; j++)	/* { dg-optimized "loop parallel \\(doall\\)" } */
    for (int i = j + 1; i < 256; i++)
      aa[j][i] = aa[i][j] + 1.0f;
}

static void
fill (void)
{
  for (int a = 0; a < 256; a++)
    for (int b = 0; b < 256; b++)
      aa[a][b] = ref[a][b] = (a * 7 + b) % 13;
}

static int
same (void)
{
  for (int a = 0; a < 256; a++)
    for (int b = 0; b < 256; b++)
      if (aa[a][b] != ref[a][b])
	{
	  printf ("aa[%d][%d] = %g, not %g\n", a, b, aa[a][b], ref[a][b]);
	  return 0;
	}
  return 1;
}

int
main (void)
{
  fill ();
  rows ();
  for (volatile int j = 1; j < 255; j++)
    for (int i = j + 1; i < 256; i++)
      ref[j][i] = ref[j - 1][i] * 0.5f + 1.0f;
  if (!same ())
    return 1;
  fill ();
  transpose ();
  for (volatile int j = 1; j < 255; j++)
    for (int i = j + 1; i < 256; i++)
      ref[j][i] = ref[i][j] + 1.0f;
  if (!same ())
    return 1;
  return 0;
}
