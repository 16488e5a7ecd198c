/* gramschmidt: QR decomposition A = Q*R by (modified) Gram-Schmidt.
 * Sizes: M N (M rows, N columns; full column rank needs M >= N).
 * A[M][N] (in/out, overwritten by the residuals), R[N][N] (out, upper
 * triangle), Q[M][N] (out). */
#include <math.h>
#include "harness.h"

KERNEL void kernel_gramschmidt(int m, int n,
                               double A[KRESTRICT m][n],
                               double R[KRESTRICT n][n],
                               double Q[KRESTRICT m][n])
{
    for (int k = 0; k < n; k++) {
        double nrm = 0.0;
        for (int i = 0; i < m; i++)
            nrm += A[i][k] * A[i][k];
        R[k][k] = sqrt(nrm);
        for (int i = 0; i < m; i++)
            Q[i][k] = A[i][k] / R[k][k];
        for (int j = k + 1; j < n; j++) {
            R[k][j] = 0.0;
            for (int i = 0; i < m; i++)
                R[k][j] += Q[i][k] * A[i][j];
            for (int i = 0; i < m; i++)
                A[i][j] = A[i][j] - Q[i][k] * R[k][j];
        }
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {80, 60};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*A)[n] = xmalloc(sizeof(double[m][n]));
    double (*R)[n] = xmalloc(sizeof(double[n][n]));
    double (*Q)[n] = xmalloc(sizeof(double[m][n]));

    /* the top min(M,N) rows are strictly diagonally dominant, so the
     * columns are linearly independent when M >= N */
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = (double)((i * j + 1) % m) / m + (i == j ? (double)n : 0.0);
            Q[i][j] = 0.0;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            R[i][j] = 0.0;

    kernel_gramschmidt(m, n, A, R, Q);

    print_checksum(checksum_d(&R[0][0], (long)n * n) + checksum_d(&Q[0][0], (long)m * n) +
                   checksum_d(&A[0][0], (long)m * n));
    if (print) {
        print_d("R", &R[0][0], (long)n * n);
        print_d("Q", &Q[0][0], (long)m * n);
        print_d("A", &A[0][0], (long)m * n);
    }
    free(A); free(R); free(Q);
    return 0;
}
