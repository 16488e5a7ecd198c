/* covariance: sample covariance matrix of M variables over N observations.
 * Sizes: M N.  data[N][M] (in, centered in place), cov[M][M], mean[M]. */
#include "harness.h"

KERNEL void kernel_covariance(int m, int n, double float_n,
                              double data[KRESTRICT n][m],
                              double cov[KRESTRICT m][m],
                              double mean[KRESTRICT m])
{
    for (int j = 0; j < m; j++) {
        mean[j] = 0.0;
        for (int i = 0; i < n; i++)
            mean[j] += data[i][j];
        mean[j] /= float_n;
    }

    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            data[i][j] -= mean[j];

    for (int i = 0; i < m; i++)
        for (int j = i; j < m; j++) {
            cov[i][j] = 0.0;
            for (int k = 0; k < n; k++)
                cov[i][j] += data[k][i] * data[k][j];
            cov[i][j] /= (float_n - 1.0);
            cov[j][i] = cov[i][j];
        }
}

int main(int argc, char **argv)
{
    int sz[2] = {80, 100};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*data)[m] = xmalloc(sizeof(double[n][m]));
    double (*cov)[m] = xmalloc(sizeof(double[m][m]));
    double *mean = xmalloc(sizeof(double[m]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            data[i][j] = (double)((i * j + 3) % m) / m;

    kernel_covariance(m, n, (double)n, data, cov, mean);

    print_checksum(checksum_d(&cov[0][0], (long)m * m) + checksum_d(mean, m) +
                   checksum_d(&data[0][0], (long)n * m));
    if (print) {
        print_d("cov", &cov[0][0], (long)m * m);
        print_d("mean", mean, m);
        print_d("data", &data[0][0], (long)n * m);
    }
    free(data); free(cov); free(mean);
    return 0;
}
