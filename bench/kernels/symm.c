/* symm: C := alpha*A*B + beta*C, A symmetric (only its lower triangle is read).
 * Sizes: M N.  C[M][N] (in/out), A[M][M], B[M][N] (in). */
#include "harness.h"

KERNEL void kernel_symm(int m, int n, double alpha, double beta,
                        double C[KRESTRICT m][n],
                        double A[KRESTRICT m][m],
                        double B[KRESTRICT m][n])
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double temp2 = 0.0;
            for (int k = 0; k < i; k++) {
                /* A[i][k] stands for both A[i][k] and A[k][i] */
                C[k][j] += alpha * B[i][j] * A[i][k];
                temp2 += B[k][j] * A[i][k];
            }
            C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
        }
}

int main(int argc, char **argv)
{
    int sz[2] = {60, 80};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*C)[n] = xmalloc(sizeof(double[m][n]));
    double (*A)[m] = xmalloc(sizeof(double[m][m]));
    double (*B)[n] = xmalloc(sizeof(double[m][n]));

    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            C[i][j] = (double)((i + j) % 100) / m;
            B[i][j] = (double)((n + i - j) % 100) / m;
        }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            /* the upper triangle is garbage the kernel must not read */
            A[i][j] = j <= i ? (double)((i + j) % 100) / m : -999.0;

    kernel_symm(m, n, 1.5, 1.2, C, A, B);

    print_checksum(checksum_d(&C[0][0], (long)m * n));
    if (print)
        print_d("C", &C[0][0], (long)m * n);
    free(C); free(A); free(B);
    return 0;
}
