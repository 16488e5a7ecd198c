/* A flag given a value is an error naming it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-version=yes" } */
/* { dg-error "option 'version' takes no value, but '=yes' was given" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int f (int x) { return x; }

/* { dg-final { compile-status nonzero } } */
