/* A 3-D 3x3x3 convolution at -m32 with x87 arithmetic, where GCC leaves
   the p loop (3 iterations) rolled: the plugin interchanges the k and p
   loops (in a copy under a test that needs h and w within 2^17, so that
   its products fit 64 bits) inside the i loop that parloops runs.  The
   loops of an interchanged pair kept the bounds GCC had recorded on them:
   the loop that now runs k's w - 2 iterations still said "at most 3", and
   in parloops' function cunroll unrolled it 3 times, so that with w >= 6
   the last cells of every row were never written.  */
/* { dg-do run { target x86_64-*-* } } */
/* { dg-options "-m32 -O3 -fexcess-precision=standard -ftree-parallelize-loops=2 -fopt-info-loop-optimized" } */

#define D 12
#define H 6
#define W 9

__attribute__((noinline)) void
convolve (int d, int h, int w, double *in, double *k3, double *out)
{
  for (int i = 1; i < d - 1; i++) /* { dg-optimized "loop marked parallel for parloops" "" } */
    for (int j = 1; j < h - 1; j++)
      for (int k = 1; k < w - 1; k++) /* { dg-optimized "loops at lines 21 and 24 interchanged, in a copy run when .* && \\|d\\|, \\|h\\|, \\|w\\| <= 2\\^17 && " "" } */
	{
	  double acc = 0.0;
	  for (int p = 0; p < 3; p++)
	    for (int q = 0; q < 3; q++)
	      for (int r = 0; r < 3; r++)
		acc += k3[(p * 3 + q) * 3 + r]
		       * in[((i + p - 1) * h + (j + q - 1)) * w + (k + r - 1)];
	  out[(i * h + j) * w + k] = acc;
	}
}

double in[D * H * W], out[D * H * W], k3[27];

int
main (void)
{
  for (int x = 0; x < D * H * W; x++)
    {
      in[x] = x % 7;
      out[x] = -1.0;
    }
  for (int x = 0; x < 27; x++)
    k3[x] = x % 3;
  convolve (D, H, W, in, k3, out);
  /* Small integers: every sum exact.  */
  for (int i = 1; i < D - 1; i++)
    for (int j = 1; j < H - 1; j++)
      for (int k = 1; k < W - 1; k++)
	{
	  double want = 0.0;
	  for (int p = 0; p < 3; p++)
	    for (int q = 0; q < 3; q++)
	      for (int r = 0; r < 3; r++)
		want += ((p * 3 + q) * 3 + r) % 3
			* (double) ((((i + p - 1) * H + (j + q - 1)) * W + (k + r - 1)) % 7);
	  if (out[(i * H + j) * W + k] != want)
	    __builtin_abort ();
	}
  return 0;
}
