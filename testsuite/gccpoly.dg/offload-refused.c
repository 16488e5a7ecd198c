/* Nests the plan does not write in the source, each with its reason in
   the remark, when the construct would change the program or GCC would
   refuse it (cases found by trying to break the annotation).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-annotate=offload-refused.ann.c -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */

extern double ext (double) __attribute__ ((const));

/* The counter is read after the loop: no construct gives it its last
   value.  */
int
counter_after (double *restrict a, double *restrict b, int n)
{
  int i;
  for (i = 0; i < n; i++)	/* { dg-remark "not written in the source: 'i' is read after the loop" } */
    b[i] = a[i] * 2 + 1;
  return i;
}

/* So is a value the loop assigns.  */
double
value_after (double *restrict a, double *restrict b, int n, double c)
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: 's' is read after the loop" } */
    {
      s = c * 3;
      b[i] = a[i] + s;
    }
  return s;
}

/* Two reductions: GCC 12's nvptx code for them does not link.  */
long
two_sums (int *restrict a, int n)
{
  long s = 0, t = 0;
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: it has more than one reduction variable" } */
    {
      s += a[i];
      t += 2 * a[i];
    }
  return s + 3 * t;
}

/* A local variable named like the parameter the section needs.  */
void
shadowed (double *restrict a, double *restrict b, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: parameter 'n' shares its name with a local variable" } */
    b[i] = a[i];
  {
    int n = 3;
    b[0] += n;
  }
}

/* Not OpenMP's canonical form as written.  */
void
no_init (double *restrict a, int n)
{
  int i = 0;
  for (; i < n; i++)	/* { dg-remark "not written in the source: the loop at line 63 is not written in OpenMP's canonical form" } */
    a[i] = i;
}

void
not_equal (double *restrict a)
{
  for (int i = 0; i != 4096; i += 4)	/* { dg-remark "not written in the source: the loop at line 70 is not written in OpenMP's canonical form" } */
    a[i] = i;
}

/* A pragma stands before the loop already.  */
void
has_pragma (double *restrict a, int n)
{
#pragma acme fast
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: a pragma stands before the loop already" } */
    a[i] = 2 * i;
}

/* The line before ends in a backslash.  */
#define NOTHING \

void
continued (double *restrict a, int n)
{
  double *p = a; \
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: the line before the loop continues onto it" } */
    p[i] = 3 * i;
}

/* A loop a macro writes.  */
#define FILL(x, n) for (int k = 0; k < (n); k++) (x)[k] = 4 * k
void
macro (double *restrict a, int n)
{
  FILL (a, n);	/* { dg-remark "not written in the source: the loop at line 99 is not a .for. whose header stands on its line" } */
}

/* A call to a function compiled for the host only.  */
void
calls (double *restrict a, double *restrict b, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: its body calls a function that is not a built-in" } */
    b[i] = ext (a[i]);
}

/* The address of a temporary escapes into a pointer.  */
void
address (double *restrict a, double *restrict b, int n)
{
  double t;
  double *pt = &t;
  for (int i = 0; i < n; i++)	/* { dg-remark "not written in the source: the function takes the address of its variable 't'" } */
    {
      *pt = a[i];
      b[i] = *pt * 2;
    }
}

/* A loop inlined from another function: its names are the callee's.  */
static inline void
copy_in (double *restrict x, double *restrict y, int m)
{
  for (int i = 0; i < m; i++)
    y[i] = x[i];
}

void
caller (double *restrict a, double *restrict b, int n)
{
  copy_in (a + 600, b, n - 600);
}

/* A pointer the body steps (`d += 16'): each thread's copy would start
   where the loop does (found in GCC's vect/bb-slp-40.c).  */
char g_d[2048], g_s[2048];
void
stepped (void)
{
  char *d = g_d, *s = g_s;
  for (int y = 0; y < 128; y++)	/* { dg-remark "not written in the source: 'd' is assigned from its own value in the loop" } */
    {
      d[0] = s[0] + 1;
      d[1] = s[1] + 2;
      d += 16;
      s += 16;
    }
}

/* A reduction of 1 byte: GCC 12's nvptx code needs atomics of that size
   (the offload link fails: __atomic_fetch_add_1).  */
unsigned char
small_sum (unsigned char *restrict x)
{
  unsigned char s = 0;
  for (int i = 0; i < 64; i++)	/* { dg-remark "not written in the source: its reduction 's' is of 1 bytes: GCC 12's nvptx code has no atomics that small" } */
    s += x[i];
  return s;
}

/* An array of unknown size: GCC 12 stops with a segmentation fault on its
   section (found in GCC's graphite/id-4.c).  */
extern int unsized[];
void
unknown_size (void)
{
  for (int i = 0; i < 10; i++)	/* { dg-remark "not written in the source: 'unsized' is an array of unknown size, which GCC 12 cannot map" } */
    unsized[i] = i;
}

/* { dg-final { scan-annotated-not "\n *#pragma omp" } } */
/* { dg-final { compiler-output "offload-refused.c:127:3: note: gccpoly: offload plan with collapse\\(1\\), \[^\n\]*not written in the source: the loop comes from another function, inlined here" } } */
