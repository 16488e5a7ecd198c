/* trisolv: forward substitution, solves L*x = b for lower triangular L.
 * Size: N.  L[N][N] (in, lower triangle), b[N] (in), x[N] (out). */
#include "harness.h"

KERNEL void kernel_trisolv(int n, double L[KRESTRICT n][n], double x[KRESTRICT n],
                           double b[KRESTRICT n])
{
    for (int i = 0; i < n; i++) {
        x[i] = b[i];
        for (int j = 0; j < i; j++)
            x[i] -= L[i][j] * x[j];
        x[i] = x[i] / L[i][i];
    }
}

int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double (*L)[n] = xmalloc(sizeof(double[n][n]));
    double *x = xmalloc(sizeof(double[n]));
    double *b = xmalloc(sizeof(double[n]));

    for (int i = 0; i < n; i++) {
        x[i] = -999.0;
        b[i] = (double)i;
        for (int j = 0; j < n; j++)
            L[i][j] = j < i ? (double)((i + n - j + 1) % n) / n / 2.0
                    : j == i ? (double)n : -999.0;
    }

    kernel_trisolv(n, L, x, b);

    print_checksum(checksum_d(x, n));
    if (print)
        print_d("x", x, n);
    free(L); free(x); free(b);
    return 0;
}
