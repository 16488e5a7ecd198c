/* atax_lin: atax on a linearized matrix: y := A^T * (A * x), A[i*n+j].
 * Sizes: M N.  A[M*N], x[N] (in); y[N], tmp[M] (out). */
#include "harness.h"

KERNEL void kernel_atax_lin(int m, int n, double *KRESTRICT A, double *KRESTRICT x,
                            double *KRESTRICT y, double *KRESTRICT tmp)
{
    for (int i = 0; i < n; i++)
        y[i] = 0.0;
    for (int i = 0; i < m; i++) {
        tmp[i] = 0.0;
        for (int j = 0; j < n; j++)
            tmp[i] = tmp[i] + A[i * n + j] * x[j];
        for (int j = 0; j < n; j++)
            y[j] = y[j] + A[i * n + j] * tmp[i];
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {116, 124};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double *A = xmalloc(sizeof(double) * (size_t)m * n);
    double *x = xmalloc(sizeof(double) * (size_t)n);
    double *y = xmalloc(sizeof(double) * (size_t)n);
    double *tmp = xmalloc(sizeof(double) * (size_t)m);

    for (int i = 0; i < n; i++)
        x[i] = 1.0 + (double)i / n;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            A[i * n + j] = (double)((i + j) % n) / (5 * m);

    kernel_atax_lin(m, n, A, x, y, tmp);

    print_checksum(checksum_d(y, n) + checksum_d(tmp, m));
    if (print) {
        print_d("y", y, n);
        print_d("tmp", tmp, m);
    }
    free(A); free(x); free(y); free(tmp);
    return 0;
}
