/* Code outside the model splits regions; each loop left out says why, in
   the report and as a missed remark at its line.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */

extern void g (int);

void
indirect (int n, double *a, const int *idx)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "loop not in a SCoP: non-affine-access" } */
    a[idx[i]] = 0;
}

void
call (int n, double *a)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "loop not in a SCoP: side-effect-call" } */
    {
      a[i] = 0;
      g (i);
    }
}

void
split (double *restrict a, double *restrict b)
{
  for (int i = 0; i < 100; i++)
    a[i] = 1;
  g (0);
  for (int i = 0; i < 100; i++)
    b[i] = a[i];
}

/* { dg-final { scan-report {functions[name=indirect].rejected[0].reason} {"non-affine-access"} } } */
/* { dg-final { scan-report {functions[name=indirect].rejected[0].line} {11} } } */
/* { dg-final { scan-report {functions[name=indirect].loops[0].scop} {null} } } */
/* { dg-final { scan-report {functions[name=call].rejected[0].reason} {"side-effect-call"} } } */
/* { dg-final { scan-report {functions[name=split].scops[#]} {2} } } */
/* { dg-final { scan-report {functions[name=split].loops[*].scop} {[1,2]} } } */
