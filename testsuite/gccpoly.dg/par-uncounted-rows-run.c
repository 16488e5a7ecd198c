/* Outer loops around an inner loop whose count is read from memory (the
   rows of a CSR matrix-vector product, k from rowstr[j] to rowstr[j + 1];
   jagged rows of len[j] cells) run in parallel: the model runs the inner
   loop any number of times, its writes may-writes, so a dependence it
   could carry is never missed.  Rows are empty, short, and one is long;
   every result is compared with a sequential computation the plugin leaves
   alone (volatile bounds), at row counts below and above parloops'
   minimum.  A row that adds into the next row's cell stays sequential,
   and so do rows reached through pointers that overlap.  */
/* { dg-do run } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-all -fchecking" } */

#include <stdio.h>

#define NR 20000
#define NZ 200000
#define M 64
double a[NZ], p[NR], q[NR], t[NR + 1], w[NZ], ja[NR][M], want[NR];
int colidx[NZ], rowstr[NR + 1], len[NR];
volatile int vn;

__attribute__((noinline)) void
spmv (int n)
{
  for (int j = 0; j < n; j++) /* { dg-optimized "loop parallel .private." "" } */
    {
      double s = 0.0;
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++) /* { dg-missed "not analysed: its iteration count is read from memory in the region" "" } */
	s += a[k] * p[colidx[k]];
      q[j] = s;
    }
}

/* The row's sum kept in its cell of q.  */
__attribute__((noinline)) void
row_sums (int n)
{
  for (int j = 0; j < n; j++) /* { dg-optimized "loop parallel .private." "" } */
    {
      q[j] = 1.0;
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	q[j] += w[k];
    }
}

/* Jagged rows: the inner counter is affine, its count read.  */
__attribute__((noinline)) void
jagged (int n)
{
  for (int j = 0; j < n; j++) /* { dg-optimized "loop parallel .private." "" } */
    {
      double s = 0.0;
      for (int k = 0; k < len[j]; k++)
	s += ja[j][k] * w[k];
      q[j] = s;
    }
}

/* Each row adds into the next row's cell: carried.  */
__attribute__((noinline)) void
carried (int n)
{
  for (int j = 0; j < n; j++) /* { dg-missed "loop not parallel: t: the value of t flows from one iteration to another" "" } */
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      t[j + 1] += t[j] * 0.5 + w[k];
}

/* The first cell of each row copied to buf, buf[0] read after the row:
   an empty row hands on an earlier row's, so the rows depend on each
   other through buf, which a model running each row at least once (its
   writes killing) would miss.  */
double buf[5000], first[NR];
__attribute__((noinline)) void
first_cell (int n)
{
  for (int j = 0; j < n; j++) /* { dg-missed "loop not parallel: buf: the value of buf flows from one iteration to another" "" } */
    {
      int b = rowstr[j], e = rowstr[j + 1];
      for (int k = 0; k < e - b; k++)
	buf[k] = w[b + k];
      first[j] = buf[0];
    }
}

/* Rows of one cell or more, run as do-while loops (no guard before
   them), buf[2] read after each: a row of one or two cells hands on an
   earlier row's, which a model in which the row writes buf[k] for every
   k >= 0 (the unbounded count taken as exact) would miss.  */
int rows1[NR + 1], cnt1[NR];
double third[NR];
__attribute__((noinline)) void
third_cell (int n)
{
  for (int j = 0; j < n; j++) /* { dg-missed "loop not parallel: buf: the value of buf flows from one iteration to another" "" } */
    {
      int b = rows1[j], c = cnt1[j], k = 0;
      do
	buf[k] = w[b + k];
      while (++k < c);
      third[j] = buf[2];
    }
}

/* y may overlap x: the cells x's rows reach have no bound, so there is
   no test to run the rows in parallel on.  */
__attribute__((noinline)) void
overlap (int n, double *y, const double *x, const int *ln)
{
  for (int j = 0; j < n; j++) /* { dg-missed "parallel loop kept sequential: no overlap test: the count of the loop at line \[0-9\]+ is read from memory" "" } */
    {
      double s = 0.0;
      for (int k = 0; k < ln[j]; k++)
	s += x[k];
      y[j] = s;
    }
}

int
main (void)
{
  int bad = 0;
  /* Row j holds (j * 7) % 13 cells, none in every 13th row, and row 100
     holds 5000.  */
  rowstr[0] = 0;
  for (int j = 0; j < NR; j++)
    {
      int n = j == 100 ? 5000 : (j * 7) % 13;
      rowstr[j + 1] = rowstr[j] + n;
      len[j] = j == 100 ? M : (j * 5) % (M + 1);
      p[j] = (double) ((j * 31) % 17) - 8.0;
      for (int k = 0; k < M; k++)
	ja[j][k] = (double) ((j + 3 * k) % 23) * 0.125;
    }
  for (int k = 0; k < NZ; k++)
    {
      a[k] = (double) (k % 29) * 0.5 - 7.0;
      w[k] = (double) ((k * 13) % 37) * 0.25;
      colidx[k] = (k * 101 + 7) % NR;
    }
  rows1[0] = 0;
  for (int j = 0; j < NR; j++)
    {
      cnt1[j] = 1 + (j * 7) % 5;
      rows1[j + 1] = rows1[j] + cnt1[j];
    }
  if (rowstr[NR] > NZ || rows1[NR] > NZ)
    return 2;
  int counts[] = { 1, 2, 999, 5001, NR };
  for (int c = 0; c < 5; c++)
    {
      int n = counts[c];
      vn = n;
      spmv (n);
      for (int j = 0; j < vn; j++)
	{
	  double s = 0.0;
	  for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	    s += a[k] * p[colidx[k]];
	  bad += q[j] != s;
	}
      row_sums (n);
      for (int j = 0; j < vn; j++)
	{
	  double s = 1.0;
	  for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	    s += w[k];
	  bad += q[j] != s;
	}
      jagged (n);
      for (int j = 0; j < vn; j++)
	{
	  double s = 0.0;
	  for (int k = 0; k < len[j]; k++)
	    s += ja[j][k] * w[k];
	  bad += q[j] != s;
	}
      for (int j = 0; j <= vn; j++)
	want[j] = t[j] = (double) (j % 5);
      for (int j = 0; j < vn; j++)
	for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	  want[j + 1] += want[j] * 0.5 + w[k];
      carried (n);
      for (int j = 0; j <= vn && j < NR; j++)
	bad += t[j] != want[j];
      buf[0] = -1.0;
      first_cell (n);
      double cv = -1.0;
      for (int j = 0; j < vn; j++)
	{
	  if (rowstr[j + 1] > rowstr[j])
	    cv = w[rowstr[j]];
	  bad += first[j] != cv;
	}
      buf[2] = -1.0;
      third_cell (n);
      cv = -1.0;
      for (int j = 0; j < vn; j++)
	{
	  if (rows1[j + 1] - rows1[j] > 2)
	    cv = w[rows1[j] + 2];
	  bad += third[j] != cv;
	}
      /* y is x one cell on: row j writes the cell row j + 1 reads.  */
      for (int k = 0; k < NR; k++)
	want[k] = t[k] = (double) (k % 7);
      for (int j = 0; j < vn && j + 1 < NR; j++)
	{
	  double s = 0.0;
	  for (int k = 0; k < len[j]; k++)
	    s += want[k];
	  want[j + 1] = s;
	}
      overlap (n < NR ? n : NR - 1, t + 1, t, len);
      for (int j = 0; j < NR; j++)
	bad += t[j] != want[j];
    }
  if (bad)
    printf ("%d wrong results\n", bad);
  return bad != 0;
}
