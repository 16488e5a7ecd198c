/* correlation: Pearson correlation matrix of M variables over N observations.
 * Sizes: M N.  data[N][M] (in, overwritten), mean[M], stddev[M], corr[M][M]. */
#include <math.h>
#include "harness.h"

KERNEL void kernel_correlation(int m, int n, double float_n,
                               double data[KRESTRICT n][m],
                               double corr[KRESTRICT m][m],
                               double mean[KRESTRICT m],
                               double stddev[KRESTRICT m])
{
    const double eps = 0.1;

    for (int j = 0; j < m; j++) {
        mean[j] = 0.0;
        for (int i = 0; i < n; i++)
            mean[j] += data[i][j];
        mean[j] /= float_n;
    }

    for (int j = 0; j < m; j++) {
        stddev[j] = 0.0;
        for (int i = 0; i < n; i++)
            stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
        stddev[j] /= float_n;
        stddev[j] = sqrt(stddev[j]);
        /* avoid dividing by a (near) zero standard deviation */
        stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
    }

    /* center and reduce the columns */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            data[i][j] -= mean[j];
            data[i][j] /= sqrt(float_n) * stddev[j];
        }

    /* correlation matrix: upper triangle, mirrored */
    for (int i = 0; i < m - 1; i++) {
        corr[i][i] = 1.0;
        for (int j = i + 1; j < m; j++) {
            corr[i][j] = 0.0;
            for (int k = 0; k < n; k++)
                corr[i][j] += data[k][i] * data[k][j];
            corr[j][i] = corr[i][j];
        }
    }
    corr[m - 1][m - 1] = 1.0;
}

int main(int argc, char **argv)
{
    int sz[2] = {80, 100};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*data)[m] = xmalloc(sizeof(double[n][m]));
    double (*corr)[m] = xmalloc(sizeof(double[m][m]));
    double *mean = xmalloc(sizeof(double[m]));
    double *stddev = xmalloc(sizeof(double[m]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            data[i][j] = (double)((i * j) % m) / m + (double)i / n;

    kernel_correlation(m, n, (double)n, data, corr, mean, stddev);

    print_checksum(checksum_d(&corr[0][0], (long)m * m) + checksum_d(mean, m) +
                   checksum_d(stddev, m) + checksum_d(&data[0][0], (long)n * m));
    if (print) {
        print_d("corr", &corr[0][0], (long)m * m);
        print_d("mean", mean, m);
        print_d("stddev", stddev, m);
        print_d("data", &data[0][0], (long)n * m);
    }
    free(data); free(corr); free(mean); free(stddev);
    return 0;
}
