/* cholesky: in-place Cholesky factorization A = L*L^T of a symmetric
 * positive-definite matrix; L overwrites the lower triangle of A
 * (the strict upper triangle is neither read nor written).
 * Size: N.  A[N][N] (in/out). */
#include <math.h>
#include "harness.h"

KERNEL void kernel_cholesky(int n, double A[KRESTRICT n][n])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            for (int k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[j][k];
            A[i][j] /= A[j][j];
        }
        for (int k = 0; k < i; k++)
            A[i][i] -= A[i][k] * A[i][k];
        A[i][i] = sqrt(A[i][i]);
    }
}

int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));

    /* symmetric, strictly diagonally dominant, positive diagonal => SPD */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? (double)n + 1.0 : (double)((i + j) % n + 1) / (n + 1);

    kernel_cholesky(n, A);

    print_checksum(checksum_d(&A[0][0], (long)n * n));
    if (print)
        print_d("A", &A[0][0], (long)n * n);
    free(A);
    return 0;
}
