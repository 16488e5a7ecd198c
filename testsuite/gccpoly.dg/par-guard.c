/* With -ftree-parallelize-loops, loops proved parallel are marked for
   parloops: under a run-time overlap test where the region assumes that
   arrays passed as pointers do not overlap (the byte ranges every access of
   the region touches, from the exact access relations), without one where
   restrict says so already.  parloops then parallelizes them although its
   own dependence test cannot.  A loop that needs private copies of an
   array declared in its body is marked once each iteration has storage of
   its own for it (parloops would share it); its inner loops are not.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

void
add (int n, int m, double A[n][m], double B[n][m])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when B\\+\\\[0, 8\\*m\\*n\\) and A\\+\\\[0, 8\\*m\\*n\\) disjoint && m >= 0" } */
    for (int j = 0; j < m; j++)
      A[i][j] += B[i][j];
}
/* { dg-optimized "parallelizing outer loop" "" { target *-*-* } 15 } */

void
add_restrict (int n, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    a[i] += b[i];
}

void
shift (int n, double *a, double *b)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when b\\+\\\[0, 8\\*n\\) and a\\+\\\[8, 8 \\+ 8\\*n\\) disjoint" } */
    a[i + 1] = b[i] * 0.5;
}
/* { dg-optimized "parallelizing inner loop" "" { target *-*-* } 31 } */

void
private_array (int n, double A[n][64], double B[n][64])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when B\\+\\\[0, 512\\*n\\) and A\\+\\\[0, 512\\*n\\) disjoint; each iteration has storage of its own for tmp" } */
    {
      double tmp[64];
      for (int j = 0; j < 64; j++)
	tmp[j] = A[i][j] + 1.0;
      for (int j = 0; j < 64; j++)
	B[i][j] = tmp[63 - j] * 2.0;
    }
}

/* { dg-final { scan-report {functions[name=add].loops[line=15].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=add].loops[line=16].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=add].loops[line=15].guard} {"B+[0, 8*m*n) and A+[0, 8*m*n) disjoint && m >= 0"} } } */
/* { dg-final { scan-report {functions[name=add_restrict].loops[line=24].transform} {["parallel","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=add_restrict].loops[line=24].guard} {null} } } */
/* { dg-final { scan-report {functions[name=shift].loops[line=31].transform} {["parallel","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=private_array].loops[line=39].parallel} {true} } } */
/* { dg-final { scan-report {functions[name=private_array].loops[line=39].guard} {"B+[0, 512*n) and A+[0, 512*n) disjoint"} } } */
/* { dg-final { scan-report {functions[name=private_array].loops[*].transform} {[["parallel","privatize"],[],[]]} } } */
