/* Which copy of par-min-trips.c's versioning runs in parallel: the one
   where the loop has at least 50,000 iterations.  In GCC's ompexpssa2
   dump, the true branch of that test ("> 49998" latch runs) leads to
   parloops' own test of its minimum ("> 198" for 2 threads) and so to the
   parallel region; with plain pointers parloops does not parallelize the
   other copy by its own test.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fdump-tree-ompexpssa2" } */

void
rows (int n, int m, double *a, double *b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .* && iterations >= 50000" } */
      a[j] = a[j] * 0.5 + b[i * m + j];
}
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 14 } */

/* { dg-final { scan-gcc-dump ompexpssa2 {> 49998\)\n\s+goto <bb (\d+)>;[^\n]*\n\s+else\n\s+goto <bb \d+>;[^\n]*\n\n\s+<bb \1> [^\n]*\n(?:[^\n]*\n){0,6}?\s+if \(_\d+ > 198\)} } } */
/* { dg-final { scan-gcc-dump ompexpssa2 {^(?:(?!__builtin_GOMP_parallel).)*__builtin_GOMP_parallel(?:(?!__builtin_GOMP_parallel).)*$} } } */
