/* atax: y := A^T * (A * x)  (tmp holds A*x).
 * Sizes: M N.  A[M][N], x[N] (in); y[N], tmp[M] (out). */
#include "harness.h"

KERNEL void kernel_atax(int m, int n,
                        double A[KRESTRICT m][n], double x[KRESTRICT n],
                        double y[KRESTRICT n], double tmp[KRESTRICT m])
{
    for (int i = 0; i < n; i++)
        y[i] = 0.0;
    for (int i = 0; i < m; i++) {
        tmp[i] = 0.0;
        for (int j = 0; j < n; j++)
            tmp[i] = tmp[i] + A[i][j] * x[j];
        for (int j = 0; j < n; j++)
            y[j] = y[j] + A[i][j] * tmp[i];
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {116, 124};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*A)[n] = xmalloc(sizeof(double[m][n]));
    double *x = xmalloc(sizeof(double[n]));
    double *y = xmalloc(sizeof(double[n]));
    double *tmp = xmalloc(sizeof(double[m]));

    for (int i = 0; i < n; i++)
        x[i] = 1.0 + (double)i / n;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = (double)((i + j) % n) / (5 * m);

    kernel_atax(m, n, A, x, y, tmp);

    print_checksum(checksum_d(y, n) + checksum_d(tmp, m));
    if (print) {
        print_d("y", y, n);
        print_d("tmp", tmp, m);
    }
    free(A); free(x); free(y); free(tmp);
    return 0;
}
