/* The offload plan moves a loop beneath the outermost parallel one when
   every dependence has distance 0 in it (seed 000's T7, 557.pcsp): the j
   loop carries a flow, the i loop none, so k-j-i becomes k-i-j, k and i
   collapsed, i the lanes (stride 8 bytes instead of 32 KiB); the
   annotation swaps the two loops' headers.  Where the inner loop's
   distance is not 0 (a dependence (0, 1, 1)), it stays.  The annotated
   copy, built with -foffload=nvptx-none, prints the plain output.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-annotate=offload-interchange-run.ann.c -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */

#include <stdio.h>

#define P 64
double lhsY[5][P][P][P];
double B[P][P][P];

__attribute__ ((noinline)) void
t7 (void)
{
  for (int k = 1; k <= P - 2; k++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(tofrom: lhsY\\\[1:4\\\]\\); 20.0 memory requests per warp \\(256.0 with the outermost loop alone; the loops at lines 21 and 22 interchanged\\)" } */
    for (int j = 0; j <= P - 3; j++)
      for (int i = 1; i <= P - 2; i++)
	{
	  double fac1 = 1.0 / lhsY[2][k][j][i];
	  lhsY[3][k][j][i] = fac1 * lhsY[3][k][j][i];
	  lhsY[4][k][j][i] = fac1 * lhsY[4][k][j][i];
	  lhsY[2][k][j + 1][i] = lhsY[2][k][j + 1][i] - lhsY[1][k][j + 1][i] * lhsY[3][k][j][i];
	}
}

/* i is parallel where it stands, but moved above j it would carry the
   dependence: no interchange, i alone as the lanes.  */
__attribute__ ((noinline)) void
skewed (void)
{
  for (int k = 0; k < P; k++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(tofrom: B\\\[0:64\\\]\\); 64.0 memory requests per warp \\(64.0 with the outermost loop alone\\)" } */
    for (int j = 0; j < P - 1; j++)
      for (int i = 0; i < P - 1; i++)
	B[k][j + 1][i + 1] = B[k][j][i] * 0.5 + 1.0;
}

int
main (void)
{
  for (int m = 0; m < 5; m++)
    for (int k = 0; k < P; k++)
      for (int j = 0; j < P; j++)
	for (int i = 0; i < P; i++)
	  lhsY[m][k][j][i] = 1.0 + ((m * 7 + k * 3 + j * 5 + i) % 13) / 16.0;
  for (int k = 0; k < P; k++)
    for (int j = 0; j < P; j++)
      for (int i = 0; i < P; i++)
	B[k][j][i] = (k + 2 * j + 3 * i) % 7;
  t7 ();
  skewed ();
  double s = 0;
  for (int m = 0; m < 5; m++)
    for (int k = 0; k < P; k++)
      for (int j = 0; j < P; j++)
	for (int i = 0; i < P; i++)
	  s += lhsY[m][k][j][i] * ((i + j + k + m) % 5 + 1);
  for (int k = 0; k < P; k++)
    for (int j = 0; j < P; j++)
      for (int i = 0; i < P; i++)
	s += B[k][j][i] * ((i + k) % 3 + 1);
  printf ("%.17g\n", s);
  return 0;
}

/* { dg-final { scan-report {functions[name=t7].loops[line=20].offload.interchanged} {[21,22]} } } */
/* { dg-final { scan-report-match {functions[name=skewed].loops[line=36].offload} {^\{(?!.*"interchanged").*\}$} } } */
/* { dg-final { scan-annotated "#pragma omp target teams distribute parallel for simd collapse\\(2\\) map\\(tofrom: lhsY\\\[1:4\\\]\\)\n  for \\(int k = 1; k <= P - 2; k\\+\\+\\)\[^\n\]*\n    for \\(int i = 1; i <= P - 2; i\\+\\+\\)\n      for \\(int j = 0; j <= P - 3; j\\+\\+\\)\n" } } */
/* { dg-final { annotated-run } } */
