#!/usr/bin/env python3
"""cells-programs.py - random C programs of nests that update cells in memory.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each a
nest of two loops (i, then j) through plain pointers that may overlap:
the inner loop updates one cell c[i] (or c[i + 1], c[0]) from itself,
and also updates or reads other arrays (t[j], w[...], a[...]), in a
random order; some nests also read the cell after its update, read or
write another cell of its array (c[j], c[j + 2]: nothing may be carried;
c[n + 1 + j], past every cell: the model proves it apart), update two
cells of it, or start the cell before the inner loop. GCC keeps such a
cell in memory when its array could overlap the others; in the copy where
the region's overlap test holds, the plugin carries it in a register
(docs/codegen.md, Cells carried in registers). A main calls each
function with the arrays apart and overlapping in several ways (the cell
array the same as t, one element after it, inside w, inside a), for
several sizes, and prints a checksum of the memory after each call.
The values are unsigned (wrapping, defined) or small doubles.
testsuite/run/reductions-random.sh --programs cells builds each program
with and without the plugin and compares what they print: carrying a
cell in a register keeps every operation and its order, so the outputs
must be equal, doubles included.

Some nests (trisolv's form) store only the cell in the inner loop and
read other cells of its array, c[j] for j below, above or up to i, or
c[j + 1]: PRE keeps the cell in a register and stores it each iteration;
where the model proves the other cells apart (j < i, j > i), the plugin
moves the store after the loop (docs/codegen.md, Cells carried in
registers); where the loop reads the cell itself (j <= i, j + 1 = i),
nothing may move.

  reduction-programs.py --kind cells DIR FIRST LAST
"""

import random


def stored_nest(r, name, real):
    """The inner loop stores only c[i], reading c[...] of other j."""
    t = "double" if real else "unsigned"
    bounds, other = r.choice([
        (("0", "i"), "c[j]"),
        (("0", "i"), "c[j]"),
        (("i + 1", "m"), "c[j]"),
        (("0", "i + 1"), "c[j]"),
        (("0", "i"), "c[j + 1]"),
        (("0", "m"), "c[n + 1 + j]"),
    ])
    ops = ["+", "-"] if real else ["+", "-", "^"]
    src = r.choice([f"a[i * m + j] * {other}", f"{other}", f"({other} + t[j])", f"a[j] * {other}"])
    if real:
        src = f"{src} / 8"
    stmt = f"c[i] = c[i] {r.choice(ops)} {src};"
    start = r.choice(["", "c[i] = a[i];", "c[i] = t[i];"])
    after = r.choice(["", "c[i] = c[i] / 2;" if real else "c[i] = c[i] >> 1;", "t[i] = c[i];"])
    return t, f"""
__attribute__((noinline)) void
{name} (int n, int m, {t} *c, {t} *t, {t} *a, {t} *w)
{{
  for (int i = 0; i < n; i++)
    {{
      {start}
      for (int j = {bounds[0]}; j < {bounds[1]}; j++)
        {stmt}
      {after}
    }}
}}
"""


def nest(r, name):
    real = r.random() < 0.5
    if r.random() < 0.3:
        return stored_nest(r, name, real)
    t = "double" if real else "unsigned"
    cell = r.choice(["c[i]", "c[i]", "c[i]", "c[i + 1]", "c[0]"])
    ops = ["+", "-"] if real else ["+", "-", "^", "*"]
    op = r.choice(ops)
    src = r.choice(["a[i * m + j]", "a[j]", "t[j]", "(a[i * m + j] * a[j])", "(t[j] + a[j])"])
    if not real and op == "*":
        src = f"({src} | 1u)"
    stmts = [f"{cell} = {cell} {op} {src};"]
    # Other work in the inner loop.
    for _ in range(r.randint(1, 3)):
        other = r.choice([
            f"t[j] = t[j] + a[i * m + j];",
            f"t[j] = t[j] - {cell};",
            f"w[j] = {cell} + a[j];",
            f"w[i * m + j] = t[j];",
            f"t[j] = a[j] * 2;",
        ])
        stmts.append(other)
    # Other cells of the cell's array: some the cell may be (nothing may be
    # carried), some past every cell (the model proves them apart).
    if r.random() < 0.4:
        stmts.append(r.choice(["c[j + 2] = a[j];", "w[j] = c[j];", "c[n + 1 + j] = c[n + 1 + j] + a[j];", "c[n + 1 + j] = t[j];"]))
    if r.random() < 0.15:
        stmts.append(f"{r.choice(['c[i + 1]', 'c[0]', 'c[i]'])} = {cell} + 1;")
    r.shuffle(stmts)
    body = "\n        ".join(stmts)
    start = r.choice(["", f"c[i] = a[i];", f"{cell} = 0;"])
    after = r.choice(["", f"t[i] = t[i] + {cell};", f"w[i] = c[i];"])
    jstart = r.choice(["0", "0", "1"])
    return t, f"""
__attribute__((noinline)) void
{name} (int n, int m, {t} *c, {t} *t, {t} *a, {t} *w)
{{
  for (int i = 0; i < n; i++)
    {{
      {start}
      for (int j = {jstart}; j < m; j++)
        {{
        {body}
        }}
      {after}
    }}
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
/* The arrays at offsets into one pool: apart, or overlapping as LAYOUT
   says.  */
static void
run_{t} (void (*f) (int, int, {t} *, {t} *, {t} *, {t} *), int n, int m, int layout)
{{
  long cells = (long) n * m + n + m + 8, size = 4 * cells + 8;
  {t} *pool = malloc (sizeof ({t}) * size);
  for (long k = 0; k < size; k++)
    pool[k] = {init};
  {t} *c = pool, *t = pool + cells, *a = pool + 2 * cells, *w = pool + 3 * cells;
  switch (layout)
    {{
    case 1: c = t; break;
    case 2: c = t + 1; break;
    case 3: c = w + n; break;
    case 4: c = a + m; break;
    case 5: t = c + 1; break;
    default: break;
    }}
  f (n, m, c, t, a, w);
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
  int sizes[][2] = {{{{0, 0}}, {{0, 4}}, {{3, 0}}, {{1, 1}}, {{2, 5}}, {{7, 3}}, {{{big}, {big + 11}}}}};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    for (int layout = 0; layout < 6; layout++)
      {{
        int n = sizes[k][0], m = sizes[k][1];
""")
    for name, t in calls:
        out.append(f"        run_{t} ({name}, n, m, layout);\n")
    out.append("      }\n  return 0;\n}\n")
    return "".join(out)
