/* mvt_lin: mvt on a linearized matrix: x1 := x1 + A*y1;  x2 := x2 + A^T*y2,
 * A[i*n+j].
 * Size: N.  A[N*N], y1[N], y2[N] (in); x1[N], x2[N] (in/out). */
#include "harness.h"

KERNEL void kernel_mvt_lin(int n, double *KRESTRICT x1, double *KRESTRICT x2,
                           double *KRESTRICT y1, double *KRESTRICT y2, double *KRESTRICT A)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            x1[i] = x1[i] + A[i * n + j] * y1[j];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            x2[i] = x2[i] + A[j * n + i] * y2[j];
}

int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double *x1 = xmalloc(sizeof(double) * (size_t)n), *x2 = xmalloc(sizeof(double) * (size_t)n);
    double *y1 = xmalloc(sizeof(double) * (size_t)n), *y2 = xmalloc(sizeof(double) * (size_t)n);
    double *A = xmalloc(sizeof(double) * (size_t)n * n);

    for (int i = 0; i < n; i++) {
        x1[i] = (double)(i % n) / n;
        x2[i] = (double)((i + 1) % n) / n;
        y1[i] = (double)((i + 3) % n) / n;
        y2[i] = (double)((i + 4) % n) / n;
        for (int j = 0; j < n; j++)
            A[i * n + j] = (double)(i * j % n) / n;
    }

    kernel_mvt_lin(n, x1, x2, y1, y2, A);

    print_checksum(checksum_d(x1, n) + checksum_d(x2, n));
    if (print) {
        print_d("x1", x1, n);
        print_d("x2", x2, n);
    }
    free(x1); free(x2); free(y1); free(y2); free(A);
    return 0;
}
