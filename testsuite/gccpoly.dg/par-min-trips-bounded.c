/* An innermost parallel loop inside a sequential one whose iterations the
   model bounds by a constant below min-trips (at most 100 here, though
   GCC's count MIN_EXPR <i, 100> is not a constant) is kept sequential
   without a run-time copy; with min-trips=1 (par-min-trips-option.c) it
   would be marked.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

void
rows (int n, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: a: the value of a flows from one iteration to another" } */
    for (int j = 0; j < (i < 100 ? i : 100); j++)	/* { dg-missed "gccpoly: parallel loop kept sequential: too little work per start of the threads: fewer than 50000 iterations, inside a sequential loop" } */
      a[(i + 1) * 200 + j] = a[i * 200 + j] + 1;
}

/* { dg-final { compiler-output-not {loop marked parallel} } } */
/* { dg-final { scan-report {functions[name=rows].loops[line=13].transform} {[]} } } */
