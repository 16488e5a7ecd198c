/* heat-3d: explicit 7-point heat equation stencil on an N^3 grid, two
 * half steps per time step (A -> B, then B -> A), boundary fixed.
 * Sizes: TSTEPS N.  A, B [N][N][N] (in/out). */
#include "harness.h"

KERNEL void kernel_heat_3d(int tsteps, int n,
                           double A[KRESTRICT n][n][n],
                           double B[KRESTRICT n][n][n])
{
    for (int t = 1; t <= tsteps; t++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                for (int k = 1; k < n - 1; k++)
                    B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                               + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                               + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                               + A[i][j][k];
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                for (int k = 1; k < n - 1; k++)
                    A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                               + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                               + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                               + B[i][j][k];
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {40, 20};
    int print = parse_args(argc, argv, 2, sz);
    int tsteps = sz[0], n = sz[1];

    double (*A)[n][n] = xmalloc(sizeof(double[n][n][n]));
    double (*B)[n][n] = xmalloc(sizeof(double[n][n][n]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                A[i][j][k] = B[i][j][k] = (double)(i + j + (n - k)) * 10.0 / n;

    kernel_heat_3d(tsteps, n, A, B);

    print_checksum(checksum_d(&A[0][0][0], (long)n * n * n) + checksum_d(&B[0][0][0], (long)n * n * n));
    if (print) {
        print_d("A", &A[0][0][0], (long)n * n * n);
        print_d("B", &B[0][0][0], (long)n * n * n);
    }
    free(A); free(B);
    return 0;
}
