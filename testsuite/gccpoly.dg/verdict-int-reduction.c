/* Integer reductions need no permission to reassociate: +, max, ^.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized" } */

int
sum (int n, int *a)
{
  int s = 0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: \\+:s" } */
    s += a[i];
  return s;
}

int
maximum (int n, int *a)
{
  int m = 0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: max:m" } */
    m = a[i] > m ? a[i] : m;
  return m;
}

unsigned
parity (int n, unsigned *a)
{
  unsigned x = 0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: \\^:x" } */
    x ^= a[i];
  return x;
}

/* { dg-final { scan-report {functions[name=sum].loops[0].reductions} {[{"var":"s","op":"+"}]} } } */
/* { dg-final { scan-report {functions[name=maximum].loops[0].reductions} {[{"var":"m","op":"max"}]} } } */
/* { dg-final { scan-report {functions[name=parity].loops[0].reductions} {[{"var":"x","op":"^"}]} } } */
