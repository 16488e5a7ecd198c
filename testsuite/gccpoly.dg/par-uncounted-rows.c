/* An innermost loop whose count is read from memory in the region (the
   rows of a CSR matrix, k from rowstr[j] to rowstr[j + 1]) stays in its
   outer loop's region: the model runs it any number of times, under
   may-semantics, so the loop around it is judged and marked; the inner
   loop itself gets no verdict.  An offload plan, which must bound what it
   maps, is refused.  An uncounted loop with a loop inside is left out of
   the region as before.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-offload" } */

#define NZ 100000
#define NR 1000
double a[NZ], p[NR], q[NR], A[NR][16];
int colidx[NZ], rowstr[NR + 1];

void
spmv (int n)
{
  for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\)" } */
    {				/* { dg-missed "no offload plan: the count of the loop at line 23 is read from memory in the region, so the plan cannot bound what to map" "" { target *-*-* } 19 } */
      double s = 0.0;
      /* { dg-missed "gccpoly: loop not parallel: not analysed: its iteration count is read from memory in the region \\(line 23\\); the model judges the loops around it with any count" "" { target *-*-* } 23 } */
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	s += a[k] * p[colidx[k]];
      q[j] = s;
    }
}

void
spmv_ptr (int n, const int *restrict rs, const int *restrict ci, const double *restrict v, const double *restrict x, double *restrict y)
{
  for (int j = 0; j < n; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    {
      double s = 0.0;
      for (int k = rs[j]; k < rs[j + 1]; k++)
	s += v[k] * x[ci[k]];
      y[j] = s;
    }
}

/* The uncounted loop holds a loop: the outer loop is in no region.  */
void
nested (int n)
{
  for (int j = 0; j < n; j++)	/* { dg-missed "gccpoly: loop not in a SCoP: non-affine-bound: line 46:" } */
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      for (int i = 0; i < 16; i++)
	A[j][i] += a[k];
}

/* { dg-final { scan-report {functions[name=spmv].loops[line=19].parallel} {true} } } */
/* { dg-final { scan-report {functions[name=spmv].loops[line=19].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=spmv].loops[line=23].parallel} {false} } } */
/* { dg-final { scan-report {functions[name=spmv].loops[line=23].scop} {1} } } */
/* { dg-final { scan-report {functions[name=nested].loops[line=45].scop} {null} } } */
