/* deriche: Deriche's recursive edge-preserving (Gaussian-like) 2-D filter:
 * a causal and an anti-causal second-order IIR pass along each row, summed;
 * then the same along each column of the result.
 * Sizes: W H.  imgIn[W][H] (in), imgOut[W][H] (out), y1, y2 [W][H] (scratch, out). */
#include <math.h>
#include "harness.h"

KERNEL void kernel_deriche(int w, int h, double alpha,
                           double imgIn[KRESTRICT w][h],
                           double imgOut[KRESTRICT w][h],
                           double y1[KRESTRICT w][h],
                           double y2[KRESTRICT w][h])
{
    double xm1, tm1, ym1, ym2;
    double xp1, xp2, tp1, tp2, yp1, yp2;
    double k, a1, a2, a3, a4, a5, a6, a7, a8, b1, b2, c1, c2;
    double ea = exp(-alpha), e2a = exp(-2.0 * alpha);

    k = (1.0 - ea) * (1.0 - ea) / (1.0 + 2.0 * alpha * ea - e2a);
    a1 = a5 = k;
    a2 = a6 = k * ea * (alpha - 1.0);
    a3 = a7 = k * ea * (alpha + 1.0);
    a4 = a8 = -k * e2a;
    b1 = 2.0 * ea;
    b2 = -e2a;
    c1 = c2 = 1.0;

    /* horizontal, causal */
    for (int i = 0; i < w; i++) {
        ym1 = 0.0;
        ym2 = 0.0;
        xm1 = 0.0;
        for (int j = 0; j < h; j++) {
            y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
            xm1 = imgIn[i][j];
            ym2 = ym1;
            ym1 = y1[i][j];
        }
    }
    /* horizontal, anti-causal */
    for (int i = 0; i < w; i++) {
        yp1 = 0.0;
        yp2 = 0.0;
        xp1 = 0.0;
        xp2 = 0.0;
        for (int j = h - 1; j >= 0; j--) {
            y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
            xp2 = xp1;
            xp1 = imgIn[i][j];
            yp2 = yp1;
            yp1 = y2[i][j];
        }
    }
    for (int i = 0; i < w; i++)
        for (int j = 0; j < h; j++)
            imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);

    /* vertical, causal */
    for (int j = 0; j < h; j++) {
        tm1 = 0.0;
        ym1 = 0.0;
        ym2 = 0.0;
        for (int i = 0; i < w; i++) {
            y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
            tm1 = imgOut[i][j];
            ym2 = ym1;
            ym1 = y1[i][j];
        }
    }
    /* vertical, anti-causal */
    for (int j = 0; j < h; j++) {
        tp1 = 0.0;
        tp2 = 0.0;
        yp1 = 0.0;
        yp2 = 0.0;
        for (int i = w - 1; i >= 0; i--) {
            y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
            tp2 = tp1;
            tp1 = imgOut[i][j];
            yp2 = yp1;
            yp1 = y2[i][j];
        }
    }
    for (int i = 0; i < w; i++)
        for (int j = 0; j < h; j++)
            imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
}

int main(int argc, char **argv)
{
    int sz[2] = {192, 128};
    int print = parse_args(argc, argv, 2, sz);
    int w = sz[0], h = sz[1];
    /* volatile: keep exp() of the filter coefficients a run-time libm call at
     * every optimization level (no compile-time folding) */
    volatile double alpha_v = 0.25;
    double alpha = alpha_v;

    double (*imgIn)[h] = xmalloc(sizeof(double[w][h]));
    double (*imgOut)[h] = xmalloc(sizeof(double[w][h]));
    double (*y1)[h] = xmalloc(sizeof(double[w][h]));
    double (*y2)[h] = xmalloc(sizeof(double[w][h]));

    for (int i = 0; i < w; i++)
        for (int j = 0; j < h; j++)
            imgIn[i][j] = (double)((313 * i + 991 * j) % 65536) / 65535.0;

    kernel_deriche(w, h, alpha, imgIn, imgOut, y1, y2);

    print_checksum(checksum_d(&imgOut[0][0], (long)w * h) + checksum_d(&y1[0][0], (long)w * h) +
                   checksum_d(&y2[0][0], (long)w * h));
    if (print) {
        print_d("imgOut", &imgOut[0][0], (long)w * h);
        print_d("y1", &y1[0][0], (long)w * h);
        print_d("y2", &y2[0][0], (long)w * h);
    }
    free(imgIn); free(imgOut); free(y1); free(y2);
    return 0;
}
