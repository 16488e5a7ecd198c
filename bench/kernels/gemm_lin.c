/* gemm_lin: gemm on linearized (1-D, row-major) arrays, as GPU codes write it:
 * C[i*nj+j] := alpha * sum_k A[i*nk+k] * B[k*nj+j] + beta * C[i*nj+j].
 * Sizes: NI NJ NK.  C[NI*NJ] (in/out), A[NI*NK], B[NK*NJ] (in). */
#include "harness.h"

KERNEL void kernel_gemm_lin(int ni, int nj, int nk, double alpha, double beta,
                            double *KRESTRICT C, double *KRESTRICT A, double *KRESTRICT B)
{
    for (int i = 0; i < ni; i++) {
        for (int j = 0; j < nj; j++)
            C[i * nj + j] *= beta;
        for (int k = 0; k < nk; k++)
            for (int j = 0; j < nj; j++)
                C[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
    }
}

int main(int argc, char **argv)
{
    int sz[3] = {60, 70, 80};
    int print = parse_args(argc, argv, 3, sz);
    int ni = sz[0], nj = sz[1], nk = sz[2];

    double *C = xmalloc(sizeof(double) * (size_t)ni * nj);
    double *A = xmalloc(sizeof(double) * (size_t)ni * nk);
    double *B = xmalloc(sizeof(double) * (size_t)nk * nj);

    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            C[i * nj + j] = (double)((i * j + 1) % ni) / ni;
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++)
            A[i * nk + k] = (double)((i * (k + 1)) % nk) / nk;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
            B[k * nj + j] = (double)((k * (j + 2)) % nj) / nj;

    kernel_gemm_lin(ni, nj, nk, 1.5, 1.2, C, A, B);

    print_checksum(checksum_d(C, (long)ni * nj));
    if (print)
        print_d("C", C, (long)ni * nj);
    free(C); free(A); free(B);
    return 0;
}
