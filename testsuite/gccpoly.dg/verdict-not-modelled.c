/* A loop outside every region has no verdict of its own: not parallel,
   kind none, and one blocker saying why it is not modelled.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void g (int);

void
f (int n)
{
  for (int i = 0; i < n; i++)
    g (i);
}

/* { dg-final { scan-report {functions[name=f].loops[0].parallel} {false} } } */
/* { dg-final { scan-report {functions[name=f].loops[0].kind} {"none"} } } */
/* { dg-final { scan-report-match {functions[name=f].loops[0].blockers} {^\["not modelled: side-effect-call: line 12: call to 'g' may have side effects"\]$} } } */
