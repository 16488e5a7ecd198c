/* -fplugin-arg-gccpoly-reassociate: a floating-point sum is a reduction
   without -fassociative-math; the remark and the report say so, and the
   loop, which parloops declines, runs in the plugin's own region.  Under
   -fassociative-math (here a function's optimize attribute) the
   permission is GCC's, and the remark adds nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-reassociate -fopt-info-loop-all" } */

double
dot (int n, const double *a, const double *b)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: \\+:s; floating-point reduction of s reassociated \\(-fplugin-arg-gccpoly-reassociate\\): its rounding differs from the sequential loop's$" } */
    s += a[i] * b[i];	/* { dg-optimized "region of gccpoly's own \\(parloops declined it\\)" "" { target *-*-* } 13 } */
  return s;
}

__attribute__ ((optimize ("associative-math", "no-signed-zeros", "no-trapping-math")))
double
dot_fast (int n, const double *a, const double *b)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)	/* { dg-optimized "gccpoly: loop parallel \\(reduction\\); reduction: \\+:s$" } */
    s += a[i] * b[i];
  return s;
}

/* A running sum each iteration stores is no reduction: the option does
   not make it one.  */
void
prefix (int n, const double *a, double *c)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)	/* { dg-missed "gccpoly: loop not parallel: s: the value of s flows from one iteration to another" } */
    {
      s += a[i];
      c[i] = s;
    }
}

/* { dg-final { scan-report {functions[name=dot].loops[0].kind} {"reduction"} } } */
/* { dg-final { scan-report {functions[name=dot].loops[0].reductions} {[{"var":"s","op":"+"}]} } } */
/* { dg-final { scan-report {functions[name=dot].loops[0].transform} {["parallel","wide-counter","own-region"]} } } */
/* { dg-final { scan-report {functions[name=dot_fast].loops[0].transform} {["parallel","wide-counter"]} } } */
/* { dg-final { scan-report {functions[name=prefix].loops[0].parallel} {false} } } */
