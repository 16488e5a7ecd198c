/* What the run tests print of their arrays of doubles: a digest in which
   every element's last bit counts, so that the output is the plain
   build's only where every value is; and fill_doubles, the values they
   start from.  Included after a test's functions, so that their lines
   stay where its directives name them.  */

static __attribute__ ((unused)) double
digest (const double *v, long k)
{
  double d = 0;
  for (long x = 0; x < k; x++)
    d = d * 1.0000001 + v[x];
  return d;
}

static __attribute__ ((unused)) void
fill_doubles (long k, double *v)
{
  for (long x = 0; x < k; x++)
    v[x] = (double) ((x * 7) % 13) / 8.0 + 1.0 / (double) (x % 5 + 3);
}
