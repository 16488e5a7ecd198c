/* Seed 003 (Moon), the worked examples E1-E17 of notes/003-moon.md that C
   can express, with the thesis's expected results: which loops are
   parallel statically, which only under a run-time test, and that test.
   Loops run from 0 where the thesis's run from 1.  A temporary the thesis
   privatizes is a block-scope array of the outer loop's body (it is dead
   after each iteration); an array whose values come from before the loop
   is a parameter.  Where this analysis answers differently from the
   thesis, the comment says so.  The tests of the copies the guards select
   at run time are in par-seed003-versions-run.c.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

#define D 64

/* E1: help privatizable statically; no test.  help gets storage of each
   iteration's own, and the i loop runs in parallel.  */
void
e1 (int c, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: help" } */
    {
      double help[D];
      for (int j = 0; j < D; j++)
	help[j] = i + j;
      for (int j = 0; j < D; j++)
	out[i * D + j] = help[j] * 2.0;
    }
}

/* E2: the thesis privatizes help with a copy-in of help[5:9] and a
   copy-out of the last iteration.  Here each thread's copy of help starts
   as help before the loop, and the last iteration in which a statement
   runs works in help itself (par-private-copies-run.c runs it, as
   `filled`).  */
void
e2 (int c, double *restrict help, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: help" } */
    {
      for (int j = 0; j < 5; j++)
	help[j] = i + j;
      for (int j = 0; j < 10; j++)
	out[i * 10 + j] = help[j] * 2;
    }
}

/* E3: sum is an array reduction over i (integers: no reassociation
   question), xi a private scalar.  */
void
e3 (int c, int d, const long *restrict x, const long *restrict a, long *restrict sum)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\)" } */
    {
      long xi = x[i];
      for (int j = 0; j < d; j++)
	sum[j] = sum[j] + a[i * d + j] * xi;
    }
}

/* E4: unrelated conditions the model cannot read: a path skips the write
   and the read sees another iteration's value.  Not parallel, and no
   parameter test helps.  */
void
e4 (int c, const int *restrict c1, const int *restrict c2, double *restrict help, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-missed "gccpoly: loop not parallel: help: the value of help flows from one iteration to another" } */
    {
      for (int j = 0; j < D; j++)
	if (c1[j] > 0)
	  help[j] = i + j;
      for (int j = 0; j < D; j++)
	if (c2[j] > 0)
	  out[i * D + j] = help[j] * 2.0;
    }
}

/* E5: the same affine guard on the write and the read: no exposed read,
   help privatizable statically, no test.  */
void
e5 (int c, int x, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: help" } */
    {
      double help[D];
      for (int j = 0; j < D; j++)
	if (x > 5)
	  help[j] = i * j;
      for (int j = 0; j < D; j++)
	if (x > 5)
	  out[i * D + j] = help[j] * 2.0;
    }
}

/* E6: the reads cover help[0] and help[0:D-2], all written first in the
   iteration: privatizable statically.  */
void
e6 (int c, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: help" } */
    {
      double help[D];
      for (int j = 0; j < D; j++)
	help[j] = i + j;
      for (int j = 0; j < D; j++)
	if (j == 0)
	  out[i * D + j] = help[j];
	else
	  out[i * D + j] = help[j - 1];
    }
}

/* E7: the version selector.  Without private copies the i loop is
   parallel exactly when nothing is written, x <= 5 (the thesis's
   Independent); otherwise its inner loops run in parallel.  */
void
e7 (int c, int d, int x, double *restrict help, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 && x <= 5" } */
    {
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 holds and the rest of the test of the loop at line 118 fails" } */
	if (x > 5)
	  help[j] = i * j;
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when -2147483648 <= d\\*i <= 2147483647 && 0 <= d\\*i <= 4294967295 holds and the rest of the test of the loop at line 118 fails" } */
	if (x > 2)
	  out[i * d + j] = help[j] * 2.0;
    }
}

/* E8: the breaking condition, exactly: m = 0 or |m| >= c (the thesis,
   which assumes m >= 0, prints "m > c or m = 0").  */
void
e8 (int c, int m, double *restrict h)
{
  for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(m <= -c \\|\\| m >= c \\|\\| m == 0\\)" } */
    h[i] = h[i + m] * 0.5 + 1.0;
}

