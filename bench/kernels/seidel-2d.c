/* seidel-2d: 9-point Gauss-Seidel averaging in 2-D, in place (each update
 * sees the already-updated neighbours of the same sweep), boundary fixed.
 * Sizes: TSTEPS N.  A[N][N] (in/out). */
#include "harness.h"

KERNEL void kernel_seidel_2d(int tsteps, int n, double A[KRESTRICT n][n])
{
    for (int t = 0; t < tsteps; t++)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                           + A[i][j - 1] + A[i][j] + A[i][j + 1]
                           + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(int argc, char **argv)
{
    int sz[2] = {40, 120};
    int print = parse_args(argc, argv, 2, sz);
    int tsteps = sz[0], n = sz[1];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = ((double)i * (j + 2) + 2) / n;

    kernel_seidel_2d(tsteps, n, A);

    print_checksum(checksum_d(&A[0][0], (long)n * n));
    if (print)
        print_d("A", &A[0][0], (long)n * n);
    free(A);
    return 0;
}
