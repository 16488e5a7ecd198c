/* At -O3 the locality model favours swapping doitgen's p and s loops,
   and the r loop around them runs in parallel with sum private: the swap
   would keep sum[p]'s running value in memory across the s loop, reading
   it back in each iteration, and the r loop would then be sequential.  A
   parallel loop around that needs copies of memory does not count as the
   nest's outermost parallel loop, so the pair is not swapped, and the r
   loop runs in parallel.  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
doitgen (int nr, int nq, int np, double *A, const double *C4, double *sum)
{
  for (int r = 0; r < nr; r++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when sum\\+\\\[0, 8\\*np\\) and A\\+\\\[0, 8\\*np\\*nq\\*nr\\) disjoint && sum\\+\\\[0, 8\\*np\\) and C4\\+\\\[0, 8\\*np\\*np\\) disjoint && A\\+\\\[0, 8\\*np\\*nq\\*nr\\) and C4\\+\\\[0, 8\\*np\\*np\\) disjoint && nq >= 0 && np >= 0 && -2147483648 <= nq\\*r <= 2147483647 && 0 <= nq\\*r <= 4294967295; each thread works in a copy of its own of sum, except the last iteration" } */
    for (int q = 0; q < nq; q++)
      {
	for (int p = 0; p < np; p++)	/* { dg-missed "gccpoly: loops at lines 17 and 20 not interchanged: it would move the nest's outermost parallel loop inward" } */
	  {
	    sum[p] = 0.0;
	    for (int s = 0; s < np; s++)
	      sum[p] += A[(r * nq + q) * np + s] * C4[s * np + p];
	  }
	for (int p = 0; p < np; p++)
	  A[(r * nq + q) * np + p] = sum[p];
      }
}

/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 14 } */
/* { dg-final { scan-report {functions[name=doitgen].loops[line=14].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=doitgen].loops[line=17].transform} {[]} } } */