/* E9: the extracted boundary condition.  help is written only when d >= 2;
   with d = 1 (the least d for which the loop writes anything) the i loop
   is parallel as it is: the thesis's "d < 2".  */
void
e9 (int c, int d, double *restrict help, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when d == 1" } */
    {
      for (int j = 1; j < d; j++)
	{
	  help[j - 1] = i + j;
	  help[j] = i - j;
	}
      for (int j = 0; j < d; j++)	/* { dg-optimized "in the copy run when the test of the loop at line 144 fails" } */
	out[i * d + j] = help[j] * 2.0;
    }
}

/* E10: the conditions around the loop (two disjuncts sharing y > 5 and
   z % 2 == 0) hold wherever its test runs: the test does not repeat them.  */
void
e10 (int c, int m, int x, int y, int z, double *restrict h)
{
  if ((x > 10) || (x < 0))
    if (y > 5)
      if (z % 2 == 0)
	for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(m <= -c \\|\\| m >= c \\|\\| m == 0\\)" } */
	  h[i] = h[i + m] * 0.5 + 1.0;
}

/* E11: no translation of predicates across calls; once proc is inlined its
   loop gets the test on the caller's value, and the caller's x > 5 (with
   its guard c > 0) makes "x = 0" and "x <= -c" superfluous: x >= c.  */
