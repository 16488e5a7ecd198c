/* bicg: s := A^T * r;  q := A * p  (the two products of BiCGStab).
 * Sizes: M N.  A[N][M], r[N], p[M] (in); s[M], q[N] (out). */
#include "harness.h"

KERNEL void kernel_bicg(int m, int n,
                        double A[KRESTRICT n][m],
                        double s[KRESTRICT m], double q[KRESTRICT n],
                        double p[KRESTRICT m], double r[KRESTRICT n])
{
    for (int i = 0; i < m; i++)
        s[i] = 0.0;
    for (int i = 0; i < n; i++) {
        q[i] = 0.0;
        for (int j = 0; j < m; j++) {
            s[j] = s[j] + r[i] * A[i][j];
            q[i] = q[i] + A[i][j] * p[j];
        }
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {116, 124};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*A)[m] = xmalloc(sizeof(double[n][m]));
    double *s = xmalloc(sizeof(double[m]));
    double *q = xmalloc(sizeof(double[n]));
    double *p = xmalloc(sizeof(double[m]));
    double *r = xmalloc(sizeof(double[n]));

    for (int i = 0; i < m; i++)
        p[i] = (double)(i % m) / m;
    for (int i = 0; i < n; i++) {
        r[i] = (double)(i % n) / n;
        for (int j = 0; j < m; j++)
            A[i][j] = (double)(i * (j + 1) % n) / n;
    }

    kernel_bicg(m, n, A, s, q, p, r);

    print_checksum(checksum_d(s, m) + checksum_d(q, n));
    if (print) {
        print_d("s", s, m);
        print_d("q", q, n);
    }
    free(A); free(s); free(q); free(p); free(r);
    return 0;
}
