/* nussinov: RNA secondary structure by dynamic programming (maximum number
 * of complementary base pairs, bases coded 0..3, pairs 0-3 and 1-2):
 * table[i][j] = max(table[i][j-1], table[i+1][j],
 *                   table[i+1][j-1] + match(i,j)   (pair only if i < j-1),
 *                   max_{i<k<j} table[i][k] + table[k+1][j]).
 * Size: N.  seq[N] (int, in), table[N][N] (int, in/out; upper triangle). */
#include "harness.h"

#define MAX2(a, b) ((a) >= (b) ? (a) : (b))
#define MATCH(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)

KERNEL void kernel_nussinov(int n, int seq[KRESTRICT n], int table[KRESTRICT n][n])
{
    for (int i = n - 1; i >= 0; i--)
        for (int j = i + 1; j < n; j++) {
            if (j - 1 >= 0)
                table[i][j] = MAX2(table[i][j], table[i][j - 1]);
            if (i + 1 < n)
                table[i][j] = MAX2(table[i][j], table[i + 1][j]);
            if (j - 1 >= 0 && i + 1 < n) {
                if (i < j - 1)
                    table[i][j] = MAX2(table[i][j], table[i + 1][j - 1] + MATCH(seq[i], seq[j]));
                else
                    table[i][j] = MAX2(table[i][j], table[i + 1][j - 1]);
            }
            for (int k = i + 1; k < j; k++)
                table[i][j] = MAX2(table[i][j], table[i][k] + table[k + 1][j]);
        }
}

int main(int argc, char **argv)
{
    int sz[1] = {180};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    int *seq = xmalloc(sizeof(int[n]));
    int (*table)[n] = xmalloc(sizeof(int[n][n]));

    for (int i = 0; i < n; i++) {
        seq[i] = (i * 7 + i / 3 + 1) % 4;
        for (int j = 0; j < n; j++)
            table[i][j] = 0;
    }

    kernel_nussinov(n, seq, table);

    print_checksum(checksum_i(&table[0][0], (long)n * n));
    if (print)
        print_i("table", &table[0][0], (long)n * n);
    free(seq); free(table);
    return 0;
}
