/* gemm: C := alpha*A*B + beta*C.
 * Sizes: NI NJ NK.  C[NI][NJ] (in/out), A[NI][NK], B[NK][NJ]. */
#include "harness.h"

KERNEL void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[KRESTRICT ni][nj],
                        double A[KRESTRICT ni][nk],
                        double B[KRESTRICT nk][nj])
{
    for (int i = 0; i < ni; i++) {
        for (int j = 0; j < nj; j++)
            C[i][j] *= beta;
        for (int k = 0; k < nk; k++)
            for (int j = 0; j < nj; j++)
                C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

int main(int argc, char **argv)
{
    int sz[3] = {60, 70, 80};
    int print = parse_args(argc, argv, 3, sz);
    int ni = sz[0], nj = sz[1], nk = sz[2];

    double (*C)[nj] = xmalloc(sizeof(double[ni][nj]));
    double (*A)[nk] = xmalloc(sizeof(double[ni][nk]));
    double (*B)[nj] = xmalloc(sizeof(double[nk][nj]));

    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            C[i][j] = (double)((i * j + 1) % ni) / ni;
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++)
            A[i][k] = (double)((i * (k + 1)) % nk) / nk;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
            B[k][j] = (double)((k * (j + 2)) % nj) / nj;

    kernel_gemm(ni, nj, nk, 1.5, 1.2, C, A, B);

    print_checksum(checksum_d(&C[0][0], (long)ni * nj));
    if (print)
        print_d("C", &C[0][0], (long)ni * nj);
    free(C); free(A); free(B);
    return 0;
}
