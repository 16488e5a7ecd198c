/* atax (bench/kernels/atax.c) with its kernel parallelized by hand, for
 * bench/extra/limits.sh: what the best schedule found on 2 cores gives, and
 * what a compiler would have to do to get it.  The i loop cannot run in
 * parallel (the y[j] sums must keep their order over i), and neither half
 * of its body is worth running in parallel on its own: the tmp[i] sums are
 * a chain of additions per row, and the y[j] updates of one row are 10,000
 * cheap iterations per start of the threads.  So: the rows in blocks of
 * ROWS; per block, the tmp[i] sums of its rows shared among the threads,
 * then the y[j] updates of its rows with each thread keeping its own
 * columns (the block's rows are still in the shared cache).  Same additions
 * in the same order as atax.c, so the same output.
 * With -DJAM=2 or -DJAM=4, no threads in the kernel: the i loop
 * unrolled-and-jammed instead, JAM rows at a time (their tmp sums side by
 * side in one j loop, then their y updates in one j loop, row after row
 * for each y[j]): JAM independent chains of additions where atax.c has
 * one.  The same additions in the same order, so the same output too.
 * Build: gcc -O3 -fopenmp -I bench/kernels atax-by-hand.c */
#include "harness.h"
#include <omp.h>

#define ROWS 32

#ifdef JAM
KERNEL void kernel_atax(int m, int n,
                        double A[KRESTRICT m][n], double x[KRESTRICT n],
                        double y[KRESTRICT n], double tmp[KRESTRICT m])
{
    for (int i = 0; i < n; i++)
        y[i] = 0.0;
    int i = 0;
    for (; i + JAM <= m; i += JAM) {
        double t[JAM];
        for (int u = 0; u < JAM; u++)
            t[u] = 0.0;
        for (int j = 0; j < n; j++)
            for (int u = 0; u < JAM; u++)   /* unrolled by GCC: JAM chains */
                t[u] = t[u] + A[i + u][j] * x[j];
        for (int u = 0; u < JAM; u++)
            tmp[i + u] = t[u];
        for (int j = 0; j < n; j++)
            for (int u = 0; u < JAM; u++)
                y[j] = y[j] + A[i + u][j] * t[u];
    }
    for (; i < m; i++) {    /* the last m % JAM rows as in atax.c */
        tmp[i] = 0.0;
        for (int j = 0; j < n; j++)
            tmp[i] = tmp[i] + A[i][j] * x[j];
        for (int j = 0; j < n; j++)
            y[j] = y[j] + A[i][j] * tmp[i];
    }
}
#else
KERNEL void kernel_atax(int m, int n,
                        double A[KRESTRICT m][n], double x[KRESTRICT n],
                        double y[KRESTRICT n], double tmp[KRESTRICT m])
{
    for (int i = 0; i < n; i++)
        y[i] = 0.0;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        int lo = (int)((long)n * t / nt), hi = (int)((long)n * (t + 1) / nt);
        for (int ib = 0; ib < m; ib += ROWS) {
            int ie = ib + ROWS < m ? ib + ROWS : m;
#pragma omp for
            for (int i = ib; i < ie; i++) {
                tmp[i] = 0.0;
                for (int j = 0; j < n; j++)
                    tmp[i] = tmp[i] + A[i][j] * x[j];
            }
            /* The implicit barrier of the loop above: every tmp[i] of the
             * block is there. */
            for (int i = ib; i < ie; i++)
                for (int j = lo; j < hi; j++)
                    y[j] = y[j] + A[i][j] * tmp[i];
        }
    }
}
#endif

/* main as in atax.c, its initialization run in parallel as gccpoly and
 * GRAPHITE run it */
int main(int argc, char **argv)
{
    int sz[2] = {116, 124};
    int print = parse_args(argc, argv, 2, sz);
    int m = sz[0], n = sz[1];

    double (*A)[n] = xmalloc(sizeof(double[m][n]));
    double *x = xmalloc(sizeof(double[n]));
    double *y = xmalloc(sizeof(double[n]));
    double *tmp = xmalloc(sizeof(double[m]));

#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = 1.0 + (double)i / n;
#pragma omp parallel for
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = (double)((i + j) % n) / (5 * m);

    kernel_atax(m, n, A, x, y, tmp);

    print_checksum(checksum_d(y, n) + checksum_d(tmp, m));
    if (print) {
        print_d("y", y, n);
        print_d("tmp", tmp, m);
    }
    free(A); free(x); free(y); free(tmp);
    return 0;
}
