/* The copy of a loop that runs where the plugin's run-time test fails
   must not bring warnings plain GCC does not give.  Here (GCC's
   gcc.dg/torture/pr47744-1.c) the i loop runs in parallel when
   jk < 0 or jx < 0 or nx > 0; in the copy run otherwise, nx <= 0, and with
   -fwrapv the j loop then runs only when nx - 1 wrapped to INT_MAX: a
   constant count that GCC's VRP found past f's 20 elements, and it warned
   "iteration 20 invokes undefined behavior", an excess warning here (with
   -Werror, a build broken by the plugin).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fwrapv -ftree-parallelize-loops=2 -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-optimized -fno-diagnostics-show-caret" } */

typedef int int32;
static const int init_jk[] = {2, 3, 4, 6};

/* f is read before it is written, as in GCC's test: only compiled.  The
   warning came and went with the declarations' order and with int32 as
   int: this is the form that showed it.  */
int
sums (double *x, int nx, int prec)
{
  int32 jz, jx, jp, jk, n, i, j;
  double z, fw, f[20], q[20];
  jk = init_jk[prec];
  jx = nx - 1;
  for (i = 0; i <= jk; i++) /* { dg-optimized "loop run in parallel in an OpenMP region of gccpoly's own" "" } */
    {
      for (j = 0, fw = 0.0; j <= jx; j++)
	fw += x[j] * f[jx + i - j];
      q[i] = fw;
    }
  for (i = 0, j = jz, z = q[jz]; j > 0; i++, j--)
    z = q[j - 1] + fw;
  n = (int32) z;
  return n & 7;
}

/* A loop whose count is a known constant, where an array it reads is too
   short: plain GCC's own warning, given once, which the plugin's
   versioning (here on the overlap of a, b and f) leaves as it is.  */
double f[20];

void
too_far (double *a, double *b)
{
  for (int j = 0; j < 30; j++) /* { dg-optimized "loop marked parallel for parloops, in a copy run when f\\+\\\[0, 240\\) and a" "" } */
    a[j] = b[j] + f[j]; /* { dg-warning "iteration 20 invokes undefined behavior" } */
}
