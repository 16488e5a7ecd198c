/* Interchange: pairs the locality model favours but that stay as they are,
   and a pair it does not favour.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fno-loop-unroll-and-jam -fopt-info-loop-all" } */

/* Already stride-1 innermost (i-k-j): nothing to gain.  */
void
ikj (int n, double (*restrict c)[n], double (*restrict a)[n], double (*restrict b)[n])
{
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
	c[i][j] += a[i][k] * b[k][j];
}

/* The flow from (i - 1, j + 1) to (i, j) would be reversed.  */
void
skewed (int n, double (*restrict a)[n])
{
  for (int i = 1; i < n; i++)	/* { dg-missed "gccpoly: loop at line 20 not interchanged with its inner loop: interchange is illegal: it reverses the flow of a" } */
    for (int j = 0; j < n - 1; j++)
      a[j][i] = a[j + 1][i - 1] + 1.0;
}

/* The parallel j loop would give its place to k, which carries c[j]'s
   sum (and the vectorizer could no longer use it).  (With restrict,
   GCC's own -floop-interchange swaps this pair before the plugin sees
   it.)  */
void
columns (int n, double *c, double (*b)[n])
{
  for (int k = 0; k < n; k++)	/* { dg-missed "gccpoly: loops at lines 32 and 33 not interchanged: it would put a loop carrying a dependence innermost in place of a parallel one" } */
    for (int j = 0; j < n; j++)
      c[j] += b[j][k];
}

/* { dg-final { compiler-output-not {loops at lines [0-9]+ and [0-9]+ interchanged} } } */
/* { dg-final { scan-report {functions[name=ikj].loops[line=11].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=skewed].loops[line=20].transform} {[]} } } */
