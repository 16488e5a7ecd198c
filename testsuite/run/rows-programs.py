#!/usr/bin/env python3
"""rows-programs.py - random C programs of loops around rows whose length
is read from memory.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each a
loop over rows j around an inner loop over the row's cells whose count the
program reads from memory (CSR rows from start[j] to start[j + 1]; jagged
rows from 0 to len[j]; rows from start[j] for len[j] cells, also as
do-while loops that run at least once), which the
model runs any number of times, under may-semantics.  The inner loop sums
products into a running value or into the row's cell in memory, reads
through an index array (col), writes a scratch buffer from its start, or
writes cells at its counter (apart across rows, or shared by all rows);
after it the row stores its sum, reads the scratch buffer's first cells
(which an empty or short row leaves from an earlier row), or reads its
neighbour's cell (a dependence between rows).  Rows are empty, short and
long.  The cells are unsigned (wrapping, defined) or double.  A main calls
each function for several row counts and prints a checksum of every array
after each call.  testsuite/run/reductions-random.sh --programs rows builds
each program with and without the plugin and compares what they print:
the rows run in parallel only where no row depends on another, so the
outputs must be equal, doubles included.

  reduction-programs.py --kind rows DIR FIRST LAST
"""

import random

NR = 600
NZ = 6000


def row(r):
    """The inner loop's opening and closing lines, and the cell a row's k
    stands for.  The do-while rows run at least once, with no guard
    before them: only the model's may-semantics keeps a short row from
    seeming to write the scratch cells past its end."""
    return r.choice([
        ("for (int k = start[j]; k < start[j + 1]; k++)\n  {", "  }", "k"),
        ("for (int k = 0; k < len[j]; k++)\n  {", "  }", "k"),
        ("for (int k = 0; k < len[j]; k++)\n  {", "  }", "start[j] + k"),
        ("int k = 0;\ndo\n  {", "  }\nwhile (++k < len[j]);", "start[j] + k"),
    ])


def nest(r, name, t):
    head, tail, cell = row(r)
    body, pre, post = [], [], []
    uses_acc = False
    for _ in range(r.randint(1, 3)):
        form = r.randrange(7)
        if form == 0:
            body.append(f"acc += w[{cell}] * x[col[{cell}]];")
            uses_acc = True
        elif form == 1:
            body.append(f"y[j] += w[{cell}] * ({t}) 3;")
        elif form == 2:
            # The scratch buffer from its start: the row's own cells.
            body.append(f"buf[k] = w[{cell}] + ({t}) j;")
            post.append(r.choice(["z[j] = buf[0];", "z[j] = buf[2] + buf[1];"]))
        elif form == 3:
            # At the counter: apart across CSR rows, shared by jagged ones.
            body.append(f"v[k] = w[{cell}] * ({t}) 2 + ({t}) j;")
        elif form == 4:
            body.append(f"if (w[{cell}] > ({t}) 4) y[j] += ({t}) 1;")
        elif form == 5:
            # The next row's cell: rows depend on each other.
            body.append(f"y[j + 1] += w[{cell}];")
        else:
            body.append(f"v[k] += y[j];")
    if uses_acc:
        pre.append(f"{t} acc = 0;")
        post.append(r.choice(["y[j] = acc;", "z[j] = acc + y[j];"]))
    if r.random() < 0.2:
        post.append("z[j] += y[j - 1 < 0 ? 0 : j - 1];")
    lines = "\n      ".join(pre + head.split("\n") + ["    " + b for b in body] + tail.split("\n") + post)
    return f"""
__attribute__((noinline)) void
{name} (int n)
{{
  for (int j = 0; j < n; j++)
    {{
      {lines}
    }}
}}
"""


def program(seed):
    r = random.Random(seed)
    t = r.choice(["double", "unsigned"])
    fmt = "%.17g" if t == "double" else "%u"
    out = [f"""#include <stdio.h>

{t} w[{NZ}], v[{NZ}], x[{NR}], y[{NR + 1}], z[{NR}], buf[{NZ}];
int col[{NZ}], start[{NR + 1}], len[{NR}];
"""]
    names = [f"f{k}" for k in range(5)]
    for nm in names:
        out.append(nest(r, nm, t))
    calls = "\n".join(f"      {nm} (n);\n      dump (\"{nm}\", n);" for nm in names)
    long_row = r.randrange(NR)
    out.append(f"""
static void
dump (const char *f, int n)
{{
  {t} s = 0;
  for (int k = 0; k < {NZ}; k++)
    s += (v[k] + buf[k]) * ({t}) (k % 7 + 1);
  for (int k = 0; k < {NR}; k++)
    s += (y[k] + z[k]) * ({t}) (k % 5 + 1);
  printf ("%s %d {fmt}\\n", f, n, s);
}}

int
main (void)
{{
  /* Rows of 0 to 6 cells, none in every 5th, and one of {NZ // 3}.  */
  start[0] = 0;
  for (int j = 0; j < {NR}; j++)
    {{
      len[j] = j == {long_row} ? {NZ // 3} : (j * 7 + {seed}) % 7 * (j % 5 != 0);
      start[j + 1] = start[j] + len[j];
    }}
  for (int k = 0; k < {NZ}; k++)
    {{
      w[k] = ({t}) ((k * 13 + {seed}) % 9);
      col[k] = (k * 31 + 7) % {NR};
    }}
  for (int k = 0; k < {NR}; k++)
    x[k] = ({t}) (k % 11);
  int sizes[] = {{0, 1, 2, 5, 64, {NR - 1}}};
  for (unsigned c = 0; c < sizeof sizes / sizeof sizes[0]; c++)
    {{
      int n = sizes[c];
{calls}
    }}
  return 0;
}}
""")
    return "".join(out)
