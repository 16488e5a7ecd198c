/* -fplugin-arg-gccpoly-version prints the version and the GCC built for;
   the compilation goes on.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-version" } */

int f (int x) { return x; }

/* { dg-final { compile-status zero } } */
/* { dg-final { compiler-output {gccpoly [0-9]+\.[0-9]+\.[0-9]+ \(built for GCC [0-9]+\.[0-9]+\.[0-9]+; running in GCC [0-9]+\.[0-9]+\.[0-9]+\)} } } */
