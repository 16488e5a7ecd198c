/* ludcmp: solve A*x = b by in-place LU decomposition without pivoting,
 * forward substitution L*y = b and back substitution U*x = y.
 * Size: N.  A[N][N] (in/out: L and U), b[N] (in), x[N], y[N] (out). */
#include "harness.h"

KERNEL void kernel_ludcmp(int n, double A[KRESTRICT n][n], double b[KRESTRICT n],
                          double x[KRESTRICT n], double y[KRESTRICT n])
{
    double w;

    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            w = A[i][j];
            for (int k = 0; k < j; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
        }
        for (int j = i; j < n; j++) {
            w = A[i][j];
            for (int k = 0; k < i; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w;
        }
    }

    for (int i = 0; i < n; i++) {
        w = b[i];
        for (int j = 0; j < i; j++)
            w -= A[i][j] * y[j];
        y[i] = w;
    }

    for (int i = n - 1; i >= 0; i--) {
        w = y[i];
        for (int j = i + 1; j < n; j++)
            w -= A[i][j] * x[j];
        x[i] = w / A[i][i];
    }
}

int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));
    double *b = xmalloc(sizeof(double[n]));
    double *x = xmalloc(sizeof(double[n]));
    double *y = xmalloc(sizeof(double[n]));

    /* strictly diagonally dominant: no pivoting needed */
    for (int i = 0; i < n; i++) {
        b[i] = (double)(i + 1) / n / 2.0 + 4.0;
        x[i] = 0.0;
        y[i] = 0.0;
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? (double)n + 1.0 : (double)((i + 2 * j + 1) % n + 1) / (n + 1);
    }

    kernel_ludcmp(n, A, b, x, y);

    print_checksum(checksum_d(x, n) + checksum_d(y, n) + checksum_d(&A[0][0], (long)n * n));
    if (print) {
        print_d("x", x, n);
        print_d("y", y, n);
        print_d("A", &A[0][0], (long)n * n);
    }
    free(A); free(b); free(x); free(y);
    return 0;
}