static inline void
proc (int c, int a, double *restrict h)
{
  for (int i = 1; i <= c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when x >= c; " } */
    h[i] = h[i + a] * 0.25 + 2.0;	/* Not e8's body: GCC would fold the two.  */
}

void
e11 (int c, int x, int y, double *restrict h)
{
  if (x > 5 && y > 5)
    proc (c, x, h);
}

/* E12: radf4's 3-D box ch(ido, 4, l1) written through a linearized
   pointer, l1 = n / 4.  The thesis's "n % 4 == 0" reshapes an actual
   array at a call; within one function the box is known, and the test is
   that of the linearized subscripts: rows of cc do not overlap.  */
void
e12 (int n, int ido, const double *restrict cc, double *restrict ch)
{
  int l1 = n / 4;
  for (int k = 0; k < l1; k++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when \\(ido <= 0 \\|\\| \\(0 < l1 <= 536870912\\)\\)" } */
    for (int m = 0; m < 4; m++)
      for (int i = 0; i < ido; i++)
	ch[(k * 4 + m) * ido + i] = cc[(m * l1 + k) * ido + i] * 0.5;
}

/* E13: help[0:49] written on both paths: privatizable statically.  */
void
e13 (int c, int p, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: help" } */
    {
      double help[100];
      if (p)
	for (int j = 0; j < 50; j++)
	  help[j] = i + j;
      else
	for (int j = 0; j < 100; j++)
	  help[j] = i - j;
      for (int j = 0; j < 50; j++)
	out[i * 50 + j] = help[j];
    }
}

/* E14: a scalar written on both paths of a condition on data: private.  */
void
e14 (int c, int d, const int *restrict p, double *restrict out)
{
  for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    for (int j = 0; j < d; j++)
      {
	double help;
	if (p[j] > 0)
	  help = i + j;
	else
	  help = i - j;
	out[i * d + j] = help * help;
      }
}

/* E15: the context x > 5 makes the inner guard true: privatizable
   statically, no test.  */
void
e15 (int c, int x, double *restrict out)
{
  if (x > 5)
    for (int i = 0; i < c; i++)	/* { dg-optimized "gccpoly: loop parallel \\(private\\); private: help" } */
      {
	double help[D];
	for (int j = 0; j < D; j++)
	  if (x > 5)
	    help[j] = i * j;
	for (int j = 0; j < D; j++)
	  out[i * D + j] = help[j] * 2.0;
      }
}

/* E16: apsi's setall: q and cc are private only for one value of m, a
   loop counter; no test on it can be hoisted out of the loops.  */
void
e16 (int n, int in, int lx, double val, double q1, double tot, double *restrict q, double *restrict cc)
{
  for (int m = 1; m <= 2; m++)	/* { dg-missed "gccpoly: loop not parallel" } */
    for (int l = 0; l < n; l++)	/* { dg-missed "gccpoly: loop not parallel" } */
      {
	if (in == 0 && m == 1)
	  q[lx] = val;
	else
	  cc[lx] = val;
	if (in > 0)
	  {
	    for (int i = 0; i < D; i++)
	      if (m == 1)
		q[i] = q1;
	      else
		cc[i] = q1;
	    for (int i = 0; i < D; i++)
	      if (m == 1)
		q[i] = val * q[i] / tot;
	      else
		cc[i] = val * cc[i] / tot;
	  }
      }
}

/* E17: fftpde's subscripts modulo parameters (missed by the thesis too):
   not affine, so the kt loop is outside every region.  The first nest's
   loops are a region of their own.  */
void
e17 (int nt, int n1, int n2, int n3, const double *restrict x1, const double *restrict x3, double *restrict x2, double *restrict out)
{
  for (int kt = 0; kt < nt; kt++)	/* { dg-missed "gccpoly: loop not in a SCoP: non-affine-access: line 294: 'kk_\[0-9\]+' = trunc_mod_expr is not affine" } */
    {
      for (int k = 0; k < n3; k++)
	for (int j = 0; j < n2; j++)
	  for (int i = 0; i < n1; i++)
	    x2[(k * n2 + j) * n1 + i] = x3[(k * n2 + j) * n1 + i] * kt * x1[(k * n2 + j) * n1 + i];
      double t1 = 0;
      for (int i = 0; i < 1024; i++)
	{
	  int ii = i % n1, jj = (3 * ii) % n2, kk = (5 * ii) % n3;
	  t1 += x2[(kk * n2 + jj) * n1 + ii];
	}
      out[kt] = t1;
    }
}

/* Static results need no test; the i loops parloops cannot take say why.  */
/* { dg-final { scan-report {functions[name=e1].loops[line=20].guard} {null} } } */
/* { dg-final { scan-report {functions[name=e1].loops[line=20].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=e5].loops[line=82].private} {["help"]} } } */
/* { dg-final { scan-report {functions[name=e5].loops[line=82].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=e5].loops[line=82].guard} {"(c <= 33554432 || x <= 5)"} } } */
/* { dg-final { scan-report {functions[name=e13].loops[line=203].private} {["help"]} } } */
/* { dg-final { scan-report {functions[name=e15].loops[line=239].guard} {null} } } */
/* { dg-final { scan-report {functions[name=e15].loops[line=239].transform} {["parallel","privatize"]} } } */
/* { dg-final { scan-report {functions[name=e3].loops[line=52].reductions} {[{"op":"+","var":"sum[j]"}]} } } */
/* E3's i loop runs in parallel with reduced copies of sum, one per thread
   (par-array-reduction-run.c), their sums of signed integers in unsigned
   arithmetic (par-array-reduction-signed-run.c); its j loop, inside it,
   is not marked.  */
/* { dg-final { scan-report {functions[name=e3].loops[line=52].transform} {["parallel","array-reduction","unsigned-reduction"]} } } */
/* { dg-final { scan-report {functions[name=e3].loops[line=55].transform} {[]} } } */
/* Tests where the thesis has them.  */
/* { dg-final { scan-report {functions[name=e7].loops[line=118].guard} {"-2147483648 <= d*i <= 2147483647 && 0 <= d*i <= 4294967295 && x <= 5"} } } */
/* { dg-final { scan-report {functions[name=e7].loops[line=120].guard} {"-2147483648 <= d*i <= 2147483647 && 0 <= d*i <= 4294967295 && !(x <= 5)"} } } */
/* { dg-final { scan-report {functions[name=e8].loops[line=134].guard} {"(m <= -c || m >= c || m == 0)"} } } */
/* { dg-final { scan-report {functions[name=e9].loops[line=144].guard} {"d == 1"} } } */
/* { dg-final { scan-report {functions[name=e9].loops[line=151].transform} {["parallel"]} } } */
/* No test on a loop counter: nothing in e16 runs in parallel.  */
/* { dg-final { scan-report {functions[name=e16].loops[line=255].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=e16].loops[line=256].transform} {[]} } } */
/* { dg-final { scan-report {functions[name=e16].loops[line=264].guard} {null} } } */
/* { dg-final { scan-report {functions[name=e14].loops[line=221].guard} {null} } } */
