/* The plugin loads, runs on a function without loops, and writes a report. */
/* { dg-do compile } */

int square (int x) { return x * x; }

/* { dg-final { compile-status zero } } */
/* { dg-final { scan-report {plugin} {"gccpoly"} } } */
/* { dg-final { scan-report {functions[name=square].loops[#]} {0} } } */
/* { dg-final { scan-report {functions[name=square].line} {4} } } */
