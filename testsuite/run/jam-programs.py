#!/usr/bin/env python3
"""jam-programs.py - random C programs of loops around inner loops that
carry chains, for the unroll-and-jam.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each a
loop i (from a constant up to m less a constant, < or <=, sometimes a long
counter or a loop going down, which the jam leaves) around one to three
inner loops j (up to n less a constant) and statements before and after
them, the last sometimes one whose count grows with i (j < i + g, the
sum stored to z[i + g], which later rows' sums read at z[j] or z[j + 1]).
The inner loops sum into a cell of t (a chain in memory), into a
scalar (a chain in a register, stored after the loop), each step
subtracting one product (lu's `c -= a * b`) or scaling the chain and
adding one (`c * 0.5 + a * b`), which GCC fuses differently at
-march=native (FMA), update y[j] from
t's cell of this row or of a row up to three on or one back (a dependence
the jam may reverse: any row's sum of t read before it is written), or
copy a row of B from the row before at a column up to one off (again one
the jam may reverse). The cells are double, float or unsigned (unsigned:
no chain of floating-point operations, nothing to jam). A main calls each
function for several sizes (its floating-point data sevenths, which
products and sums round: a fused multiply-add rounds once instead of
twice, and prints other digits), its arrays apart and overlapping, and prints
a checksum after each call. testsuite/run/reductions-random.sh --programs
jam builds each program with and without the plugin and compares what
they print: the jam keeps every cell's arithmetic in its order, so the
outputs must be equal, doubles included.

  reduction-programs.py --kind jam DIR FIRST LAST
"""

import random


def nest(r, name):
    t = r.choice(["double", "double", "float", "unsigned"])
    lit = (lambda v: f"{v}u") if t == "unsigned" else (lambda v: f"{v}.5")
    ctr = "long" if r.random() < 0.1 else "int"
    lo, e = r.randint(0, 2), r.randint(0, 3)
    if r.random() < 0.1:
        outer = f"for ({ctr} i = m - 1 - {e}; i >= {lo}; i--)"
    elif r.random() < 0.3:
        outer = f"for ({ctr} i = {lo}; i <= m - {e + 1}; i++)"
    else:
        outer = f"for ({ctr} i = {lo}; i < m - {e}; i++)"
    b = r.randint(0, 1)
    inner = f"for (int j = 0; j < n - {b}; j++)"
    body = []
    # A chain of one product a step (lu's and cholesky's `c -= a * b`) or
    # of two (`c * 0.5 + a * b`): at -march=native GCC leaves the first
    # unfused where it is a register's chain alone in its block, and
    # fuses it where it is not (docs/codegen.md, Fused multiply-adds).
    step = lambda c, p: f"{c} - {p}" if r.random() < 0.5 else f"{c} * {lit(0)} + {p}"
    if r.random() < 0.7:
        body.append(f"t[i] = {lit(1)};")
    scalar = False
    for k in range(r.randint(1, 3)):
        kind = r.random()
        if kind < 0.35:
            o = r.choice([0, 0, 0, 1])
            body.append(f"{inner}\n\t  t[i + {o}] = {step(f't[i + {o}]', 'A[i][j] * x[j]')};")
        elif kind < 0.55 and not scalar:
            scalar = True
            body.append(f"{t} s = {lit(0)};\n\t{inner}\n\t  s = {step('s', 'A[i][j] * x[j + 1]')};\n\tz[i] = s;")
        elif kind < 0.85:
            o = r.choice([0, 0, 0, 1, 2, 3, -1])
            body.append(f"{inner}\n\t  y[j] = y[j] + A[i][j] * t[i + {o} + 1];")
        else:
            dj = r.choice([-1, 0, 1])
            body.append(f"{inner}\n\t  B[i + 1][j + 1] = B[i][j + 1 + {dj}] * {lit(0)} + t[i];")
    if r.random() < 0.4:
        # Last, an inner loop whose count grows with the row (cholesky's,
        # trisolv's), its sum stored where later rows' sums read it: one
        # column on (o = 1) is what the jam's copies would read before
        # the copy before them writes it.
        g, o = r.randint(0, 2), r.choice([0, 0, 1])
        body.append(f"{t} u = t[i];\n\tfor (int j = 0; j < i + {g}; j++)\n\t  u = {step('u', f'A[i][j] * z[j + {o}]')};\n\tz[i + {g}] = u;")
    if r.random() < 0.3:
        body.append(f"z[i + 1] = t[i] + z[i];")
    text = "\n\t".join(body)
    return t, f"""
__attribute__((noinline)) void
{name} (int m, int n, {t} A[m + 4][m + n + 4], {t} B[m + 4][m + n + 4], {t} *x, {t} *y, {t} *t, {t} *z)
{{
  {outer}
    {{
	{text}
    }}
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
run_{t} (void (*f) (int, int, {t} (*)[], {t} (*)[], {t} *, {t} *, {t} *, {t} *), int m, int n, int apart)
{{
  long w = (long) (m + 4) * (m + n + 4), all = 2 * w + 4 * (m + n + 8);
  {t} *v = malloc (sizeof ({t}) * all);
  for (long k = 0; k < all; k++)
    v[k] = ({t}) ((k * 7) % 13) / ({t}) {4 if t == "unsigned" else 7};
  {t} *A = v, *B = v + w, *x = B + w, *y = x + m + n + 8, *t = y + m + n + 8, *z = t + m + n + 8;
  if (!apart)
    {{
      /* y is A's second row, t x, z B's last row.  */
      y = A + m + n + 4;
      t = x;
      z = B + w - (m + n + 4);
    }}
  f (m, n, ({t} (*)[]) A, ({t} (*)[]) B, x, y, t, z);
  {st} s = 0;
  for (long k = 0; k < all; k++)
    s = {fold};
  printf ("%d %d %d {fmt}\\n", m, n, apart, s);
  free (v);
}}
""")
    out.append("""
int
main (void)
{
  int ms[] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 17};
  int ns[] = {0, 1, 3, 8};
  for (unsigned a = 0; a < sizeof ms / sizeof ms[0]; a++)
    for (unsigned b = 0; b < sizeof ns / sizeof ns[0]; b++)
      for (int apart = 0; apart < 2; apart++)
	{
	  int m = ms[a], n = ns[b];
""")
    for name, t in calls:
        out.append(f"\t  run_{t} ((void (*) (int, int, {t} (*)[], {t} (*)[], {t} *, {t} *, {t} *, {t} *)) {name}, m, n, apart);\n")
    out.append("\t}\n  return 0;\n}\n")
    return "".join(out)
