/* Offload plans the annotation cannot write, and nests with no plan: each
   says why, in its remark and in the report; the annotated source has none
   of them.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-annotate=offload-unwritten.ann.c -fopt-info-loop-all" } */

extern void use (int);

/* The parameter n changes after the loop: at the loop the name n need not
   hold the value the loop runs with.  */
void
param_changed (int n, double *restrict a)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan with collapse\\(1\\), 2.0 memory requests per warp \\(2.0 with the outermost loop alone\\), not written in the source: parameter 'n' is assigned in the function" } */
    a[i] = i;
  n = 0;
  use (n);
}

/* Not a `for' in OpenMP's canonical form.  */
void
while_loop (int n, double *restrict a)
{
  int i = 0;
  while (i < n)	/* { dg-remark "not written in the source: the loop at line 25 is not in OpenMP's canonical form" } */
    {
      a[i] = i;
      i++;
    }
}

/* The keyword is not the first thing on its line.  */
void
same_line (int n, double *restrict a)
{
  if (n > 0) for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: the loop's keyword does not start its line" } */
    a[i] = i;
}

/* Too little work: 4096 iterations.  */
double small_a[4096];
void
small (void)
{
  for (int i = 0; i < 4096; i++)	/* { dg-missed "no offload plan: too little work: 4096 iterations, fewer than 1048576" } */
    small_a[i] = i;
}

/* The last value of t is used after the loop.  */
double
last_value (int n, double *restrict a)
{
  double t = 0;
  for (int i = 0; i < n; i++)	/* { dg-missed "no offload plan: its private copies are not all scalars without first or last values" } */
    {
      t = a[i] * 2;
      a[i] = t;
    }
  return t;
}

/* { dg-final { scan-annotated-not "\n *#pragma" } } */
/* { dg-final { scan-report {functions[name=param_changed].loops[line=14].offload.planned} {true} } } */
/* { dg-final { scan-report {functions[name=param_changed].loops[line=14].offload.annotated} {false} } } */
/* { dg-final { scan-report-match {functions[name=same_line].loops[line=36].offload.unwritten} {keyword does not start its line} } } */
/* { dg-final { scan-report {functions[name=small].loops[line=45].offload.planned} {false} } } */
/* { dg-final { scan-report {functions[name=small].loops[line=45].offload.reason} {"too little work: 4096 iterations, fewer than 1048576"} } } */
