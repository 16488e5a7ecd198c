/* An unknown option is an error naming it and listing the valid ones.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-paralelize" } */
/* { dg-error "unknown option 'paralelize'.*valid options: report=FILE, dump=FILE, version" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
/* { dg-bogus "internal compiler error" "" { target *-*-* } 0 } */

int f (int x) { return x; }

/* { dg-final { compile-status nonzero } } */
