/* syrk: C := alpha*A*A^T + beta*C on the lower triangle of C.
 * Sizes: M N.  C[N][N] (in/out, lower triangle), A[N][M] (in). */
#include "harness.h"

KERNEL void kernel_syrk(int m, int n, double alpha, double beta,
                        double C[KRESTRICT n][n],
                        double A[KRESTRICT n][m])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (int k = 0; k < m; k++)
            for (int j = 0; j <= i; j++)
                C[i][j] += alpha * A[i][k] * A[j][k];
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {60, 80};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*C)[n] = xmalloc(sizeof(double[n][n]));
    double (*A)[m] = xmalloc(sizeof(double[n][m]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            A[i][j] = (double)((i * j + 1) % n) / n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            C[i][j] = (double)((i * j + 2) % m) / m;

    kernel_syrk(m, n, 1.5, 1.2, C, A);

    print_checksum(checksum_d(&C[0][0], (long)n * n));
    if (print)
        print_d("C", &C[0][0], (long)n * n);
    free(C); free(A);
    return 0;
}
