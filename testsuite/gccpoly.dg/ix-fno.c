/* Interchange follows -floop-interchange: off with -fno-loop-interchange
   at -O3, and off at -O2, even with -ftree-parallelize-loops (ix-o2.c).  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fno-loop-interchange -fopt-info-loop-all" } */

void
mm (int n, double (*C)[n], double (*A)[n], double (*B)[n])
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
}

/* { dg-final { compiler-output-not {interchange} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=10].transform} {[]} } } */
