/* -fplugin-arg-gccpoly-no-privatize: the loop whose private array would
   get storage of its own in each iteration (par-private-storage-run.c)
   stays sequential, with the reason; its inner loops (64 iterations) are
   too small to be marked instead.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-privatize" } */

void
reversed (int n, double A[n][64], double B[n][64])
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs private or reduced copies of memory \\(tmp\\), which parloops does not make" } */
    {
      double tmp[64];
      for (int j = 0; j < 64; j++)	/* { dg-missed "gccpoly: parallel loop kept sequential: too little work per start of the threads: fewer than 50000 iterations, inside a sequential loop" } */
	tmp[j] = A[i][j] + 1.0;
      for (int j = 0; j < 64; j++)	/* { dg-missed "gccpoly: parallel loop kept sequential: too little work per start of the threads: fewer than 50000 iterations" } */
	B[i][j] = tmp[63 - j] * 2.0;
    }
}

/* { dg-final { scan-report {functions[name=reversed].loops[line=11].transform} {[]} } } */
/* { dg-final { compiler-output-not {storage of its own} } } */
