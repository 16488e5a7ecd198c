/* jacobi-1d: 3-point Jacobi averaging in 1-D, two sweeps per time step
 * (A -> B, then B -> A), end points fixed.
 * Sizes: TSTEPS N.  A[N], B[N] (in/out). */
#include "harness.h"

KERNEL void kernel_jacobi_1d(int tsteps, int n, double A[KRESTRICT n], double B[KRESTRICT n])
{
    for (int t = 0; t < tsteps; t++) {
        for (int i = 1; i < n - 1; i++)
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
        for (int i = 1; i < n - 1; i++)
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
}

int main(int argc, char **argv)
{
    int sz[2] = {40, 120};
    int print = parse_args(argc, argv, 2, sz);
    int tsteps = sz[0], n = sz[1];

    double *A = xmalloc(sizeof(double[n]));
    double *B = xmalloc(sizeof(double[n]));

    for (int i = 0; i < n; i++) {
        A[i] = ((double)i + 2.0) / n;
        B[i] = ((double)i + 3.0) / n;
    }

    kernel_jacobi_1d(tsteps, n, A, B);

    print_checksum(checksum_d(A, n) + checksum_d(B, n));
    if (print) {
        print_d("A", A, n);
        print_d("B", B, n);
    }
    free(A); free(B);
    return 0;
}
