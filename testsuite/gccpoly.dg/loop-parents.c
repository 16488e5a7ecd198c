/* Parents: the report's parent is the id of the enclosing loop.  */
/* { dg-do compile } */

void
tri (int n, double a[n][n])
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < i; j++)
	a[i][j] = 0;
      for (int j = i; j < n; j++)
	a[i][j] += 1;
    }
}

/* { dg-final { scan-report {functions[name=tri].loops[#]} {3} } } */
/* { dg-final { scan-report {functions[name=tri].loops[*].line} {[7,9,11]} } } */
/* { dg-final { scan-report {functions[name=tri].loops[*].depth} {[1,2,2]} } } */
/* { dg-final { scan-report {functions[name=tri].loops[line=9].parent} {1} } } */
/* { dg-final { scan-report {functions[name=tri].loops[line=11].parent} {1} } } */
/* { dg-final { scan-report {functions[name=tri].loops[line=7].parent} {null} } } */
