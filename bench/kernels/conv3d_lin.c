/* conv3d_lin: 3-D 3x3x3 convolution (cross-correlation) on linearized arrays:
 * out[(i*h+j)*w+k] = sum_{p,q,r in 0..2} K[(p*3+q)*3+r] * in[((i+p-1)*h + (j+q-1))*w + (k+r-1)]
 * for the interior points (the border of out is not written).
 * Sizes: D H W.  in[D*H*W], K[27] (in); out[D*H*W] (in/out). */
#include "harness.h"

KERNEL void kernel_conv3d_lin(int d, int h, int w, double *KRESTRICT in, double *KRESTRICT K,
                              double *KRESTRICT out)
{
    for (int i = 1; i < d - 1; i++)
        for (int j = 1; j < h - 1; j++)
            for (int k = 1; k < w - 1; k++) {
                double acc = 0.0;
                for (int p = 0; p < 3; p++)
                    for (int q = 0; q < 3; q++)
                        for (int r = 0; r < 3; r++)
                            acc += K[(p * 3 + q) * 3 + r]
                                 * in[((i + p - 1) * h + (j + q - 1)) * w + (k + r - 1)];
                out[(i * h + j) * w + k] = acc;
            }
}

int main(int argc, char **argv)
{
    int sz[3] = {40, 50, 60};
    int print = parse_args(argc, argv, 3, sz);
    int d = sz[0], h = sz[1], w = sz[2];
    size_t total = (size_t)d * h * w;

    double *in = xmalloc(sizeof(double) * total);
    double *out = xmalloc(sizeof(double) * total);
    double K[27];

    for (int p = 0; p < 27; p++)
        K[p] = (double)(p % 5 + 1) / 27.0 - (p == 13 ? 1.0 : 0.0);
    for (int i = 0; i < d; i++)
        for (int j = 0; j < h; j++)
            for (int k = 0; k < w; k++) {
                in[(i * h + j) * w + k] = (double)((i * 29 + j * 37 + k * 11) % 103) / 103.0;
                out[(i * h + j) * w + k] = -1.0;
            }

    kernel_conv3d_lin(d, h, w, in, K, out);

    print_checksum(checksum_d(out, (long)total));
    if (print)
        print_d("out", out, (long)total);
    free(in); free(out);
    return 0;
}
