/* -fno-loop-interchange turns the plugin's interchange off too, even with
   -ftree-parallelize-loops (where it is otherwise on, as at -O3).  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fno-loop-interchange -fopt-info-loop-all" } */

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
