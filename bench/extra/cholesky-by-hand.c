/* cholesky (bench/kernels/cholesky.c) rewritten by hand for
 * bench/extra/limits.sh: several chains of subtractions at once, no
 * threads.  Each A[i][j] is a chain of subtractions over k, and the chains
 * of one row follow each other (A[i][j] reads the row's cells before it),
 * so the kernel runs at the latency of one subtraction per iteration.
 * The cells j < i of ROWS consecutive rows read only rows before i and
 * their own row's cells before j: their chains are independent, and here
 * they run side by side, one k loop for the ROWS rows (unroll-and-jam of
 * the i loop).  Each row is then finished in order: its cells j from i on
 * (the rows of the group before it are done) and its diagonal.  Every cell
 * gets the same subtractions in the same order as in cholesky.c, so the
 * output is the same bit for bit.
 * With -DCELLS=C instead, the chains of C consecutive cells of one row run
 * side by side (unroll-and-jam of the j loop around its k loop): the cells
 * j .. j+C-1 of row i share their k loop over k < j, then each is finished
 * in order (its subtractions of the group's cells before it, its
 * division).  Again every cell gets the same subtractions in the same
 * order.  This jam stays inside one pair of loops (j and k), where the
 * rows' jam also moves the diagonal's loop.
 * Build: gcc -O3 [-DROWS=2|4 | -DCELLS=2|4] -I bench/kernels cholesky-by-hand.c -lm */
#include <math.h>
#include "harness.h"

#ifndef ROWS
#define ROWS 2
#endif

/* Row I's cells from J0 to before I, and its diagonal, as cholesky.c
 * computes them. */
static void finish_row(int n, double A[KRESTRICT n][n], int i, int j0)
{
    for (int j = j0; j < i; j++) {
        double a = A[i][j];
        for (int k = 0; k < j; k++)
            a -= A[i][k] * A[j][k];
        A[i][j] = a / A[j][j];
    }
    double d = A[i][i];
    for (int k = 0; k < i; k++)
        d -= A[i][k] * A[i][k];
    A[i][i] = sqrt(d);
}

#ifdef CELLS
KERNEL void kernel_cholesky(int n, double A[KRESTRICT n][n])
{
    for (int i = 0; i < n; i++) {
        int j = 0;
        for (; j + CELLS <= i; j += CELLS) {
            double a[CELLS];
            for (int c = 0; c < CELLS; c++)
                a[c] = A[i][j + c];
            for (int k = 0; k < j; k++) {
                double x = A[i][k];
                for (int c = 0; c < CELLS; c++)
                    a[c] -= x * A[j + c][k];
            }
            for (int c = 0; c < CELLS; c++) {
                for (int k = j; k < j + c; k++)
                    a[c] -= A[i][k] * A[j + c][k];
                A[i][j + c] = a[c] / A[j + c][j + c];
            }
        }
        finish_row(n, A, i, j);
    }
}
#else
KERNEL void kernel_cholesky(int n, double A[KRESTRICT n][n])
{
    int i = 0;
    for (; i + ROWS <= n; i += ROWS) {
        for (int j = 0; j < i; j++) {
            double a[ROWS];
            for (int r = 0; r < ROWS; r++)
                a[r] = A[i + r][j];
            for (int k = 0; k < j; k++)
                for (int r = 0; r < ROWS; r++)
                    a[r] -= A[i + r][k] * A[j][k];
            for (int r = 0; r < ROWS; r++)
                A[i + r][j] = a[r] / A[j][j];
        }
        for (int r = 0; r < ROWS; r++)
            finish_row(n, A, i + r, i);
    }
    for (; i < n; i++)
        finish_row(n, A, i, 0);
}
#endif

/* main as in cholesky.c */
int main(int argc, char **argv)
{
    int sz[1] = {120};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    double (*A)[n] = xmalloc(sizeof(double[n][n]));

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? (double)n + 1.0 : (double)((i + j) % n + 1) / (n + 1);

    kernel_cholesky(n, A);

    print_checksum(checksum_d(&A[0][0], (long)n * n));
    if (print)
        print_d("A", &A[0][0], (long)n * n);
    free(A);
    return 0;
}
