/* -fplugin-arg-gccpoly-no-shift, and GCC's -fno-loop-unroll-and-jam
   (shift-off-gcc.c), leave durbin's k loop (shift-run.c) as written,
   without a remark on it; nothing else of the plugin's changes.  */
/* { dg-do compile } */
/* { dg-options "-O3 -ftree-parallelize-loops=2 -fopt-info-loop-all -fplugin-arg-gccpoly-no-shift" } */

void
durbin (int n, double *r, double *y, double *z)
{
  double alpha = -r[0], beta = 1.0, sum;
  y[0] = -r[0];
  for (int k = 1; k < n; k++) /* { dg-missed "gccpoly: loop not parallel: alpha: the value of alpha flows from one iteration to another" } */
    {
      beta = (1.0 - alpha * alpha) * beta;
      sum = 0.0;
      for (int i = 0; i < k; i++)
	sum += r[k - i - 1] * y[i];
      alpha = -(r[k] + sum) / beta;
      for (int i = 0; i < k; i++) /* { dg-optimized "gccpoly: loop marked parallel for parloops, in a copy run when .* && iterations >= 50000" } */
	z[i] = y[i] + alpha * y[k - i - 1];
      for (int i = 0; i < k; i++)
	y[i] = z[i];
      y[k] = alpha;
    }
}

/* { dg-final { compiler-output-not {shifted} } } */
/* { dg-final { scan-report {functions[name=durbin].loops[line=12].transform} {[]} } } */
