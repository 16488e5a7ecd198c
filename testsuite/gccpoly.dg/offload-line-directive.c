/* A file that renumbers its lines (#line, or line markers): the loops'
   locations are not its physical lines, so nothing is annotated.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-annotate=offload-line-directive.ann.c -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */

void
fill (double *restrict a, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: the file renumbers its lines" } */
    a[i] = i;
}

#line 500
void
other (double *restrict a, int n)
{
  for (int i = 0; i < n; i++)
    a[i] = 2 * i;
}

/* { dg-final { scan-annotated-not "\n *#pragma omp" } } */
/* { dg-final { compiler-output "offload-line-directive.c:503:3: note: gccpoly: offload plan with collapse\\(1\\), \[^\n\]*not written in the source: the file renumbers its lines" } } */
