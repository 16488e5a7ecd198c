/* The minimum work: a parallel loop starts its threads once per iteration
   of the sequential loops around it.  An innermost loop inside one
   sequential loop is marked; inside two it is not (n^2 starts of the
   threads for n iterations each).  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
one_around (int n, int m, double *restrict a)
{
  for (int t = 0; t < n; t++)
    for (int i = 0; i < m; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
      a[i] = a[i] * 0.5 + t;
}

void
two_around (int n, int m, double *restrict a)
{
  for (int t = 0; t < n; t++)
    for (int s = 0; s < n; s++)
      for (int i = 0; i < m; i++)	/* { dg-missed "gccpoly: parallel loop kept sequential: too little work per start of the threads: 2 sequential loops around it, 1 loop level in it" } */
	a[i] = a[i] * 0.5 + s;
}

/* { dg-final { scan-report {functions[name=one_around].loops[line=12].transform} {["parallel","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=two_around].loops[line=21].transform} {[]} } } */
/* { dg-final { scan-report-match {functions[name=two_around].loops[line=21].kept} {too little work} } } */
