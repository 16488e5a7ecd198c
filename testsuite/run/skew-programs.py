#!/usr/bin/env python3
"""skew-programs.py - random C programs of stencils swept in place.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each a
time loop t around a pair of loops i and j (each up or down, i two cells
from the edges of the n x n array x and j five, j sometimes ending at a
parameter m) whose iteration writes x[i][j] from its own
cell and three to ten neighbours at offsets in [-2, 2] x [-5, 5]
(mostly distinct cells of rows i - 1 to i + 1; few reads over many rows
are refused, too little work per cache line): mostly
cells the row before or the cell before wrote (a chain along the inner
loop that the pair by diagonals breaks), sometimes cells far enough along
the row that no diagonal up to a factor of 4 keeps them in order, or the
row's last cell.  Some nests also read a second array y, passed either
apart from x or as x itself (the region's overlap test decides which copy
runs), and some write y's cell from x's new value in a second statement.
The cells are unsigned (wrapping, defined) or double.  A main calls each
function for several sizes and prints a checksum of the arrays after each
call.  testsuite/run/reductions-random.sh --programs skew builds each
program with and without the plugin and compares what they print: the
plugin keeps every cell's arithmetic in its order, so the outputs must be
equal, doubles included.

  reduction-programs.py --kind skew DIR FIRST LAST
"""

import random


def nest(r, name):
    real = r.random() < 0.5
    t = "double" if real else "unsigned"
    ctr = "long" if r.random() < 0.1 else "int"
    up_i, up_j = r.random() < 0.75, r.random() < 0.75
    a0, a1, b0, b1 = (r.randint(0, 2) for _ in range(4))
    outer = (f"for ({ctr} i = 2 + {a0}; i < n - 2 - {a1}; i++)" if up_i
             else f"for ({ctr} i = n - 3 - {a1}; i >= 2 + {a0}; i--)")
    end = "m - 5" if r.random() < 0.2 else f"n - 5 - {b1}"
    inner = (f"for ({ctr} j = 5 + {b0}; j < {end}; j++)" if up_j
             else f"for ({ctr} j = {end} - 1; j >= 5 + {b0}; j--)")
    # Distinct cells, mostly of rows i - 1 to i + 1 (enough reads a row
    # for the pair to pay), a few two rows away, five columns on, or the
    # row's last cell.
    near = [(di, dj) for di in (-1, 0, 1) for dj in range(-2, 3) if (di, dj) != (0, 0)]
    r.shuffle(near)

    def neighbour(k):
        kind = r.random()
        if kind < 0.03:
            return "x[i - 1][n - 3]" if up_i else "x[i + 1][n - 3]"
        if kind < 0.08:
            di, dj = r.choice([-2, 2]), r.randint(-2, 2)
        elif kind < 0.12:
            di, dj = r.randint(-1, 1), r.choice([-5, -4, -3, 3, 4, 5])
        else:
            di, dj = near[k]
        return f"x[i + {di}][j + {dj}]"

    chain = ("x[i][j - 1]" if up_j else "x[i][j + 1]")
    terms = ["x[i][j]"] + ([chain] if r.random() < 0.8 else []) + [neighbour(k) for k in range(r.randint(3, 10))]
    second = r.random() < 0.3
    if r.random() < 0.3:
        terms.append(f"y[i][j + {r.randint(-1, 1)}]")
    if real:
        rhs = " + ".join(f"{c} * {r.choice(['0.5', '0.25', '0.125'])}" for c in terms)
    else:
        rhs = " + ".join(f"{c} * {r.choice(['3u', '5u', '7u'])}" for c in terms)
    body = f"x[i][j] = {rhs};"
    if second:
        body += f"\n\t  y[i][j] = x[i][j] {'*' if real else '^'} {'0.5' if real else '5u'};"
    return t, f"""
__attribute__((noinline)) void
{name} (int steps, int n, int m, {t} x[n][n], {t} y[n][n])
{{
  for (int t = 0; t < steps; t++)
    {outer}
      {inner}
	{{
	  {body}
	}}
}}
"""


def program(seed):
    r = random.Random(seed)
    size = r.randint(45, 90)
    out = ["#include <stdio.h>\n#include <stdlib.h>\n"]
    calls = []
    for f in range(5):
        t, text = nest(r, f"f{f}")
        out.append(text)
        calls.append((f"f{f}", t))
    for t, init, fold, fmt in (("unsigned", "(unsigned) (i * 31 + j * 17) % 97u", "s * 1000003u + x[i][j] + y[i][j]", "%lu"),
                               ("double", "(double) ((i * 13 + j * 7) % 29) / 16.0", "s * 0.999 + x[i][j] + y[i][j] * 0.5", "%.17g")):
        st = "unsigned long" if t == "unsigned" else "double"
        out.append(f"""
static void
run_{t} (void (*f) (int, int, int, {t} (*)[], {t} (*)[]), int n, int m, int apart)
{{
  {t} (*x)[n] = malloc (sizeof ({t}[n][n]) + 1);
  {t} (*y)[n] = apart ? malloc (sizeof ({t}[n][n]) + 1) : x;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {{
	x[i][j] = {init};
	y[i][j] = x[i][j];
      }}
  f (3, n, m, ({t} (*)[]) x, ({t} (*)[]) y);
  {st} s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s = {fold};
  printf ("%d %d %d {fmt}\\n", n, m, apart, s);
  if (apart)
    free (y);
  free (x);
}}
""")
    out.append(f"""
int
main (void)
{{
  int sizes[] = {{0, 1, 4, 5, 6, 7, 8, 9, 30, {size}}};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    for (int apart = 0; apart < 2; apart++)
      {{
	int n = sizes[k], m = n - (int) (k % 3);
""")
    for name, t in calls:
        out.append(f"\trun_{t} ((void (*) (int, int, int, {t} (*)[], {t} (*)[])) {name}, n, m, apart);\n")
    out.append("      }\n  return 0;\n}\n")
    return "".join(out)
