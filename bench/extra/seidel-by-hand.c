/* seidel-2d (bench/kernels/seidel-2d.c) rewritten by hand: within each
 * time step the cells run by the diagonals d = 2i + j, in increasing d.
 * Cell (i, j) reads (i - 1, j - 1), (i - 1, j), (i - 1, j + 1) and
 * (i, j - 1) as updated in this step: they lie on diagonals d - 3, d - 2,
 * d - 1 and d - 1; it reads (i, j + 1), (i + 1, j - 1), (i + 1, j) and
 * (i + 1, j + 1) before this step updates them: diagonals d + 1 to d + 3.
 * So the order is legal, every cell computes the same sum in the same
 * order (-O3's output), and the cells of one diagonal are independent:
 * their chains of additions and divisions overlap, where the rows' order
 * makes each cell wait for its left neighbour.
 * -DTHREADS (with -fopenmp): each diagonal's cells shared by the threads,
 *   one barrier per diagonal.
 * Build: gcc -O3 -I bench/kernels [-fopenmp -DTHREADS] seidel-by-hand.c */
#include "harness.h"

KERNEL void kernel_seidel_2d(int tsteps, int n, double A[KRESTRICT n][n])
{
    for (int t = 0; t < tsteps; t++) {
#ifdef THREADS
#pragma omp parallel
#endif
        for (int d = 3; d <= 3 * (n - 2); d++) {
            /* 1 <= i <= n - 2 and 1 <= j = d - 2i <= n - 2 */
            int lo = d - (n - 2) + 1 > 2 ? (d - (n - 2) + 1) / 2 : 1;
            int hi = (d - 1) / 2 < n - 2 ? (d - 1) / 2 : n - 2;
#ifdef THREADS
#pragma omp for schedule(static)
#endif
            for (int i = lo; i <= hi; i++) {
                int j = d - 2 * i;
                A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                           + A[i][j - 1] + A[i][j] + A[i][j + 1]
                           + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
            }
        }
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {40, 120};
    int print = parse_args(argc, argv, 2, sz);
    int tsteps = sz[0], n = sz[1];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = ((double)i * (j + 2) + 2) / n;

    kernel_seidel_2d(tsteps, n, A);

    print_checksum(checksum_d(&A[0][0], (long)n * n));
    if (print)
        print_d("A", &A[0][0], (long)n * n);
    free(A);
    return 0;
}
