/* doitgen: multi-resolution analysis kernel (MADNESS):
 * A[r][q][p] := sum_s A[r][q][s] * C4[s][p]  for every (r, q).
 * Sizes: NQ NR NP.  A[NR][NQ][NP] (in/out), C4[NP][NP] (in), sum[NP] (scratch, out). */
#include "harness.h"

KERNEL void kernel_doitgen(int nr, int nq, int np,
                           double A[KRESTRICT nr][nq][np],
                           double C4[KRESTRICT np][np],
                           double sum[KRESTRICT np])
{
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nq; q++) {
            for (int p = 0; p < np; p++) {
                sum[p] = 0.0;
                for (int s = 0; s < np; s++)
                    sum[p] += A[r][q][s] * C4[s][p];
            }
            for (int p = 0; p < np; p++)
                A[r][q][p] = sum[p];
        }
}

int main(int argc, char **argv)
{
    int sz[3] = {20, 25, 30};
    int print = parse_args(argc, argv, 3, sz);
    int nq = sz[0], nr = sz[1], np = sz[2];

    double (*A)[nq][np] = xmalloc(sizeof(double[nr][nq][np]));
    double (*C4)[np] = xmalloc(sizeof(double[np][np]));
    double *sum = xmalloc(sizeof(double[np]));

    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nq; j++)
            for (int k = 0; k < np; k++)
                A[i][j][k] = (double)((i * j + k) % np) / np;
    for (int i = 0; i < np; i++)
        for (int j = 0; j < np; j++)
            C4[i][j] = (double)(i * j % np) / np;

    kernel_doitgen(nr, nq, np, A, C4, sum);

    print_checksum(checksum_d(&A[0][0][0], (long)nr * nq * np) + checksum_d(sum, np));
    if (print) {
        print_d("A", &A[0][0][0], (long)nr * nq * np);
        print_d("sum", sum, np);
    }
    free(A); free(C4); free(sum);
    return 0;
}
