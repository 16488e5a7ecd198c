/* Seed 000's regression examples T1, T2, T3, T9 and T10 (notes/000 §6)
   through the plugin with -fplugin-arg-gccpoly-offload; T4-T8 are in
   offload-coalescing.c and offload-interchange-run.c, and all of them in
   poly/tests/coalesce.rs.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-offload -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */	/* no minimum work: the examples are about coalescing (offload-min-work.c) */

/* T1: the index is a PHI at a join, which IPDA writes with predicates
   (coalesced, 1 request per warp); outside the polyhedral model here, so
   no plan.  */
#define TSIZE 64
void
t1 (int N, double *restrict B, double v)
{
  for (int i = 0; i < N; ++i)	/* { dg-missed "loop not in a SCoP: non-affine-access: line 22: 'idx_\[0-9\]+' is not affine" } */
    {
      int idx = 0;
      if (i < TSIZE / 2)
	idx = TSIZE + i;
      else
	idx = i;
      B[idx] = v;
    }
}

/* T2: A[(i+8)*N] and A[i*N] never meet in 6 iterations (N >= 1): the only
   obstacle is x's recurrence.  */
void
t2 (int N, int *restrict A, int x0)
{
  if (N < 1)
    return;
  int x = x0;
  for (int i = 0; i < 6; i++)	/* { dg-missed "loop not parallel: x: the value of x flows from one iteration to another" } */
    {
      A[(i + 8) * N] = A[i * N] + x;
      x = x * 3 + i;
    }
}

/* T3: the linearized 3DCONV store: the output dependence is pruned, all
   three loops are independent, collapse(3) makes k the lanes: 1 request
   per warp instead of 32.  */
#define NI 256
#define NJ 256
#define NK 256
void
t3 (float *restrict B)
{
  for (int j = 1; j < NJ - 1; ++j)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(3\\) map\\(tofrom: B\\\[65793:16645630\\\]\\); 1.0 memory requests per warp \\(32.0 with the outermost loop alone\\)" } */
    for (int i = 1; i < NI - 1; ++i)
      for (int k = 1; k < NK - 1; ++k)
	B[i * (NK * NJ) + j * NK + k] = j + i * 0.5f + k * 0.25f;
}

/* T9: every iteration writes A[0] (when c): A is private, and its value
   after the loop is the last iteration's, which an offloaded loop does not
   hand back: no plan (on the host, the last iteration works in A
   itself).  */
void
t9 (int n, int c, int *restrict A)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "loop parallel \\(private\\); private: A" } */
    {
      int x;
      if (c)
	x = 0;
      if (c)
	A[x] = i;
    }
}

/* T10: A[i*j] in the j loop: a stride of i elements, unknown at compile
   time, is one request per lane (uncoalesced).  */
void
t10 (int n, int m, float *restrict A)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)	/* { dg-remark "offload plan with collapse\\(1\\), 32.0 memory requests per warp \\(32.0 with the outermost loop alone\\), not written in the source" } */
      A[i * j] = 1.0f;
}

/* { dg-final { scan-report {functions[name=t2].loops[line=34].blockers} {["x: the value of x flows from one iteration to another (lines 34 and 36)"]} } } */
/* { dg-final { scan-report {functions[name=t3].loops[line=50].offload.accesses[*].coalescing} {["coalesced"]} } } */
/* { dg-final { scan-report {functions[name=t9].loops[line=63].lastprivate} {["A"]} } } */
/* { dg-final { scan-report {functions[name=t9].loops[line=63].offload.planned} {false} } } */
/* { dg-final { scan-report {functions[name=t9].loops[line=63].offload.reason} {"its private copies are not all scalars without first or last values"} } } */
/* { dg-final { scan-report {functions[name=t10].loops[line=79].offload.accesses[*].coalescing} {["uncoalesced"]} } } */
