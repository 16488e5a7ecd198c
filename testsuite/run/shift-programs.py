#!/usr/bin/env python3
"""shift-programs.py - random C programs of loops whose first inner loop
carries a chain, for the shift and fusion (gp_loop_shift).

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each a
loop k (from 1 or 2 up to m less a constant, < or <=) around a first inner
loop i < k + g that sums one or two chains from r and y (sometimes also
from w, or from a value of the iteration, beta, which the shift refuses),
sometimes a middle loop writing z from y and the sum (durbin's z[i] = y[i]
+ s * y[k + g - 1 - i]), and a last inner loop over i < k + g (sometimes
one longer, which the shift refuses) writing y at i or i + 1 (the cell the
next iteration's sum reads at i + 1: what the shift would read before it
is written), from z or through a chain of its own (then it is not
parallel; its last value sometimes stored to w[k + 1]); before the sum, sometimes a store w[k + c], after the last
loop, sometimes y[k + q] = the sum (q = -1: a cell the fused sum would
read first). The cells are double, float or unsigned (unsigned: no chain
of floating-point operations, nothing to gain). The pointers may overlap:
a main calls each function for several sizes, its arrays apart and
overlapping, and prints a checksum after each call.
testsuite/run/reductions-random.sh --programs shift builds each program
with and without the plugin and compares what they print: the shift keeps
every value's arithmetic in its order, so the outputs must be equal,
doubles included.

  reduction-programs.py --kind shift DIR FIRST LAST
"""

import random


def nest(r, name):
    t = r.choice(["double", "double", "double", "float", "unsigned"])
    lit = (lambda v: f"{v}u") if t == "unsigned" else (lambda v: f"{v}.5")
    k0, e = r.randint(1, 2), r.randint(0, 2)
    outer = f"for (int k = {k0}; k <= m - {e + 1}; k++)" if r.random() < 0.3 else f"for (int k = {k0}; k < m - {e}; k++)"
    g = r.choice([0, 0, 1])
    gb = g + 1 if r.random() < 0.1 else g
    o = r.choice([0, 0, 0, 1])
    body = []
    beta = r.random() < 0.15
    if beta:
        body.append(f"beta = beta * {lit(0)} + r[k];")
    if r.random() < 0.3:
        c = r.choice([-2, -1, 0, 1])
        body.append(f"w[k + {c}] = r[k] + {lit(1)};")
    two = r.random() < 0.3
    terms = [f"r[k + 2 - i] * y[i + {o}]"]
    if r.random() < 0.2:
        terms.append("w[i]")
    if beta:
        terms.append("beta")
    sums = [f"s = s * {lit(0)} + {' + '.join(terms)};"]
    if two:
        sums.append(f"u = u + y[i] * {lit(0)};")
    body.append(f"{t} s = {lit(0)}, u = {lit(1)};")
    body.append(f"for (int i = 0; i < k + {g}; i++)\n\t  {{\n\t    " + "\n\t    ".join(sums) + "\n\t  }")
    if r.random() < 0.6:
        body.append(f"for (int i = 0; i < k + {g}; i++)\n\t  z[i] = y[i] + s * y[k + {g} - 1 - i];")
    ob = r.choice([0, 0, 0, 1])
    if r.random() < 0.3:
        body.append(f"{t} c = u;\n\tfor (int i = 0; i < k + {gb}; i++)\n\t  {{\n\t    c = c * {lit(0)} + z[i];\n\t    y[i + {ob}] = c;\n\t  }}")
        if r.random() < 0.5:
            body.append("w[k + 1] = c;")
    else:
        body.append(f"for (int i = 0; i < k + {gb}; i++)\n\t  y[i + {ob}] = z[i] + u;")
    if r.random() < 0.5:
        q = r.choice([-1, 0, 0, 1])
        body.append(f"y[k + {q}] = s;")
    text = "\n\t".join(body)
    return t, f"""
__attribute__((noinline)) void
{name} (int m, {t} *r, {t} *y, {t} *z, {t} *w)
{{
  {t} beta = {lit(1)};
  {outer}
    {{
	{text}
    }}
  z[0] = z[0] + beta;
}}
"""


def program(seed):
    r = random.Random(seed)
    out = ["#include <stdio.h>\n#include <stdlib.h>\n"]
    calls = []
    for f in range(5):
        t, text = nest(r, f"f{f}")
        out.append(text)
        calls.append((f"f{f}", t))
    for t, fmt, st, fold in (("unsigned", "%lu", "unsigned long", "s * 1000003u + v[k]"),
                             ("double", "%.17g", "double", "s * 0.999 + v[k]"),
                             ("float", "%.9g", "double", "s * 0.999 + v[k]")):
        out.append(f"""
static void
run_{t} (void (*f) (int, {t} *, {t} *, {t} *, {t} *), int m, int apart)
{{
  long all = 4L * (m + 16);
  {t} *v = malloc (sizeof ({t}) * all);
  for (long k = 0; k < all; k++)
    v[k] = ({t}) ((k * 7) % 13) / ({t}) 4;
  /* Each array m + 16 long; w from its third cell (w[k - 2]).  */
  {t} *r = v, *y = v + m + 16, *z = y + m + 16, *w = z + m + 18;
  if (!apart)
    {{
      y = r + 2;
      z = y + 1;
      w = r + 3;
    }}
  f (m, r, y, z, w);
  {st} s = 0;
  for (long k = 0; k < all; k++)
    s = {fold};
  printf ("%d %d {fmt}\\n", m, apart, s);
  free (v);
}}
""")
    out.append("""
int
main (void)
{
  int ms[] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 17, 33};
  for (unsigned a = 0; a < sizeof ms / sizeof ms[0]; a++)
    for (int apart = 0; apart < 2; apart++)
      {
	int m = ms[a];
""")
    for name, t in calls:
        out.append(f"\trun_{t} ((void (*) (int, {t} *, {t} *, {t} *, {t} *)) {name}, m, apart);\n")
    out.append("      }\n  return 0;\n}\n")
    return "".join(out)
