/* Loops the plugin's own regions do not run: a function compiled for an
   offload device too (as parloops, which skips such functions), and
   values carried from one iteration to the next that are no reductions
   (the last index where a test held, a recurrence), which the analysis
   does not call parallel in the first place.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -ftree-parallelize-loops=2 -fopt-info-loop-all" } */

double a[4000], b[4000];

#pragma omp declare target
double
device_last (int n)
{
  double last = 0.0;
  for (int i = 0; i < n; i++) /* { dg-missed "nor the plugin in a region of its own .the function is compiled for an offload device too." "" } */
    {
      double t = a[i] * 2.0 + b[i];
      b[i] = t;
      last = t * t;
    }
  return last;
}
#pragma omp end declare target

int
last_positive (int n)
{
  int where = -1;
  for (int i = 0; i < n; i++) /* { dg-missed "loop not parallel: where: the value of where flows from one iteration to another" "" } */
    {
      b[i] = a[i] * 3.0;
      if (a[i] > 0.0)
	where = i;
    }
  return where;
}

double
running (int n)
{
  double x = 0.0;
  for (int i = 0; i < n; i++) /* { dg-missed "loop not parallel: x: the value of x flows from one iteration to another" "" } */
    {
      x = x * 0.5 + a[i];
      b[i] = a[i] + 1.0;
    }
  return x;
}

/* { dg-final { compiler-output-not {region of gccpoly's own .parloops} } } */
/* { dg-final { scan-report {functions[name=device_last].loops[line=16].declined} {"parloops did not parallelize it (its own -fopt-info-loop-missed remarks say why), nor the plugin in a region of its own (the function is compiled for an offload device too)"} } } */
