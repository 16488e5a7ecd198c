/* fdtd-2d: 2-D finite-difference time-domain (Yee) update of the electric
 * fields ex, ey and the magnetic field hz, with a source fict[t] on row 0 of ey.
 * Sizes: TMAX NX NY.  ex, ey, hz [NX][NY] (in/out), fict[TMAX] (in). */
#include "harness.h"

KERNEL void kernel_fdtd_2d(int tmax, int nx, int ny,
                           double ex[KRESTRICT nx][ny],
                           double ey[KRESTRICT nx][ny],
                           double hz[KRESTRICT nx][ny],
                           double fict[KRESTRICT tmax])
{
    for (int t = 0; t < tmax; t++) {
        for (int j = 0; j < ny; j++)
            ey[0][j] = fict[t];
        for (int i = 1; i < nx; i++)
            for (int j = 0; j < ny; j++)
                ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
        for (int i = 0; i < nx; i++)
            for (int j = 1; j < ny; j++)
                ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
        for (int i = 0; i < nx - 1; i++)
            for (int j = 0; j < ny - 1; j++)
                hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
    }
}

int main(int argc, char **argv)
{
    int sz[3] = {40, 60, 80};
    int print = parse_args(argc, argv, 3, sz);
    int tmax = sz[0], nx = sz[1], ny = sz[2];

    double (*ex)[ny] = xmalloc(sizeof(double[nx][ny]));
    double (*ey)[ny] = xmalloc(sizeof(double[nx][ny]));
    double (*hz)[ny] = xmalloc(sizeof(double[nx][ny]));
    double *fict = xmalloc(sizeof(double[tmax]));

    for (int t = 0; t < tmax; t++)
        fict[t] = (double)t;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            ex[i][j] = (double)(i * (j + 1)) / nx;
            ey[i][j] = (double)(i * (j + 2)) / ny;
            hz[i][j] = (double)(i * (j + 3)) / nx;
        }

    kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, fict);

    print_checksum(checksum_d(&ex[0][0], (long)nx * ny) + checksum_d(&ey[0][0], (long)nx * ny) +
                   checksum_d(&hz[0][0], (long)nx * ny));
    if (print) {
        print_d("ex", &ex[0][0], (long)nx * ny);
        print_d("ey", &ey[0][0], (long)nx * ny);
        print_d("hz", &hz[0][0], (long)nx * ny);
    }
    free(ex); free(ey); free(hz); free(fict);
    return 0;
}
