/* Private arrays that get no storage of their own: one over the 256 KiB
   limit (it would live on each thread's stack), and any with
   -fplugin-arg-gccpoly-no-privatize (par-private-storage-off.c).  The
   loop then stays sequential, with the reason.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

double A[200][64], C[200][8];

void
big (int n)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: needs private copies of its arrays \\(w\\), and their storage cannot be its iterations' own \\(arrays over 256 KiB" } */
    {
      double w[40000];
      for (int j = 0; j < 40000; j++)
	w[j] = A[i][0] + j;
      for (int j = 0; j < 8; j++)
	C[i][j] += w[j * 4000];
    }
}

/* { dg-final { scan-report {functions[name=big].loops[line=13].transform} {[]} } } */
/* { dg-final { compiler-output-not {storage of its own for} } } */
