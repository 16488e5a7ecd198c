/* Seed 004's matmul after PRE: one region of three loops; PRE's accumulator
   is a zero-dimensional array with its PHI, the arrays are the VLAs'
   rows, and the parameters may alias, which the region records.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-dump=scop-pre-scalar.dump" } */

void
matmul (int n, double A[n][n], double B[n][n], double C[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	double t = 0;
	for (int k = 0; k < n; k++)
	  t += A[i][k] * B[k][j];
	C[i][j] = t;
      }
}

/* { dg-final { scan-report {functions[name=matmul].scops[#]} {1} } } */
/* { dg-final { scan-report {functions[name=matmul].scops[0].loops} {3} } } */
/* { dg-final { scan-report {functions[name=matmul].scops[0].params} {["n"]} } } */
/* { dg-final { scan-report {functions[name=matmul].loops[*].scop} {[1,1,1]} } } */
/* { dg-final { scan-report {functions[name=matmul].rejected[#]} {0} } } */
/* { dg-final { scan-report {functions[name=matmul].scops[0].assumptions[*].kind} {["no-alias","no-alias"]} } } */
/* { dg-final { scan-dump {domain: \[n\] -> \{ S_[0-9]+\[i, j, k\] : 0 <= i < n and 0 <= j < n and 0 <= k < n \}} } } */
/* { dg-final { scan-dump {read: \[n\] -> \{ S_[0-9]+\[i, j, k\] -> A\[i, k\] \}} } } */
/* { dg-final { scan-dump {read: \[n\] -> \{ S_[0-9]+\[i, j, k\] -> B\[k, j\] \}} } } */
/* { dg-final { scan-dump {must-write: \[n\] -> \{ S_[0-9]+\[i, j\] -> C\[i, j\] \}} } } */
/* { dg-final { scan-dump {read: \[n\] -> \{ S_[0-9]+\[i, j, k\] -> t_[0-9]+_phi\[\] \}} } } */
/* { dg-final { scan-dump {must-write: \[n\] -> \{ S_[0-9]+\[i, j\] -> t_[0-9]+_phi\[\] \}} } } */
