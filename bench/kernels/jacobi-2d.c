/* jacobi-2d: 5-point Jacobi averaging in 2-D, two sweeps per time step
 * (A -> B, then B -> A), boundary fixed.
 * Sizes: TSTEPS N.  A, B [N][N] (in/out). */
#include "harness.h"

KERNEL void kernel_jacobi_2d(int tsteps, int n, double A[KRESTRICT n][n], double B[KRESTRICT n][n])
{
    for (int t = 0; t < tsteps; t++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {40, 90};
    int print = parse_args(argc, argv, 2, sz);
    int tsteps = sz[0], n = sz[1];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));
    double (*B)[n] = xmalloc(sizeof(double[n][n]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = ((double)i * (j + 2) + 2) / n;
            B[i][j] = ((double)i * (j + 3) + 3) / n;
        }

    kernel_jacobi_2d(tsteps, n, A, B);

    print_checksum(checksum_d(&A[0][0], (long)n * n) + checksum_d(&B[0][0], (long)n * n));
    if (print) {
        print_d("A", &A[0][0], (long)n * n);
        print_d("B", &B[0][0], (long)n * n);
    }
    free(A); free(B);
    return 0;
}
