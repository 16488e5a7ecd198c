/* harness.h - shared helpers for the gccpoly kernel suite.
 *
 * KRESTRICT: empty by default (array parameters may alias, as far as the
 *            compiler knows); `restrict` when compiled with -DKERNEL_RESTRICT.
 * KERNEL:    keeps each kernel a separate, unspecialized function.
 */
#ifndef GCCPOLY_HARNESS_H
#define GCCPOLY_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef KERNEL_RESTRICT
#define KRESTRICT restrict
#else
#define KRESTRICT
#endif

#define KERNEL __attribute__((noinline, noclone))

/* Parse `./NAME [--print] [SIZE...]`.  sizes[0..n-1] hold the defaults on
 * entry; the SIZE arguments given replace them in order.  Returns 1 when
 * --print was given, 0 otherwise.  Exits with status 2 on a bad argument. */
static inline int parse_args(int argc, char **argv, int n, int *sizes)
{
    int print = 0, k = 0;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--print") == 0) {
            print = 1;
            continue;
        }
        char *end;
        long v = strtol(argv[a], &end, 10);
        if (*argv[a] == '\0' || *end != '\0' || v < 1 || v > 1000000 || k >= n) {
            fprintf(stderr, "usage: %s [--print] [SIZE...] (%d sizes, each >= 1)\n",
                    argv[0], n);
            exit(2);
        }
        sizes[k++] = (int)v;
    }
    return print;
}

static inline void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(3);
    }
    return p;
}

/* Weighted sums: element k counts (1 + k % 7) times, so that a permutation
 * of the values changes the checksum. */
static inline double checksum_d(const double *a, long n)
{
    double s = 0.0;
    for (long k = 0; k < n; k++)
        s += a[k] * (double)(1 + k % 7);
    return s;
}

static inline double checksum_i(const int *a, long n)
{
    double s = 0.0;
    for (long k = 0; k < n; k++)
        s += (double)a[k] * (double)(1 + k % 7);
    return s;
}

static inline void print_checksum(double s)
{
    printf("checksum: %.17g\n", s);
}

/* Print a live-out array: its name once, then one element per line. */
static inline void print_d(const char *name, const double *a, long n)
{
    printf("%s:\n", name);
    for (long k = 0; k < n; k++)
        printf("%.17g\n", a[k]);
}

static inline void print_i(const char *name, const int *a, long n)
{
    printf("%s:\n", name);
    for (long k = 0; k < n; k++)
        printf("%d\n", a[k]);
}

#endif
