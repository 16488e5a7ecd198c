/* Loops the analysis after PRE proves parallel, which GCC's own loop
   passes then change before parloops: the marking cannot find them in a
   region again, and says so, rather than leave them sequential in
   silence.  With every array restrict, GCC unrolls gemm's k loop by two
   and jams its j loop (-floop-unroll-and-jam, on at -O3), and the i nest
   is no longer a region the model describes; loop distribution turns the
   zeroing loop into a call to memset.  The inner j loop of the scaling by
   beta is still a region of its own, and marked.  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
gemm (int ni, int nj, int nk, double alpha, double beta,
      double C[restrict ni][nj], double A[restrict ni][nk],
      double B[restrict nk][nj])
{
  for (int i = 0; i < ni; i++)	/* { dg-missed "parallel loop kept sequential: GCC's loop passes after PRE \\(unswitching, splitting, versioning, unroll-and-jam, distribution\\) changed its nest, which before parloops is no longer a region the model describes" } */
    {
      for (int j = 0; j < nj; j++)	/* { dg-optimized "loop marked parallel for parloops, in a copy run when iterations >= 50000" } */
	C[i][j] *= beta;
      for (int k = 0; k < nk; k++)
	for (int j = 0; j < nj; j++)
	  C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

void
clear (int n, double *restrict y)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "parallel loop kept sequential: GCC's loop passes after PRE \\(unswitching, splitting, versioning, unroll-and-jam, distribution\\) removed or rebuilt it before parloops" } */
    y[i] = 0.0;
}

/* { dg-final { scan-report {functions[name=gemm].loops[line=17].transform} {[]} } } */
/* { dg-final { scan-report-match {functions[name=gemm].loops[line=17].kept} {no longer a region the model describes} } } */
/* { dg-final { scan-report-match {functions[name=clear].loops[line=30].kept} {removed or rebuilt it} } } */
