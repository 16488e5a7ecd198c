#!/usr/bin/env python3
"""wavefront-programs.py - random C programs of triangular loop nests.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each a
nest of an outer loop i (up or down), an inner loop j that starts at a
distance of i (up, or down for a lower triangle) and ends near n or a
parameter m (two cells from the edges of the n x n array), and inside it a loop k
(over the cells between i and j, or the whole row) that combines
cells of the row and the column; each iteration reads its own cell and up
to three neighbours at offsets in [-2, 2] x [-2, 2] (mostly ones on earlier
diagonals, written earlier, or on later ones, written later) and writes
its cell.  Some of these nests may run by wavefronts (their parallelism lies
along diagonals), some must not (a neighbour overwritten later, or one on
the same diagonal); the cells are unsigned (wrapping, defined) or double.
A main calls each function for several sizes and prints a checksum of
the whole array after each call.  testsuite/run/reductions-random.sh
--programs wavefront builds each program with and without the plugin and
compares what they print: the plugin keeps every cell's arithmetic in its
order, so the outputs must be equal, doubles included.

  reduction-programs.py --kind wavefront DIR FIRST LAST
"""

import random


def nest(r, name):
    real = r.random() < 0.5
    t = "double" if real else "unsigned"
    shape = r.choice(["upper", "upper", "upper-le", "upper-m", "lower"])
    # Mostly the orientation whose cells between i and j lie on earlier
    # diagonals (i down over an upper triangle, up over a lower one).
    up = (shape == "lower") == (r.random() < 0.8)
    a0, a1 = r.randint(0, 2), r.randint(0, 2)
    outer = (f"for (int i = 2 + {a0}; i < n - 2 - {a1}; i++)" if up
             else f"for (int i = n - 3 - {a1}; i >= 2 + {a0}; i--)")
    s, e = r.randint(0, 2), r.randint(0, 2)
    if shape == "upper":
        inner = f"for (int j = i + {s}; j < n - 2 - {e}; j++)"
    elif shape == "upper-le":
        inner = f"for (int j = i + {s}; j <= n - 3 - {e}; j++)"
    elif shape == "upper-m":
        inner = f"for (int j = i + {s}; j < m - 2; j++)"
    else:
        inner = f"for (int j = i - {s}; j >= 2 + {e}; j--)"
    kind = r.choice(["between", "between", "fixed"])
    if kind == "between":
        lo, hi = ("i + 1", "j") if shape != "lower" else ("j + 1", "i")
        krange = f"for (int k = {lo}; k < {hi}; k++)"
    else:
        krange = "for (int k = 0; k < n; k++)"
    cell = lambda di, dj: f"x[i + {di}][j + {dj}]"

    def neighbour():
        # Mostly one a wavefront keeps in order: its writer on an earlier
        # diagonal and earlier in the loops' order, or on a later one and
        # later; the distance along the outer loop is da, across the
        # diagonals db.
        while True:
            di, dj = r.randint(-2, 2), r.randint(-2, 2)
            da = di if up else -di
            db = dj - di if shape != "lower" else di - dj
            kept = (da <= 0 and db < 0) or (da >= 0 and db > 0)
            if kept or r.random() < 0.15:
                return cell(di, dj)

    terms = [cell(0, 0)] + [neighbour() for _ in range(r.randint(1, 3))]
    if real:
        start = " + ".join(f"{c} * {r.choice(['0.5', '0.25', '0.125'])}" for c in terms)
        step = "v = v * 0.5 + x[i][k] * x[k][j] * 0.25;"
    else:
        start = " + ".join(f"{c} * {r.choice(['3u', '5u', '7u'])}" for c in terms)
        step = r.choice(["v = (v ^ x[i][k]) + x[k][j];",
                         "v = v > x[i][k] + x[k][j] ? v : x[i][k] + x[k][j];"])
    return t, f"""
__attribute__((noinline)) void
{name} (int n, int m, {t} x[n][n])
{{
  {outer}
    {inner}
      {{
	{t} v = {start};
	{krange}
	  {step}
	x[i][j] = v;
      }}
}}
"""


def program(seed):
    r = random.Random(seed)
    size = r.randint(20, 90)
    out = ["#include <stdio.h>\n#include <stdlib.h>\n"]
    calls = []
    for f in range(5):
        t, text = nest(r, f"f{f}")
        out.append(text)
        calls.append((f"f{f}", t))
    out.append(f"""
static void
run_unsigned (void (*f) (int, int, unsigned (*)[]), int n, int m)
{{
  unsigned (*x)[n] = malloc (sizeof (unsigned[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i][j] = (unsigned) (i * 31 + j * 17) % 97u;
  f (n, m, (unsigned (*)[]) x);
  unsigned long s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s = s * 1000003u + x[i][j];
  printf ("%d %d %lu\\n", n, m, s);
  free (x);
}}

static void
run_double (void (*f) (int, int, double (*)[]), int n, int m)
{{
  double (*x)[n] = malloc (sizeof (double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i][j] = (double) ((i * 13 + j * 7) % 29) / 16.0;
  f (n, m, (double (*)[]) x);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s = s * 0.999 + x[i][j];
  printf ("%d %d %.17g\\n", n, m, s);
  free (x);
}}

int
main (void)
{{
  int sizes[] = {{0, 1, 4, 5, 6, 8, {size}}};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    {{
      int n = sizes[k], m = n - (int) (k % 3);
""")
    for name, t in calls:
        out.append(f"      run_{t} ((void (*) (int, int, {t} (*)[])) {name}, n, m);\n")
    out.append("    }\n  return 0;\n}\n")
    return "".join(out)
