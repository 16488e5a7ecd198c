/* 3mm: E := A*B;  F := C*D;  G := E*F.
 * Sizes: NI NJ NK NL NM.  A[NI][NK], B[NK][NJ], C[NJ][NM], D[NM][NL] (in);
 * E[NI][NJ], F[NJ][NL], G[NI][NL] (out). */
#include "harness.h"

KERNEL void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       double E[KRESTRICT ni][nj],
                       double A[KRESTRICT ni][nk],
                       double B[KRESTRICT nk][nj],
                       double F[KRESTRICT nj][nl],
                       double C[KRESTRICT nj][nm],
                       double D[KRESTRICT nm][nl],
                       double G[KRESTRICT ni][nl])
{
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
            E[i][j] = 0.0;
            for (int k = 0; k < nk; k++)
                E[i][j] += A[i][k] * B[k][j];
        }
    for (int i = 0; i < nj; i++)
        for (int j = 0; j < nl; j++) {
            F[i][j] = 0.0;
            for (int k = 0; k < nm; k++)
                F[i][j] += C[i][k] * D[k][j];
        }
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nl; j++) {
            G[i][j] = 0.0;
            for (int k = 0; k < nj; k++)
                G[i][j] += E[i][k] * F[k][j];
        }
}

int main(int argc, char **argv)
{
    int sz[5] = {40, 50, 60, 70, 80};
    int print = parse_args(argc, argv, 5, sz);
    int ni = sz[0], nj = sz[1], nk = sz[2], nl = sz[3], nm = sz[4];

    double (*E)[nj] = xmalloc(sizeof(double[ni][nj]));
    double (*A)[nk] = xmalloc(sizeof(double[ni][nk]));
    double (*B)[nj] = xmalloc(sizeof(double[nk][nj]));
    double (*F)[nl] = xmalloc(sizeof(double[nj][nl]));
    double (*C)[nm] = xmalloc(sizeof(double[nj][nm]));
    double (*D)[nl] = xmalloc(sizeof(double[nm][nl]));
    double (*G)[nl] = xmalloc(sizeof(double[ni][nl]));

    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nk; j++)
            A[i][j] = (double)((i * j + 1) % ni) / (5 * ni);
    for (int i = 0; i < nk; i++)
        for (int j = 0; j < nj; j++)
            B[i][j] = (double)((i * (j + 1) + 2) % nj) / (5 * nj);
    for (int i = 0; i < nj; i++)
        for (int j = 0; j < nm; j++)
            C[i][j] = (double)(i * (j + 3) % nl) / (5 * nl);
    for (int i = 0; i < nm; i++)
        for (int j = 0; j < nl; j++)
            D[i][j] = (double)((i * (j + 2) + 2) % nk) / (5 * nk);

    kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);

    print_checksum(checksum_d(&G[0][0], (long)ni * nl) + checksum_d(&E[0][0], (long)ni * nj) +
                   checksum_d(&F[0][0], (long)nj * nl));
    if (print) {
        print_d("G", &G[0][0], (long)ni * nl);
        print_d("E", &E[0][0], (long)ni * nj);
        print_d("F", &F[0][0], (long)nj * nl);
    }
    free(E); free(A); free(B); free(F); free(C); free(D); free(G);
    return 0;
}
