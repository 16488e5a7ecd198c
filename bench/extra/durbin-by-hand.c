/* durbin (bench/kernels/durbin.c) rewritten by hand, for
 * bench/extra/limits.sh, in one of four ways, each with -O3's output:
 *
 * -DTHREADS_FROM=T (with -fopenmp): the z[i] and y[i] = z[i] loops, the
 *   parallel ones, in one parallel region per k (one start of the threads
 *   instead of two) once k >= T.  The sum over i stays sequential: its
 *   additions cannot be reordered without -ffast-math.
 * -DREGION_FROM=T (with -fopenmp): one parallel region around the whole k
 *   loop, each thread computing the sum and alpha itself (the same values),
 *   the z and copy loops shared among the threads once k >= T (two
 *   barriers per k), run by one thread before (one barrier): no start of
 *   the threads per k, but y moves between the cores in every k.
 * -DROTATED: no threads; the k loop rotated so that iteration k ends with
 *   the sum of k + 1, that sum fused with the copy loop y[i] = z[i] (it
 *   reads each y[i] just copied), its last term r[0] * y[k] after it.
 * -DFUSED: no threads; the sum of iteration k + 1 is computed inside the z
 *   loop of iteration k, from the z[i] just computed (the y[i] that the
 *   next iteration reads are these, copied), and its last term r[0] * y[k]
 *   after it.  The same additions in the same order, so the same output;
 *   the chain of additions, which bounds the time, now hides the z loop.
 *   A compiler would need the copy y[i] = z[i] seen through, the sum moved
 *   into the previous iteration of k and fused with the z loop: outside
 *   what gccpoly's transformations (and GRAPHITE's) can express.
 * Build: gcc -O3 -I bench/kernels [-fopenmp -DTHREADS_FROM=T |
 *   -fopenmp -DREGION_FROM=T | -DROTATED | -DFUSED] durbin-by-hand.c */
#include "harness.h"

KERNEL void kernel_durbin(int n, double r[KRESTRICT n], double y[KRESTRICT n],
                          double z[KRESTRICT n])
{
    double alpha, beta, sum;

    y[0] = -r[0];
    beta = 1.0;
    alpha = -r[0];
#ifdef FUSED
    double next = 0.0 + r[0] * y[0];     /* the sum of k = 1 */
    for (int k = 1; k < n; k++) {
        beta = (1.0 - alpha * alpha) * beta;
        sum = next;
        alpha = -(r[k] + sum) / beta;
        double s = 0.0;
        for (int i = 0; i < k; i++) {
            double zi = y[i] + alpha * y[k - i - 1];
            z[i] = zi;
            s += r[k - i] * zi;
        }
        for (int i = 0; i < k; i++)
            y[i] = z[i];
        y[k] = alpha;
        next = s + r[0] * y[k];
    }
#elif defined REGION_FROM
#pragma omp parallel
    {
        /* Each thread's own alpha, beta and sum: the same values. */
        double alpha_t = alpha, beta_t = beta, sum_t;
        for (int k = 1; k < n; k++) {
            beta_t = (1.0 - alpha_t * alpha_t) * beta_t;
            sum_t = 0.0;
            for (int i = 0; i < k; i++)
                sum_t += r[k - i - 1] * y[i];
            alpha_t = -(r[k] + sum_t) / beta_t;
            if (k >= REGION_FROM) {
#pragma omp for
                for (int i = 0; i < k; i++)
                    z[i] = y[i] + alpha_t * y[k - i - 1];
#pragma omp single nowait
                y[k] = alpha_t;
#pragma omp for
                for (int i = 0; i < k; i++)
                    y[i] = z[i];
            } else {
                /* Every thread has read y before one writes it. */
#pragma omp barrier
#pragma omp single
                {
                    for (int i = 0; i < k; i++)
                        z[i] = y[i] + alpha_t * y[k - i - 1];
                    for (int i = 0; i < k; i++)
                        y[i] = z[i];
                    y[k] = alpha_t;
                }
            }
        }
    }
    (void)sum;
#elif defined ROTATED
    sum = 0.0 + r[0] * y[0];             /* the sum of k = 1 */
    for (int k = 1; k < n; k++) {
        beta = (1.0 - alpha * alpha) * beta;
        alpha = -(r[k] + sum) / beta;
        for (int i = 0; i < k; i++)
            z[i] = y[i] + alpha * y[k - i - 1];
        y[k] = alpha;
        double s = 0.0;
        for (int i = 0; i < k; i++) {
            y[i] = z[i];
            s += r[k - i] * y[i];
        }
        sum = s + r[0] * y[k];
    }
#else
    for (int k = 1; k < n; k++) {
        beta = (1.0 - alpha * alpha) * beta;
        sum = 0.0;
        for (int i = 0; i < k; i++)
            sum += r[k - i - 1] * y[i];
        alpha = -(r[k] + sum) / beta;
#pragma omp parallel if (k >= THREADS_FROM)
        {
#pragma omp for
            for (int i = 0; i < k; i++)
                z[i] = y[i] + alpha * y[k - i - 1];
#pragma omp for
            for (int i = 0; i < k; i++)
                y[i] = z[i];
        }
        y[k] = alpha;
    }
#endif
}

/* main as in durbin.c */
int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double *r = xmalloc(sizeof(double[n]));
    double *y = xmalloc(sizeof(double[n]));
    double *z = xmalloc(sizeof(double[n]));

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
