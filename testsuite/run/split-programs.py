#!/usr/bin/env python3
"""split-programs.py - random C programs of loops parallel around one iteration.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: five functions, each
either a Floyd-Warshall-like nest (k, then i, then j over the row: the
cell x[i][j] from itself, x[i][k] and x[k][j]) or a two-level one (k,
then j: the cell y[j] from itself, y[k] and w[j]).  The counters of k and
of the loop inside it start alike (a constant or a parameter a), and end
at bounds of their own (n, a parameter m, by < or <=), so that the
iteration k of the inner loop lies before, inside or past its range, or
does not exist.  In some nests the k loop, from 0, calls a function
holding the loops inside it, k a parameter there (a split around a
parameter, which may lie before the loop's start).  Some nests also read a neighbour (the row before: no
side of the split is parallel; the next column: the j loop is not
parallel), some have a second counter, and some counters start apart
(refused).  The cells are
unsigned (wrapping, defined) or double.  A main calls each function for
several sizes and prints a checksum of the array after each call.
testsuite/run/reductions-random.sh --programs split builds each program
with and without the plugin and compares what they print: a split keeps
the iterations' order, so the outputs must be equal, doubles included.

  reduction-programs.py --kind split DIR FIRST LAST
"""

import random


def bound(r, var, top):
    """The exit test of a loop over VAR whose last value is at most TOP."""
    c = r.randint(0, 2)
    return r.choice([f"{var} < {top} + 1 - {c}", f"{var} <= {top} - {c}", f"{var} < m - 1"])


def nest(r, name, step):
    """A nest NAME; with STEP, the k loop calls NAME_step, which holds the
    loops inside it, with k a parameter of its own."""
    real = r.random() < 0.5
    t = "double" if real else "unsigned"
    start = r.choice(["1", "2", "a"])
    # Mostly alike; apart, the split must be refused.
    inner_start = start if r.random() < 0.85 else f"{start} + 1"
    kloop = f"for (int k = {start}; {bound(r, 'k', 'n - 2')}; k++)"
    if step:
        # From 0: k also below the start of the loop split around it.
        kloop = kloop.replace(f"int k = {start};", "int k = 0;")
    if r.random() < 0.7:
        # Sometimes with a second counter, which each copy must start at
        # its value in the copy's first iteration.
        if r.random() < 0.3:
            iloop = f"for (int i = {inner_start}, c = 7; {bound(r, 'i', 'n - 2')}; i++, c += 3)"
            extra = "c"
        else:
            iloop = f"for (int i = {inner_start}; {bound(r, 'i', 'n - 2')}; i++)"
            extra = r.choice(["", "", "", "x[i - 1][j]", "x[i][j + 1]", "x[k][k]"])
        if real:
            value = "x[i][j] * 0.5 + x[i][k] * x[k][j] * 0.25"
            if extra:
                value += f" + {extra} * 0.125"
        else:
            value = r.choice(["x[i][j] < x[i][k] + x[k][j] ? x[i][j] : x[i][k] + x[k][j]",
                              "(x[i][j] ^ x[i][k]) * 3u + x[k][j]"])
            if extra:
                value = f"({value}) + {extra}"
        inner = f"""{iloop}
      for (int j = 1; j < n - 1; j++)
	x[i][j] = {value};"""
        head = f"{name} (int n, int m, int a, {t} x[n][n])"
        if step:
            return t, "2d", f"""
__attribute__((noinline)) void
{name}_step (int n, int m, int a, int k, {t} x[n][n])
{{
  {inner}
}}

__attribute__((noinline)) void
{head}
{{
  {kloop}
    {name}_step (n, m, a, k, x);
}}
"""
        return t, "2d", f"""
__attribute__((noinline)) void
{head}
{{
  {kloop}
    {inner}
}}
"""
    jloop = f"for (int j = {inner_start}; {bound(r, 'j', 'n - 2')}; j++)"
    extra = r.choice(["", "", "y[j - 1]"])
    if real:
        value = "y[j] * 0.5 + y[k] * w[j] * 0.25"
    else:
        value = r.choice(["y[j] < y[k] + w[j] ? y[j] : y[k] + w[j]", "(y[j] ^ y[k]) * 5u + w[j]"])
    if extra:
        value = f"({value}) + {extra}"
    head = f"{name} (int n, int m, int a, {t} *y, const {t} *w)"
    if step:
        return t, "1d", f"""
__attribute__((noinline)) void
{name}_step (int n, int m, int a, int k, {t} *y, const {t} *w)
{{
  {jloop}
    y[j] = {value};
}}

__attribute__((noinline)) void
{head}
{{
  {kloop}
    {name}_step (n, m, a, k, y, w);
}}
"""
    return t, "1d", f"""
__attribute__((noinline)) void
{head}
{{
  {kloop}
    {jloop}
      y[j] = {value};
}}
"""


def program(seed):
    r = random.Random(seed)
    size, size2 = r.randint(20, 70), r.randint(100, 200)
    out = ["#include <stdio.h>\n#include <stdlib.h>\n"]
    calls = []
    # Which nests leave their k loop to a caller: a generator of its own,
    # so that the other choices stay those of the nests written before.
    steps = random.Random(seed * 31 + 7)
    for f in range(5):
        t, shape, text = nest(r, f"f{f}", steps.random() < 0.4)
        out.append(text)
        calls.append((f"f{f}", t, shape))
    for t, fmt, acc, init in (("unsigned", "%lu", "unsigned long", "(unsigned) (i * 31 + j * 17) % 97u"),
                              ("double", "%.17g", "double", "(double) ((i * 13 + j * 7) % 29) / 16.0")):
        mix = "s * 1000003u + " if t == "unsigned" else "s * 0.999 + "
        out.append(f"""
static void
run2_{t} (void (*f) (int, int, int, {t} (*)[]), int n, int m, int a)
{{
  {t} (*x)[n] = malloc (sizeof ({t}[n][n]) + 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i][j] = {init};
  f (n, m, a, ({t} (*)[]) x);
  {acc} s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s = {mix}x[i][j];
  printf ("%d %d %d {fmt}\\n", n, m, a, s);
  free (x);
}}

static void
run1_{t} (void (*f) (int, int, int, {t} *, const {t} *), int n, int m, int a)
{{
  {t} *y = malloc (sizeof ({t}) * n + 1), *w = malloc (sizeof ({t}) * n + 1);
  for (int k = 0; k < n; k++)
    {{
      int i = k / 7, j = k % 7;
      y[k] = {init};
      w[k] = ({t}) (k % 5);
    }}
  f (n, m, a, y, w);
  {acc} s = 0;
  for (int k = 0; k < n; k++)
    s = {mix}y[k];
  printf ("%d %d %d {fmt}\\n", n, m, a, s);
  free (y);
  free (w);
}}
""")
    out.append(f"""
int
main (void)
{{
  int sizes[] = {{0, 1, 3, 4, 5, 8, {size}, {size2}}};
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    {{
      int n = sizes[k], m = n - (int) (k % 3) * 2, a = 1 + (int) (k % 4);
""")
    for name, t, shape in calls:
        kind = "run2" if shape == "2d" else "run1"
        args = f"{t} (*)[]" if shape == "2d" else f"{t} *, const {t} *"
        out.append(f"      {kind}_{t} ((void (*) (int, int, int, {args})) {name}, n, m, a);\n")
    out.append("    }\n  return 0;\n}\n")
    return "".join(out)
