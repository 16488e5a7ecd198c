/* An innermost loop inside a sequential loop starts the threads once per
   iteration of the loop around it: it runs in parallel only with at least
   50,000 iterations (min-trips), tested at run time; with a constant count
   below that it is not marked.  A loop not inside another needs no such
   test.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
rows (int n, int m, double *restrict a, double *restrict b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when iterations >= 50000" } */
      a[j] = a[j] * 0.5 + b[i * m + j];
}

void
short_rows (int n, double *restrict a, double *restrict b)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 1000; j++)	/* { dg-missed "gccpoly: parallel loop kept sequential: too little work per start of the threads: fewer than 50000 iterations, inside a sequential loop" } */
      a[j] = a[j] * 0.5 + b[i * 1000 + j];
}

void
flat (int m, double *restrict a, double *restrict b)
{
  for (int j = 0; j < m; j++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    a[j] = a[j] * 0.5 + b[j];
}

/* { dg-final { scan-report {functions[name=rows].loops[line=13].guard} {"iterations >= 50000"} } } */
/* { dg-final { scan-report {functions[name=short_rows].loops[line=21].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=flat].loops[line=28].guard} {null} } } */
