/* peak.c - the double-precision floating-point rate this machine reaches,
 * the physical limit make bench quotes the matrix products against.
 *
 * Each OpenMP thread updates CHAINS independent vectors, acc = acc*m + c,
 * so that the multiply-add units never wait on one another's results
 * (twelve chains cover four cycles of latency on two pipes, with room to
 * spare).  Built with the flags of the run it is quoted in: at the generic
 * x86-64 target with -ffp-contract=off that is a multiplication and an
 * addition on 16-byte vectors; at -march=native with FMA, one fused
 * multiply-add on the widest vectors the target has.  Either way 2 flops per
 * lane and update.
 *
 *   peak [ITERATIONS]   prints "peak: G GFLOP/s, T threads"
 */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#if defined(__AVX512F__)
#define VBYTES 64
#elif defined(__AVX__)
#define VBYTES 32
#else
#define VBYTES 16
#endif
#define LANES (VBYTES / (int)sizeof(double))
#define CHAINS 12

typedef double vec __attribute__((vector_size(VBYTES)));

/* One thread's share: ITERS rounds of CHAINS updates; the sum of the lanes,
 * so that nothing can be left out. */
static double chains(long iters, double seed)
{
    vec m, c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;
    for (int l = 0; l < LANES; l++) {
        m[l] = 0.999999;
        c[l] = 1e-6 * (l + 1);
        a0[l] = seed + l;
    }
    a1 = a0 + 1; a2 = a0 + 2; a3 = a0 + 3; a4 = a0 + 4; a5 = a0 + 5;
    a6 = a0 + 6; a7 = a0 + 7; a8 = a0 + 8; a9 = a0 + 9; a10 = a0 + 10; a11 = a0 + 11;
    for (long it = 0; it < iters; it++) {
        a0 = a0 * m + c; a1 = a1 * m + c; a2 = a2 * m + c; a3 = a3 * m + c;
        a4 = a4 * m + c; a5 = a5 * m + c; a6 = a6 * m + c; a7 = a7 * m + c;
        a8 = a8 * m + c; a9 = a9 * m + c; a10 = a10 * m + c; a11 = a11 * m + c;
    }
    vec s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;
    double sum = 0.0;
    for (int l = 0; l < LANES; l++)
        sum += s[l];
    return sum;
}

int main(int argc, char **argv)
{
    long iters = argc > 1 ? atol(argv[1]) : 200000000L;
    if (iters < 1) {
        fprintf(stderr, "usage: %s [ITERATIONS >= 1]\n", argv[0]);
        return 2;
    }
    int threads = 1;
    double sink = 0.0;
    double t0 = omp_get_wtime();
#pragma omp parallel reduction(+ : sink)
    {
#pragma omp single
        threads = omp_get_num_threads();
        sink += chains(iters, omp_get_thread_num());
    }
    double secs = omp_get_wtime() - t0;
    double flops = (double)threads * iters * CHAINS * LANES * 2.0;
    printf("peak: %.2f GFLOP/s, %d threads (%d-byte vectors, sum %g)\n",
           flops / secs * 1e-9, threads, VBYTES, sink);
    return 0;
}
