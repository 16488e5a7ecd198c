/* syr2k: C := alpha*A*B^T + alpha*B*A^T + beta*C on the lower triangle of C.
 * Sizes: M N.  C[N][N] (in/out, lower triangle), A[N][M], B[N][M] (in). */
#include "harness.h"

KERNEL void kernel_syr2k(int m, int n, double alpha, double beta,
                         double C[KRESTRICT n][n],
                         double A[KRESTRICT n][m],
                         double B[KRESTRICT n][m])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (int k = 0; k < m; k++)
            for (int j = 0; j <= i; j++)
                C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {60, 80};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*C)[n] = xmalloc(sizeof(double[n][n]));
    double (*A)[m] = xmalloc(sizeof(double[n][m]));
    double (*B)[m] = xmalloc(sizeof(double[n][m]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            A[i][j] = (double)((i * j + 1) % n) / n;
            B[i][j] = (double)((i * j + 2) % m) / m;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            C[i][j] = (double)((i * j + 3) % n) / m;

    kernel_syr2k(m, n, 1.5, 1.2, C, A, B);

    print_checksum(checksum_d(&C[0][0], (long)n * n));
    if (print)
        print_d("C", &C[0][0], (long)n * n);
    free(C); free(A); free(B);
    return 0;
}
