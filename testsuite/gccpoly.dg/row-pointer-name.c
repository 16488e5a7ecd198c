/* A row of a VLA that GCC hoists out of the loop is an array of the model
   through an anonymous pointer (d + k * n); remarks name it by the pointer
   it comes from, as the source does.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */

void
pivot (int n, int k, int a[n][n])
{
  for (int j = 0; j < n; j++) /* { dg-missed "loop not parallel: a: the value of a flows from one iteration to another" "" } */
    a[k][j] = a[k][j] / (a[k][k] | 1);
}

void
scale (int n, int k, double *d)
{
  double *row = d + (long) k * n;
  for (int j = 0; j < n; j++) /* { dg-missed "loop not parallel: row: the value of row flows from one iteration to another" "" } */
    row[j] = row[j] / row[k];
}

/* { dg-final { compiler-output-not {gccpoly: [^\n]*\mp[0-9]+\M} } } */
