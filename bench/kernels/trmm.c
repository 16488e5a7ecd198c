/* trmm: B := alpha*A^T*B, A unit lower triangular (diagonal and upper part not read).
 * Sizes: M N.  B[M][N] (in/out), A[M][M] (in). */
#include "harness.h"

KERNEL void kernel_trmm(int m, int n, double alpha,
                        double A[KRESTRICT m][m],
                        double B[KRESTRICT m][n])
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            for (int k = i + 1; k < m; k++)
                B[i][j] += A[k][i] * B[k][j];
            B[i][j] = alpha * B[i][j];
        }
}

int main(int argc, char **argv)
{
    int sz[2] = {60, 80};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*A)[m] = xmalloc(sizeof(double[m][m]));
    double (*B)[n] = xmalloc(sizeof(double[m][n]));

    for (int i = 0; i < m; i++) {
        for (int j = 0; j < m; j++)
            A[i][j] = j < i ? (double)((i + j) % m) / m : -999.0;
        for (int j = 0; j < n; j++)
            B[i][j] = (double)((n + (i - j)) % n) / n;
    }

    kernel_trmm(m, n, 1.5, A, B);

    print_checksum(checksum_d(&B[0][0], (long)m * n));
    if (print)
        print_d("B", &B[0][0], (long)m * n);
    free(A); free(B);
    return 0;
}
