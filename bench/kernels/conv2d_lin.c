/* conv2d_lin: 2-D 3x3 convolution (cross-correlation) on linearized arrays:
 * out[i*w+j] = sum_{p,q in 0..2} K[p*3+q] * in[(i+p-1)*w + (j+q-1)]
 * for the interior points 1 <= i < h-1, 1 <= j < w-1 (the border of out is
 * not written).
 * Sizes: H W.  in[H*W], K[9] (in); out[H*W] (in/out). */
#include "harness.h"

KERNEL void kernel_conv2d_lin(int h, int w, double *KRESTRICT in, double *KRESTRICT K,
                              double *KRESTRICT out)
{
    for (int i = 1; i < h - 1; i++)
        for (int j = 1; j < w - 1; j++) {
            double acc = 0.0;
            for (int p = 0; p < 3; p++)
                for (int q = 0; q < 3; q++)
                    acc += K[p * 3 + q] * in[(i + p - 1) * w + (j + q - 1)];
            out[i * w + j] = acc;
        }
}

int main(int argc, char **argv)
{
    int sz[2] = {200, 240};
    int print = parse_args(argc, argv, 2, sz);
    int h = sz[0], w = sz[1];

    double *in = xmalloc(sizeof(double) * (size_t)h * w);
    double *out = xmalloc(sizeof(double) * (size_t)h * w);
    double K[9];

    for (int p = 0; p < 9; p++)
        K[p] = (double)(p % 4 + 1) / 10.0 - (p == 4 ? 1.0 : 0.0);
    for (int i = 0; i < h; i++)
        for (int j = 0; j < w; j++) {
            in[i * w + j] = (double)((i * 37 + j * 11) % 101) / 101.0;
            out[i * w + j] = -1.0;
        }

    kernel_conv2d_lin(h, w, in, K, out);

    print_checksum(checksum_d(out, (long)h * w));
    if (print)
        print_d("out", out, (long)h * w);
    free(in); free(out);
    return 0;
}
