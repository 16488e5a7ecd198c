/* Reads through an index the model does not follow (gathers: x[idx[i]],
   an ELLPACK product's x[col[i][k]]) are reads of the whole object: where
   nothing in the region writes it or may overlap it, they carry no
   dependence and the region is modelled without them.  Where the region
   writes the object, or a written pointer may point into it, the region is
   rejected as before, and the remark says which.  An offload plan, which
   maps what the model accesses, is refused.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-offload" } */

void
gather (int n, double *restrict y, const double *restrict x, const int *restrict idx)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(doall\\)$" } */
    y[i] = 2.0 * x[idx[i]];	/* { dg-missed "no offload plan: it reads 'x' through an index the model does not follow \\(line 15\\), so the plan cannot say what to map" "" { target *-*-* } 14 } */
}

#define N 1000
#define K 7
double X[N], Y[N], V[N][K];
int C[N][K];

/* The rows of an ELLPACK matrix-vector product: X only read.  */
void
ell (int n, int k)
{
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\)" } */
    {
      double s = 0;
      for (int j = 0; j < k; j++)	/* { dg-missed "gccpoly: loop not parallel: s: floating-point \\+ reduction" } */
	s += V[i][j] * X[C[i][j]];
      Y[i] = s;
    }
}

/* The gathered array is written in the region.  */
void
self (int n)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not in a SCoP: non-affine-access: line 41: '_\[0-9\]+' = array_ref is not affine, and 'X' is written in the region" } */
    X[i] = X[C[i][0]] + 1.0;
}

/* y may point into x: no run-time test can bound a gather.  */
void
gather_alias (int n, double *y, const double *x, const int *idx)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not in a SCoP: non-affine-access: line 49: '_\[0-9\]+' = mem_ref is not affine, and 'x' may overlap 'y', which the region writes" } */
    y[i] = 2.0 * x[idx[i]];
}

/* A write through an index: not a read, rejected as before.  */
void
scatter (int n, double *restrict y, const double *restrict x, const int *restrict idx)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not in a SCoP: non-affine-access" } */
    y[idx[i]] = x[i];
}

/* { dg-final { scan-report {functions[name=gather].loops[0].parallel} {true} } } */
/* { dg-final { scan-report {functions[name=gather].loops[0].transform} {["parallel","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=ell].loops[line=27].parallel} {true} } } */
/* { dg-final { scan-report {functions[name=self].loops[0].scop} {null} } } */
