/* A scalar recurrence (not an associative update) is not parallel; the
   blocker names the variable and the lines of the dependence: the body
   (line 13) defines the value the loop header (line 12) reads in the next
   iteration.  A prefix sum is not a reduction either: the running value is
   stored in every iteration.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */

double
recur (int n, double *a, double x)
{
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: x: the value of x flows from one iteration to another \\(lines 12 and 13\\)" } */
    x = x * 0.5 + a[i];
  return x;
}

void
prefix (int n, int *a, int *b)
{
  int s = 0;
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: s: the value of s flows from one iteration to another" } */
    {
      s += a[i];
      b[i] = s;
    }
}

/* { dg-final { scan-report {functions[name=recur].loops[0].kind} {"none"} } } */
/* { dg-final { scan-report {functions[name=recur].loops[0].blockers} {["x: the value of x flows from one iteration to another (lines 12 and 13)"]} } } */
/* { dg-final { scan-report {functions[name=prefix].loops[0].parallel} {false} } } */
