/* Cells are named as the source writes them, over the loops' counters,
   not over the model's iteration numbers: the j loop of corr starts at
   i + 1, and its cell was "corr[i4][1 + i4 + j5]"; the i of atax's second
   loop, a second i in the region, made "tmp[i2]"; a loop that counts
   down by 3 and one that counts up by 2 name their cells by their
   counters too.  A running value that store motion (D__lsm) started from
   a load of the cell goes by that cell.  The temporaries of nussinov's
   MAX macros, made without a location, go by the line of the values they
   are made of (they were "prephitmp, _108").  */
/* { dg-do compile } */
/* { dg-options "-O3 -fopt-info-loop-all" } */

void
corr (int m, int n, double c[m][m], double d[n][m])
{
  for (int i = 0; i < m - 1; i++)	/* { dg-optimized "private: running value of c\\\[i\\\]\\\[j\\\]$" } */
    for (int j = i + 1; j < m; j++)	/* { dg-optimized "private: running value of c\\\[i\\\]\\\[j\\\]$" } */
      {
	c[i][j] = 0.0;
	for (int k = 0; k < n; k++)	/* { dg-missed "loop not parallel: c\\\[i\\\]\\\[j\\\]: floating-point \\+ reduction on c\\\[i\\\]\\\[j\\\] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate \\(line 21\\)$" } */
	  c[i][j] += d[k][i] * d[k][j];
      }
}

void
atax (int m, int n, double A[m][n], double *x, double *y, double *tmp)
{
  for (int i = 0; i < n; i++)
    y[i] = 0.0;
  for (int i = 0; i < m; i++)
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)	/* { dg-missed "loop not parallel: tmp\\\[i\\\]: floating-point \\+ reduction on tmp\\\[i\\\] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate \\(line 34\\)$" } */
	tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
	y[j] = y[j] + A[i][j] * tmp[i];
    }
}

/* The counters' steps: x[i] over i = n - 1, n - 4, ... and over i = 0, 2,
   ...; the sums run in registers from the loads of x[i] (store
   motion).  */
void
down (int n, int m, double a[n][m], double *restrict x)
{
  for (int i = n - 1; i >= 2; i -= 3)	/* { dg-optimized "private: running value of x\\\[i\\\]$" } */
    for (int j = i; j < m; j++)	/* { dg-missed "loop not parallel: x\\\[i\\\]: floating-point \\+ reduction on x\\\[i\\\] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate \\(line 48\\)$" } */
      x[i] = x[i] + a[i][j];
}

void
even (int n, int m, double a[n][m], double *restrict x)
{
  for (int i = 0; i < n; i += 2)	/* { dg-optimized "private: running value of x\\\[i\\\]$" } */
    for (int j = 0; j < m; j++)	/* { dg-missed "loop not parallel: x\\\[i\\\]: floating-point \\+ reduction on x\\\[i\\\] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate \\(line 56\\)$" } */
      x[i] = x[i] + a[i][j];
}

#define MAX2(a, b) ((a) >= (b) ? (a) : (b))
#define MATCH(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)

void
nussinov (int n, int seq[n], int table[n][n])
{
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      {
	if (j - 1 >= 0)
	  table[i][j] = MAX2 (table[i][j], table[i][j - 1]);
	if (i + 1 < n)
	  table[i][j] = MAX2 (table[i][j], table[i + 1][j]);
	if (j - 1 >= 0 && i + 1 < n)
	  {
	    if (i < j - 1)
	      table[i][j] = MAX2 (table[i][j], table[i + 1][j - 1] + MATCH (seq[i], seq[j]));
	    else
	      table[i][j] = MAX2 (table[i][j], table[i + 1][j - 1]);
	  }
	for (int k = i + 1; k < j; k++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: max:table\\\[i\\\]\\\[j\\\]$" } */
	  table[i][j] = MAX2 (table[i][j], table[i][k] + table[k + 1][j]);
      }
}

/* { dg-final { scan-report {functions[name=corr].loops[line=16].private} {["running value of c[i][j]"]} } } */
/* { dg-final { scan-report {functions[name=corr].loops[line=20].blockers} {["c[i][j]: floating-point + reduction on c[i][j] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate (line 21)"]} } } */
/* { dg-final { scan-report {functions[name=atax].loops[line=33].blockers} {["tmp[i]: floating-point + reduction on tmp[i] needs -fassociative-math or -fplugin-arg-gccpoly-reassociate (line 34)"]} } } */
/* { dg-final { scan-report {functions[name=down].loops[line=46].private} {["running value of x[i]"]} } } */
/* { dg-final { scan-report {functions[name=even].loops[line=54].private} {["running value of x[i]"]} } } */
/* { dg-final { scan-report {functions[name=nussinov].loops[line=79].reductions} {[{"var":"table[i][j]","op":"max"}]} } } */
/* { dg-final { scan-report-match {functions[name=nussinov].loops[line=65].interchange[0].reason} {private to one iteration \(value of line [0-9]+, running value of table\[i\]\[j\], value of line [0-9]+\)} } { target gcc12 } } */
/* { dg-final { compiler-output-not {gccpoly: [^\n]*(prephitmp|D__lsm|\[[a-z]+[0-9]+\])} } } */
/* GCC 11 keeps one more value of nussinov's cell, line 75's.  */
/* { dg-final { scan-report-match {functions[name=nussinov].loops[line=65].interchange[0].reason} {private to one iteration \(value of line [0-9]+, value of line [0-9]+, running value of table\[i\]\[j\], value of line [0-9]+\)} } { target gcc11 } } */
