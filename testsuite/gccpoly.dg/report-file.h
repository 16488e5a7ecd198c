/* A function inlined from a header, for report-file.c: its loop keeps
   this file's name and lines.  */
static inline void
scale_into (int n, double *restrict a, const double *restrict b)
{
  for (int i = 0; i < n; i++)
    a[i] = 2.0 * b[i];
}
