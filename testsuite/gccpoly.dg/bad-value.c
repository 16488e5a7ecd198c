/* An option that needs a value, given none, is an error naming it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-dump" } */
/* { dg-error "option 'dump' needs a value: '-fplugin-arg-gccpoly-dump=FILE'; valid options: " "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int f (int x) { return x; }

/* { dg-final { compile-status nonzero } } */
