/* gesummv: y := alpha*A*x + beta*B*x  (tmp holds A*x).
 * Size: N.  A[N][N], B[N][N], x[N] (in); tmp[N], y[N] (out). */
#include "harness.h"

KERNEL void kernel_gesummv(int n, double alpha, double beta,
                           double A[KRESTRICT n][n], double B[KRESTRICT n][n],
                           double tmp[KRESTRICT n], double x[KRESTRICT n],
                           double y[KRESTRICT n])
{
    for (int i = 0; i < n; i++) {
        tmp[i] = 0.0;
        y[i] = 0.0;
        for (int j = 0; j < n; j++) {
            tmp[i] = A[i][j] * x[j] + tmp[i];
            y[i] = B[i][j] * x[j] + y[i];
        }
        y[i] = alpha * tmp[i] + beta * y[i];
    }
}

int main(int argc, char **argv)
{
    int sz[1] = {90};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));
    double (*B)[n] = xmalloc(sizeof(double[n][n]));
    double *tmp = xmalloc(sizeof(double[n]));
    double *x = xmalloc(sizeof(double[n]));
    double *y = xmalloc(sizeof(double[n]));

    for (int i = 0; i < n; i++) {
        x[i] = (double)(i % n) / n;
        for (int j = 0; j < n; j++) {
            A[i][j] = (double)((i * j + 1) % n) / n;
            B[i][j] = (double)((i * j + 2) % n) / n;
        }
    }

    kernel_gesummv(n, 1.5, 1.2, A, B, tmp, x, y);

    print_checksum(checksum_d(y, n) + checksum_d(tmp, n));
    if (print) {
        print_d("y", y, n);
        print_d("tmp", tmp, n);
    }
    free(A); free(B); free(tmp); free(x); free(y);
    return 0;
}
