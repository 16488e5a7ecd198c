/* Every loop is in the report at the line of its for/while/do keyword, with
   its depth and parent, and as a note under -fopt-info-loop-all.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-all" } */

void
nest (int n, int m, double *a, double *b)
{
  for (int i = 0; i < n; i++)		/* { dg-remark "gccpoly: loop \[0-9\]+ at depth 1, outermost" } */
    for (int j = 0;			/* { dg-remark "at depth 2, nested in the loop at line 9" } */
	 j < m;
	 j++)
      for (int k = 0; k < j; k++)	/* { dg-remark "at depth 3, nested in the loop at line 10" } */
	a[i * m + j] += b[j * m + k];
}

int
gnu_style (int n, int *a)
{
  int k = 0, s = 0;
  do					/* { dg-remark "at depth 1, outermost" } */
    {
      a[k] += 1;
      k++;
    }
  while (k < n);
  while (n > 3)				/* { dg-remark "at depth 1, outermost" } */
    {
      n /= 2;
      s += a[n];
    }
  return s;
}

/* { dg-final { scan-report {functions[name=nest].loops[*].line} {[9,10,13]} } } */
/* { dg-final { scan-report {functions[name=nest].loops[*].depth} {[1,2,3]} } } */
/* { dg-final { scan-report {functions[name=nest].loops[line=13].column} {7} } } */
/* { dg-final { scan-report {functions[name=gnu_style].loops[*].line} {[21,27]} } } */
/* { dg-final { scan-report {functions[name=gnu_style].loops[*].depth} {[1,1]} } } */
/* { dg-final { scan-report {functions[name=gnu_style].loops[*].parent} {[null,null]} } } */
/* { dg-final { scan-report {functions[name=gnu_style].loops[line=27].column} {3} } } */
/* { dg-final { scan-dump {;; Function nest} } } */
/* { dg-final { scan-dump {loop [0-9]+ \(do\) at 21:3: depth 1, parent none} } } */
