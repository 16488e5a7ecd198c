/* adi: alternating direction implicit solver for the 2-D heat equation on
 * the unit square (Dirichlet boundary 1): each time step is a half step
 * implicit along one axis (tridiagonal solves by the Thomas algorithm,
 * one per column) and a half step implicit along the other (one per row).
 * Sizes: TSTEPS N.  u[N][N] (in/out), v[N][N] (out), p, q [N][N] (scratch, out). */
#include "harness.h"

KERNEL void kernel_adi(int tsteps, int n,
                       double u[KRESTRICT n][n], double v[KRESTRICT n][n],
                       double p[KRESTRICT n][n], double q[KRESTRICT n][n])
{
    double dx = 1.0 / (double)n, dy = 1.0 / (double)n, dt = 1.0 / (double)tsteps;
    double b1 = 2.0, b2 = 1.0;
    double mul1 = b1 * dt / (dx * dx);
    double mul2 = b2 * dt / (dy * dy);
    double a = -mul1 / 2.0, b = 1.0 + mul1, c = a;
    double d = -mul2 / 2.0, e = 1.0 + mul2, f = d;

    for (int t = 1; t <= tsteps; t++) {
        /* implicit in the first index: solve along each column i of v */
        for (int i = 1; i < n - 1; i++) {
            v[0][i] = 1.0;
            p[i][0] = 0.0;
            q[i][0] = v[0][i];
            for (int j = 1; j < n - 1; j++) {
                p[i][j] = -c / (a * p[i][j - 1] + b);
                q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] - f * u[j][i + 1]
                           - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
            }
            v[n - 1][i] = 1.0;
            for (int j = n - 2; j >= 1; j--)
                v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
        }
        /* implicit in the second index: solve along each row i of u */
        for (int i = 1; i < n - 1; i++) {
            u[i][0] = 1.0;
            p[i][0] = 0.0;
            q[i][0] = u[i][0];
            for (int j = 1; j < n - 1; j++) {
                p[i][j] = -f / (d * p[i][j - 1] + e);
                q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] - c * v[i + 1][j]
                           - d * q[i][j - 1]) / (d * p[i][j - 1] + e);
            }
            u[i][n - 1] = 1.0;
            for (int j = n - 2; j >= 1; j--)
                u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
        }
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {40, 60};
    int print = parse_args(argc, argv, 2, sz);
    int tsteps = sz[0], n = sz[1];

    double (*u)[n] = xmalloc(sizeof(double[n][n]));
    double (*v)[n] = xmalloc(sizeof(double[n][n]));
    double (*p)[n] = xmalloc(sizeof(double[n][n]));
    double (*q)[n] = xmalloc(sizeof(double[n][n]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            u[i][j] = (double)(i + n - j) / n;
            v[i][j] = 0.0;
            p[i][j] = 0.0;
            q[i][j] = 0.0;
        }

    kernel_adi(tsteps, n, u, v, p, q);

    print_checksum(checksum_d(&u[0][0], (long)n * n) + checksum_d(&v[0][0], (long)n * n) +
                   checksum_d(&p[0][0], (long)n * n) + checksum_d(&q[0][0], (long)n * n));
    if (print) {
        print_d("u", &u[0][0], (long)n * n);
        print_d("v", &v[0][0], (long)n * n);
        print_d("p", &p[0][0], (long)n * n);
        print_d("q", &q[0][0], (long)n * n);
    }
    free(u); free(v); free(p); free(q);
    return 0;
}
