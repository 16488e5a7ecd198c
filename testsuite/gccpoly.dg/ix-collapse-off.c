/* Collapse is off by default (docs/codegen.md, Collapse): the 3-channel
   nest of ix-collapse-run.c keeps its two loops; its c loop is marked.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftree-parallelize-loops=2 -fopt-info-loop-optimized" } */

void
channels (int n, double (*restrict out)[n], double (*restrict in)[n])
{
  for (int c = 0; c < 3; c++)	/* { dg-optimized "gccpoly: loop marked parallel for parloops" } */
    for (int i = 0; i < n; i++)
      out[c][i] = in[c][i] * (c + 1) + 0.5;
}

/* { dg-final { compiler-output-not {collapsed} } } */
/* { dg-final { scan-report {functions[name=channels].loops[line=9].transform} {["parallel"]} } } */
/* { dg-final { scan-report {functions[name=channels].loops[line=10].transform} {[]} } } */
