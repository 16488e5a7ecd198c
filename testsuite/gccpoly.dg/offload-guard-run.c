/* A construct whose tests can fail at run time stands in an `if' whose
   `else' holds the loop as written: the loop's text is found to its last
   character whatever the shape of its body (one statement on the loop's
   line, an if-else without braces, literals and comments holding braces
   and semicolons, code after the loop on its last line).  Where the end
   cannot be told (a preprocessor line inside the loop), the plan is not
   written.  The annotated copy prints what the plain build prints, with
   the arrays apart (the constructs run) and overlapping (the copies as
   written run).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-annotate=offload-guard-run.ann.c -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */

#include <stdio.h>
#include <string.h>

#define N 200

__attribute__ ((noinline)) void
one_line (double *a, double *b, int n)
{
  for (int i = 0; i < n; i++) a[i] = b[i] + 1.0;	/* { dg-remark "offload plan: \[^;\]* if \[^;\]*, else the loop as written;" } */
}

__attribute__ ((noinline)) void
if_else (double *a, double *b, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: \[^;\]* if \[^;\]*, else the loop as written;" } */
    if (b[i] > 0.5)
      a[i] = b[i];
    else
      a[i] = -b[i]; /* ; } { */
}

__attribute__ ((noinline)) void
literal (double *a, double *b, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: \[^;\]* if \[^;\]*, else the loop as written;" } */
    {
      a[i] = b[i] * (double) sizeof ("};{") + (double) '}';	// ;}
    } a[0] += 0.0;
}

__attribute__ ((noinline)) void
nested (int n, int m, double A[n][m], double B[n][m])
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan: \[^;\]* if \[^;\]*, else the loop as written;" } */
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j] * 0.5
		+ 2.0;
}

__attribute__ ((noinline)) void
directive (double *a, double *b, int n)
{
  for (int i = 0; i < n; i++)	/* { dg-remark "offload plan with collapse\\(1\\), \[^;\]*, not written in the source: the loop's end cannot be told from the source text" } */
    {
#ifdef NEVER_DEFINED
      a[i] = 0.0;
#endif
      a[i] = b[i] - 1.0;
    }
}

static double buf[4 * N + 8], mat[2 * N * 30 + 8];

static void
fill (void)
{
  for (int k = 0; k < 4 * N + 8; k++)
    buf[k] = (k % 13) / 13.0;
  for (int k = 0; k < 2 * N * 30 + 8; k++)
    mat[k] = (k % 7) / 7.0;
}

static double
sum (const double *v, int n)
{
  double s = 0.0;
  for (int k = 0; k < n; k++)
    s += v[k] * (1 + k % 5);
  return s;
}

int
main (void)
{
  /* Apart, then overlapping by one element.  */
  for (int shift = N; shift >= 1; shift -= N - 1)
    {
      fill ();
      one_line (buf, buf + shift, N);
      if_else (buf + shift, buf, N);
      literal (buf, buf + shift, N);
      directive (buf + shift, buf, N);
      nested (N, 30, (double (*)[30]) mat, (double (*)[30]) (mat + (shift == N ? N * 30 : 30)));
      printf ("%d %.17g %.17g\n", shift, sum (buf, 4 * N + 8), sum (mat, 2 * N * 30 + 8));
    }
  return 0;
}

/* { dg-final { annotated-run } } */
/* { dg-final { scan-annotated-not "NEVER_DEFINED\[^\n\]*\n\[^\n\]*\n\[^\n\]*\n\[^\n\]*\n *. else ." } } */
/* { dg-final { scan-annotated "\n  for \\(int i = 0; i < n; i\\+\\+\\) a\\\[i\\\] = b\\\[i\\\] \\+ 1\\.0;\n  . else .\n  for \\(int i = 0; i < n; i\\+\\+\\) a\\\[i\\\] = b\\\[i\\\] \\+ 1\\.0;\n  .\n *\t/\\* " } } */
/* { dg-final { scan-annotated "\n      a\\\[i\\\] = -b\\\[i\\\];\n  . else .\n" } } */
/* { dg-final { scan-annotated "\n    .\n  .\n    +a\\\[0\\\] \\+= 0\\.0;\n" } } */
/* { dg-final { scan-annotated "\n\t\t\\+ 2\\.0;\n  . else .\n" } } */
