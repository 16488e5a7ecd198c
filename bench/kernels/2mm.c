/* 2mm: tmp := alpha*A*B;  D := tmp*C + beta*D.
 * Sizes: NI NJ NK NL.  A[NI][NK], B[NK][NJ], C[NJ][NL] (in); tmp[NI][NJ] (out);
 * D[NI][NL] (in/out). */
#include "harness.h"

KERNEL void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                       double tmp[KRESTRICT ni][nj],
                       double A[KRESTRICT ni][nk],
                       double B[KRESTRICT nk][nj],
                       double C[KRESTRICT nj][nl],
                       double D[KRESTRICT ni][nl])
{
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
            tmp[i][j] = 0.0;
            for (int k = 0; k < nk; k++)
                tmp[i][j] += alpha * A[i][k] * B[k][j];
        }
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nl; j++) {
            D[i][j] *= beta;
            for (int k = 0; k < nj; k++)
                D[i][j] += tmp[i][k] * C[k][j];
        }
}

int main(int argc, char **argv)
{
    int sz[4] = {40, 50, 70, 80};
    int print = parse_args(argc, argv, 4, sz);
    int ni = sz[0], nj = sz[1], nk = sz[2], nl = sz[3];

    double (*tmp)[nj] = xmalloc(sizeof(double[ni][nj]));
    double (*A)[nk] = xmalloc(sizeof(double[ni][nk]));
    double (*B)[nj] = xmalloc(sizeof(double[nk][nj]));
    double (*C)[nl] = xmalloc(sizeof(double[nj][nl]));
    double (*D)[nl] = xmalloc(sizeof(double[ni][nl]));

    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nk; j++)
            A[i][j] = (double)((i * j + 1) % ni) / ni;
    for (int i = 0; i < nk; i++)
        for (int j = 0; j < nj; j++)
            B[i][j] = (double)(i * (j + 1) % nj) / nj;
    for (int i = 0; i < nj; i++)
        for (int j = 0; j < nl; j++)
            C[i][j] = (double)((i * (j + 3) + 1) % nl) / nl;
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nl; j++)
            D[i][j] = (double)(i * (j + 2) % nk) / nk;

    kernel_2mm(ni, nj, nk, nl, 1.5, 1.2, tmp, A, B, C, D);

    print_checksum(checksum_d(&D[0][0], (long)ni * nl) + checksum_d(&tmp[0][0], (long)ni * nj));
    if (print) {
        print_d("D", &D[0][0], (long)ni * nl);
        print_d("tmp", &tmp[0][0], (long)ni * nj);
    }
    free(tmp); free(A); free(B); free(C); free(D);
    return 0;
}
