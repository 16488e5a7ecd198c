/* Interchange (issue 6, item 2): the i-j-k matrix product reads B[k][j]
   with a stride of a row in its innermost loop; with the j and k loops
   swapped every access of the innermost loop is stride-1 or invariant.
   PRE keeps C[i][j]'s running value in a register (the k loop's PHI) and
   stores it every iteration (the arrays may overlap); the swap reads it
   back from C[i][j], the first iteration taking the value the nest starts
   from.  With plain pointers the nest is first versioned on the arrays
   lying apart.  Each call prints what the plain build prints: arrays apart
   and overlapping, empty and one-iteration loops, an inner trip count of
   zero (the k loop's guard).  */
/* { dg-do run } */
/* { dg-options "-O3 -fopt-info-loop-optimized -fchecking" } */

#include <stdio.h>
#include <stdlib.h>

void __attribute__ ((noinline))
mm (int n, double (*C)[n], double (*A)[n], double (*B)[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loops at lines 21 and 22 interchanged, in a copy run when A\\+\\\[0, 8\\*n\\*n\\) and C\\+\\\[0, 8\\*n\\*n\\) disjoint && B\\+\\\[0, 8\\*n\\*n\\) and C\\+\\\[0, 8\\*n\\*n\\) disjoint && n >= 0: the inner loop's accesses touch 0.250 cache lines per iteration instead of 1.125; legal once the running value is kept in memory" } */
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
}

/* The running value starts from 0 (a store of 0 before the k loop, which
   the swap drops), and the k loop's entry is guarded by nk > 0.  */
void __attribute__ ((noinline))
mm0 (int ni, int nj, int nk, double (*C)[nj], double (*A)[nk], double (*B)[nj])
{
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)	/* { dg-optimized "gccpoly: loops at lines 32 and 35 interchanged, in a copy run when" } */
      {
	C[i][j] = 0.0;
	for (int k = 0; k < nk; k++)
	  C[i][j] += A[i][k] * B[k][j];
      }
}

/* restrict: no run-time test.  */
void __attribute__ ((noinline))
mmr (int n, double (*restrict C)[n], double (*restrict A)[n], double (*restrict B)[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loops at lines 45 and 48 interchanged: the inner loop's accesses touch" } */
      {
	double t = 0;
	for (int k = 0; k < n; k++)
	  t += A[i][k] * B[k][j];
	C[i][j] = t;
      }
}

static double buf[4 * 40 * 40 + 8];

static void
fill (int salt)
{
  for (int i = 0; i < (int) (sizeof buf / sizeof *buf); i++)
    buf[i] = ((i * 7 + salt) % 13) * 0.25 - 1.0;
}

static double
sum (void)
{
  double s = 0;
  for (int i = 0; i < (int) (sizeof buf / sizeof *buf); i++)
    s += buf[i] * (i % 17 + 1);
  return s;
}

int
main (void)
{
  int sizes[] = { 0, 1, 2, 17, 40 };
  for (int s = 0; s < 5; s++)
    {
      int n = sizes[s];
      double *C = buf, *A = buf + n * n, *B = buf + 2 * n * n;
      fill (s);
      mm (n, (void *) C, (void *) A, (void *) B);
      printf ("mm n=%d apart %.17g\n", n, sum ());
      fill (s);
      mm (n, (void *) C, (void *) (buf + n + 1), (void *) B);
      printf ("mm n=%d A overlaps C %.17g\n", n, sum ());
      fill (s);
      mm (n, (void *) C, (void *) A, (void *) C);
      printf ("mm n=%d B is C %.17g\n", n, sum ());
      fill (s);
      mmr (n, (void *) C, (void *) A, (void *) B);
      printf ("mmr n=%d %.17g\n", n, sum ());
    }
  for (int nk = 0; nk < 4; nk++)
    {
      int ni = 13, nj = 9;
      double *C = buf, *A = buf + ni * nj, *B = A + ni * nk;
      fill (nk);
      mm0 (ni, nj, nk, (void *) C, (void *) A, (void *) B);
      printf ("mm0 nk=%d apart %.17g\n", nk, sum ());
      fill (nk);
      mm0 (ni, nj, nk, (void *) C, (void *) (buf + 3), (void *) B);
      printf ("mm0 nk=%d overlap %.17g\n", nk, sum ());
    }
  return 0;
}

/* { dg-final { scan-report {functions[name=mm].loops[line=21].transform} {["interchange"]} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=21].swapped_with} {22} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=22].transform} {["interchange"]} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=22].swapped_with} {21} } } */
/* { dg-final { scan-report {functions[name=mm].loops[line=20].transform} {[]} } } */
