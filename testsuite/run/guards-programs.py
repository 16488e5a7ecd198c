#!/usr/bin/env python3
"""guards-programs.py - random C programs of nests GCC splits on their counters.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each a
nest of two loops (i, then j) over arrays through plain pointers whose
inner body chooses by a condition on its counter against the outer one
(`j < i`, `j <= i + 1`, `j > i - 2`, `j >= n - i`) or against a parameter
(`j < m`). At -O3 GCC splits such an inner loop in two (-fsplit-loops):
the second part starts from a merge of the first part's exit value and
its start, which the plugin models where it is one value of the outer
counter wherever the second part runs (docs/codegen.md, Split loops and
hoisted tests at -O3), so that the outer loop can be a region. The
bodies write row i of an array from itself, from another array, from row
i - 1 (the outer loop then carries a flow), from column i (rows read
other rows), or add into x[i]; the inner loop counts up or down, from 0,
1 or i. A main calls each function for several sizes and parameter
values, with the arrays apart and with the second array the first one
shifted by a row, and prints a checksum of the memory after each call.
The values are unsigned (wrapping, defined) or small doubles.
testsuite/run/reductions-random.sh --programs guards builds each program
with and without the plugin and compares what they print: exactly.

  reduction-programs.py --kind guards DIR FIRST LAST
"""

import random


def nest(r, name):
    real = r.random() < 0.5
    t = "double" if real else "unsigned"
    cond = r.choice(["j < i", "j <= i", "j < i + 1", "j <= i + 1", "j > i", "j > i - 2", "j >= i", "j < m", "j >= n - i", "j < i + m"])
    down = r.random() < 0.25
    first = r.choice(["0", "0", "0", "1", "i"])
    kinds = ["own", "own", "other", "prev", "column", "sum"]
    kind = r.choice(kinds)
    val_a = r.choice(["a[i * n + j] + 1", "b[j] * 3", "(i + j) % 7", "b[i * n + j] - b[j]"])
    val_b = r.choice(["a[i * n + j] - 2", "b[i * n + j]", "i - j", "-j"])
    if kind == "other":
        val_a, val_b = "b[i * n + j] + 1", "b[j] + i"
    if kind == "prev":
        val_a, val_b = "a[(i - 1) * n + j] + 1", "a[(i - 1) * n + j] * 2"
    if kind == "column":
        val_a, val_b = "a[j * n + i] + 1", "b[j]"
    if kind == "sum":
        stmt = f"x[i] = x[i] + ({cond} ? ({t}) ({val_a}) : ({t}) ({val_b}));"
    else:
        stmt = f"a[i * n + j] = {cond} ? ({t}) ({val_a}) : ({t}) ({val_b});"
    istart = "1" if kind == "prev" else "0"
    if down:
        jloop = f"for (int j = n - 1; j >= {first}; j--)"
    else:
        jloop = f"for (int j = {first}; j < n; j++)"
    return t, f"""
__attribute__((noinline)) void
{name} (int n, int m, {t} *a, {t} *b, {t} *x)
{{
  for (int i = {istart}; i < n; i++)
    {jloop}
      {stmt}
}}
"""


def program(seed):
    r = random.Random(seed)
    big = r.randint(40, 90)
    out = ["#include <stdio.h>\n#include <stdlib.h>\n"]
    calls = []
    for f in range(5):
        t, text = nest(r, f"f{f}")
        out.append(text)
        calls.append((f"f{f}", t))
    for t, fmt, acc, init in (("unsigned", "%lu", "unsigned long", "(unsigned) (k * 2654435761u) % 97u"),
                              ("double", "%.17g", "double", "(double) ((k * 13) % 29) / 16.0")):
        mix = "s * 1000003u + " if t == "unsigned" else "s * 0.999 + "
        out.append(f"""
/* The arrays in one pool: apart, or b one row after a.  */
static void
run_{t} (void (*f) (int, int, {t} *, {t} *, {t} *), int n, int m, int layout)
{{
  long cells = (long) n * n + n + 8, size = 3 * cells;
  {t} *pool = malloc (sizeof ({t}) * size);
  for (long k = 0; k < size; k++)
    pool[k] = {init};
  {t} *a = pool, *b = pool + cells, *x = pool + 2 * cells;
  if (layout)
    b = a + n;
  f (n, m, a, b, x);
  {acc} s = 0;
  for (long k = 0; k < size; k++)
    s = {mix}pool[k];
  printf ("%d %d %d {fmt}\\n", n, m, layout, s);
  free (pool);
}}
""")
    out.append(f"""
int
main (void)
{{
  int sizes[] = {{0, 1, 2, 3, 7, {big}}};
  int params[] = {{-1, 0, 2, 5, {big + 3}}};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    for (unsigned q = 0; q < sizeof params / sizeof params[0]; q++)
      for (int layout = 0; layout < 2; layout++)
        {{
          int n = sizes[k], m = params[q];
""")
    for name, t in calls:
        out.append(f"          run_{t} ({name}, n, m, layout);\n")
    out.append("        }\n  return 0;\n}\n")
    return "".join(out)
