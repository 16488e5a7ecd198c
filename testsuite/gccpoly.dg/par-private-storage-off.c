/* -fplugin-arg-gccpoly-no-privatize: the loop whose private array would
   get storage of its own in each iteration (par-private-storage-run.c)
   stays sequential, with the reason, and its inner loops are marked
   instead.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-privatize" } */

void
reversed (int n, double A[n][64], double B[n][64])
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs private or reduced copies of memory \\(tmp\\), which parloops does not make" } */
    {
      double tmp[64];
      for (int j = 0; j < 64; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when" } */
	tmp[j] = A[i][j] + 1.0;
      for (int j = 0; j < 64; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when" } */
	B[i][j] = tmp[63 - j] * 2.0;
    }
}

/* { dg-final { scan-report {functions[name=reversed].loops[line=11].transform} {[]} } } */
/* { dg-final { compiler-output-not {storage of its own} } } */
