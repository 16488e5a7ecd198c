/* durbin: Levinson-Durbin recursion; solves the Yule-Walker system
 * T*y = -r where T is the symmetric Toeplitz matrix with first row
 * (1, r[0], ..., r[N-2]).
 * Size: N.  r[N] (in); y[N] (out); z[N] (scratch, out). */
#include "harness.h"

KERNEL void kernel_durbin(int n, double r[KRESTRICT n], double y[KRESTRICT n],
                          double z[KRESTRICT n])
{
    double alpha, beta, sum;

    y[0] = -r[0];
    beta = 1.0;
    alpha = -r[0];
    for (int k = 1; k < n; k++) {
        beta = (1.0 - alpha * alpha) * beta;
        sum = 0.0;
        for (int i = 0; i < k; i++)
            sum += r[k - i - 1] * y[i];
        alpha = -(r[k] + sum) / beta;
        for (int i = 0; i < k; i++)
            z[i] = y[i] + alpha * y[k - i - 1];
        for (int i = 0; i < k; i++)
            y[i] = z[i];
        y[k] = alpha;
    }
}

int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double *r = xmalloc(sizeof(double[n]));
    double *y = xmalloc(sizeof(double[n]));
    double *z = xmalloc(sizeof(double[n]));

    /* c_k = 1/(k+1) is a positive-definite autocorrelation sequence
     * (a mixture of AR(1) autocorrelations t^k, t in (0,1)), so every
     * reflection coefficient stays inside (-1, 1). */
    for (int i = 0; i < n; i++) {
        r[i] = 1.0 / (i + 2);
        y[i] = 0.0;
        z[i] = 0.0;
    }

    kernel_durbin(n, r, y, z);

    print_checksum(checksum_d(y, n) + checksum_d(z, n));
    if (print) {
        print_d("y", y, n);
        print_d("z", z, n);
    }
    free(r); free(y); free(z);
    return 0;
}
