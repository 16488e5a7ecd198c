/* gemver: A := A + u1*v1^T + u2*v2^T;  x := x + beta*A^T*y + z;  w := w + alpha*A*x.
 * Size: N.  A[N][N], x[N], w[N] (in/out); u1, v1, u2, v2, y, z[N] (in). */
#include "harness.h"

KERNEL void kernel_gemver(int n, double alpha, double beta,
                          double A[KRESTRICT n][n],
                          double u1[KRESTRICT n], double v1[KRESTRICT n],
                          double u2[KRESTRICT n], double v2[KRESTRICT n],
                          double w[KRESTRICT n], double x[KRESTRICT n],
                          double y[KRESTRICT n], double z[KRESTRICT n])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            x[i] = x[i] + beta * A[j][i] * y[j];

    for (int i = 0; i < n; i++)
        x[i] = x[i] + z[i];

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));
    double *u1 = xmalloc(sizeof(double[n])), *v1 = xmalloc(sizeof(double[n]));
    double *u2 = xmalloc(sizeof(double[n])), *v2 = xmalloc(sizeof(double[n]));
    double *w = xmalloc(sizeof(double[n])), *x = xmalloc(sizeof(double[n]));
    double *y = xmalloc(sizeof(double[n])), *z = xmalloc(sizeof(double[n]));

    for (int i = 0; i < n; i++) {
        u1[i] = (double)i / n;
        u2[i] = (double)(i + 1) / n / 2.0;
        v1[i] = (double)(i + 1) / n / 4.0;
        v2[i] = (double)(i + 1) / n / 6.0;
        y[i] = (double)(i + 1) / n / 8.0;
        z[i] = (double)(i + 1) / n / 9.0;
        x[i] = 0.0;
        w[i] = 0.0;
        for (int j = 0; j < n; j++)
            A[i][j] = (double)((i * j) % n) / n;
    }

    kernel_gemver(n, 1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);

    print_checksum(checksum_d(&A[0][0], (long)n * n) + checksum_d(x, n) + checksum_d(w, n));
    if (print) {
        print_d("A", &A[0][0], (long)n * n);
        print_d("x", x, n);
        print_d("w", w, n);
    }
    free(A); free(u1); free(v1); free(u2); free(v2); free(w); free(x); free(y); free(z);
    return 0;
}
