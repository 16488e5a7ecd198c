/* floyd-warshall: all-pairs shortest path lengths,
 * path[i][j] := min(path[i][j], path[i][k] + path[k][j]) for k = 0..N-1.
 * Size: N.  path[N][N] (int, in/out). */
#include "harness.h"

KERNEL void kernel_floyd_warshall(int n, int path[KRESTRICT n][n])
{
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                path[i][j] = path[i][j] < path[i][k] + path[k][j]
                           ? path[i][j] : path[i][k] + path[k][j];
}

int main(int argc, char **argv)
{
    int sz[1] = {180};
    int print = parse_args(argc, argv, 1, sz);
    int n = sz[0];

    int (*path)[n] = xmalloc(sizeof(int[n][n]));

    /* edge weights 1..7; 999 stands for "no edge" */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            path[i][j] = i * j % 7 + 1;
            if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
                path[i][j] = 999;
        }

    kernel_floyd_warshall(n, path);

    print_checksum(checksum_i(&path[0][0], (long)n * n));
    if (print)
        print_i("path", &path[0][0], (long)n * n);
    free(path);
    return 0;
}
