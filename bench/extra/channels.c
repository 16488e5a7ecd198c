/* Collapse example (docs/codegen.md, Collapse): 3 colour channels of a
   large image, each pixel scaled by its channel's gain.  With 2 threads
   the channel loop alone gives one thread two channels and the other one
   (and parloops does not take an outer loop of 3 iterations with inner
   loops at 2 threads at all: it parallelizes the inner loop, starting the
   threads 3 x REPS times); collapsed, both threads share the 3 x N pixels.
   The gain, (c + 1) * 0.75, is computed in the channel loop.
   Usage: channels [N [REPS]]; prints a checksum.  */
#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
scale (int n, double (*restrict out)[n], double (*restrict in)[n])
{
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < n; i++)
      out[c][i] = in[c][i] * ((c + 1) * 0.75) + (i & 7) * 0.125;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 2000000;
  int reps = argc > 2 ? atoi (argv[2]) : 200;
  double (*in)[n] = malloc (sizeof (double[3][n]));
  double (*out)[n] = malloc (sizeof (double[3][n]));
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < n; i++)
      in[c][i] = (i % 101) * 0.01 + c;
  double s = 0;
  for (int r = 0; r < reps; r++)
    {
      scale (n, out, in);
      s += out[r % 3][(r * 7919) % n];
    }
  printf ("%.17g\n", s);
  free (in);
  free (out);
  return 0;
}
