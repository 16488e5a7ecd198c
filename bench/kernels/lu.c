/* lu: in-place LU decomposition A = L*U without pivoting (Doolittle:
 * L unit lower triangular in the strict lower part, U in the upper part).
 * Size: N.  A[N][N] (in/out). */
#include "harness.h"

KERNEL void kernel_lu(int n, double A[KRESTRICT n][n])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            for (int k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[k][j];
            A[i][j] /= A[j][j];
        }
        for (int j = i; j < n; j++)
            for (int k = 0; k < i; k++)
                A[i][j] -= A[i][k] * A[k][j];
    }
}

int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));

    /* strictly diagonally dominant: no pivoting needed */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? (double)n + 1.0 : (double)((i * j + 1) % n + 1) / (n + 1);

    kernel_lu(n, A);

    print_checksum(checksum_d(&A[0][0], (long)n * n));
    if (print)
        print_d("A", &A[0][0], (long)n * n);
    free(A);
    return 0;
}
