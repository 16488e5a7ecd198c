#!/usr/bin/env python3
"""solver-file.py - one large C file shaped like a CFD solver, for compile time.

Writes a translation unit in the manner of an implicit 3D flow solver
with a 5-component state: file-scope arrays of a fixed declared size
(u, rhs, forcing as [N][N][N][5], the per-cell blocks lhs as
[N][N][N][3][5][5]), loop extents read at run time from the global
grid[3], scratch 5x5 matrices at file scope written and read in each
cell, per-cell 5x5 block operations in static helpers, and these nests,
FUNCS functions of them, about NESTS each (seeded):

- copy:     rhs = forcing over the cells and components;
- primitive: per-cell scalars from the state (1/(1+rho^2) for 1/rho, so
            that it stays finite; velocities, q);
- flux:     a centred difference of the state and the scalars along one
            direction, the interior cells (1 .. grid-2);
- dissip:   a fourth difference along one direction (3 .. grid-4);
- scale:    rhs *= dt, loops in another order (j, k, m, i);
- jacobian: the scratch matrices fjac/njac from one cell's state, then
            one block of lhs from them;
- sweep:    a block forward elimination along one direction (a chain
            along it, the two others free), through the static helpers;
- update:   u += dt rhs/(1+rhs^2) over the interior (a bounded step: the
            state stays finite through every function, and the checksums
            are numbers, not NaN).

A main sets grid from its argument (default 14, at most N), fills the
state from the cells' indices, runs every function in order twice and
prints checksums of u, rhs and lhs with all their digits: no nest sums
anything, so every correct build prints the same.  This is the
application-sized file of issue 49, item 5 (testsuite/run/large-file.sh
times it, plain and with the plugin, and runs it at 1, 2 and 4 threads).

  solver-file.py [--funcs F] [--nests K] [--seed S] [-o FILE]
"""

import argparse
import random
import sys

N = 24  # the declared extent of each spatial dimension
DIRS = [("i", 0), ("j", 1), ("k", 2)]


def cell(d=None, off=0):
    """The subscripts [k][j][i] of a cell, offset by off along direction d."""
    s = {"k": "k", "j": "j", "i": "i"}
    if d is not None and off:
        s[d] = f"{d} {'+' if off > 0 else '-'} {abs(off)}"
    return f"[{s['k']}][{s['j']}][{s['i']}]"


def loops(ranges, body, indent="  "):
    """Nested for loops over (var, lo, hi_inclusive) and a body's lines."""
    out, ind = [], indent
    for v, lo, hi in ranges:
        out.append(f"{ind}for ({v} = {lo}; {v} <= {hi}; {v}++)")
        ind += "  "
    out[-1] += " {"
    out += [ind + line for line in body]
    out.append(indent + "  " * (len(ranges) - 1) + "}")
    return out


def interior(lo_off=1):
    return [(v, lo_off, f"grid[{n}] - {lo_off + 1}") for v, n in reversed(DIRS)]


def whole():
    return [(v, 0, f"grid[{n}] - 1") for v, n in reversed(DIRS)]


def nest_copy(r):
    return loops(whole() + [("m", 0, 4)], [f"rhs{cell()}[m] = forcing{cell()}[m];"])


def nest_primitive(r):
    c = cell()
    return loops(whole(), [
        f"double rho_inv = 1.0 / (1.0 + u{c}[0] * u{c}[0]);",
        f"rho_i{c} = rho_inv;",
        f"us{c} = u{c}[1] * rho_inv;",
        f"vs{c} = u{c}[2] * rho_inv;",
        f"ws{c} = u{c}[3] * rho_inv;",
        f"square{c} = 0.5 * (u{c}[1] * u{c}[1] + u{c}[2] * u{c}[2] + u{c}[3] * u{c}[3]) * rho_inv;",
        f"qs{c} = square{c} * rho_inv;",
    ])


def nest_flux(r):
    d, _ = r.choice(DIRS)
    vel = {"i": "us", "j": "vs", "k": "ws"}[d]
    mom = {"i": 1, "j": 2, "k": 3}[d]
    c, p, q = cell(), cell(d, 1), cell(d, -1)
    a, b = r.choice(["dx1", "dy1", "dz1"]), r.choice(["tx2", "ty2", "tz2"])
    body = [f"double vp1 = {vel}{p}, vm1 = {vel}{q};"]
    for m in range(5):
        body.append(f"rhs{c}[{m}] += {a} * (u{p}[{m}] - 2.0 * u{c}[{m}] + u{q}[{m}])"
                    f" - {b} * (u{p}[{m}] * vp1 - u{q}[{m}] * vm1);")
    body.append(f"rhs{c}[{mom}] -= {b} * c2 * (u{p}[4] - square{p} - u{q}[4] + square{q});")
    return loops(interior(), body)


def nest_dissip(r):
    d, n = r.choice(DIRS)
    c = cell()
    rng = [(v, 3 if v == d else 1, f"grid[{m}] - {4 if v == d else 2}") for v, m in reversed(DIRS)]
    expr = (f"u{cell(d, -2)}[m] - 4.0 * u{cell(d, -1)}[m] + 6.0 * u{c}[m]"
            f" - 4.0 * u{cell(d, 1)}[m] + u{cell(d, 2)}[m]")
    return loops(rng + [("m", 0, 4)], [f"rhs{c}[m] -= dssp * ({expr});"])


def nest_scale(r):
    c = cell()
    order = [("j", 1, "grid[1] - 2"), ("k", 1, "grid[2] - 2"), ("m", 0, 4), ("i", 1, "grid[0] - 2")]
    return loops(order, [f"rhs{c}[m] *= dt;"])


def nest_jacobian(r):
    c = cell()
    blk = r.randint(0, 2)
    t = r.choice(["tx1", "ty1", "tz1"])
    body = [f"double tmp1 = rho_i{c}, tmp2 = tmp1 * tmp1;",
            "fjac[0][0] = 0.0; fjac[0][1] = 1.0; fjac[0][2] = 0.0; fjac[0][3] = 0.0; fjac[0][4] = 0.0;",
            f"fjac[1][0] = -(u{c}[1] * u{c}[1] * tmp2) + c2 * qs{c};",
            f"fjac[1][1] = (2.0 - c2) * u{c}[1] * tmp1;",
            f"fjac[1][2] = -c2 * u{c}[2] * tmp1; fjac[1][3] = -c2 * u{c}[3] * tmp1; fjac[1][4] = c2;",
            f"fjac[2][0] = -(u{c}[1] * u{c}[2]) * tmp2; fjac[2][1] = u{c}[2] * tmp1;",
            f"fjac[2][2] = u{c}[1] * tmp1; fjac[2][3] = 0.0; fjac[2][4] = 0.0;",
            f"fjac[3][0] = -(u{c}[1] * u{c}[3]) * tmp2; fjac[3][1] = u{c}[3] * tmp1;",
            f"fjac[3][2] = 0.0; fjac[3][3] = u{c}[1] * tmp1; fjac[3][4] = 0.0;",
            f"fjac[4][0] = (c2 * 2.0 * square{c} - c1 * u{c}[4]) * u{c}[1] * tmp2;",
            f"fjac[4][1] = c1 * u{c}[4] * tmp1 - c2 * qs{c};",
            f"fjac[4][2] = -c2 * u{c}[2] * u{c}[1] * tmp2; fjac[4][3] = -c2 * u{c}[3] * u{c}[1] * tmp2;",
            f"fjac[4][4] = c1 * u{c}[1] * tmp1;",
            "for (m = 0; m < 5; m++)",
            "  for (n = 0; n < 5; n++)",
            f"    njac[m][n] = (m == n ? c3c4 : 0.0) * tmp1 + con43 * fjac[m][n] * tmp2;",
            "for (m = 0; m < 5; m++)",
            "  for (n = 0; n < 5; n++)",
            f"    lhs{c}[{blk}][m][n] = -dt * {t} * fjac[m][n] - dt * {t} * njac[m][n]"
            " + (m == n ? 1.0 : 0.0);"]
    return loops(interior(), body)


def nest_sweep(r):
    d, n = r.choice(DIRS)
    others = [(v, 1, f"grid[{m}] - 2") for v, m in reversed(DIRS) if v != d]
    c, q = cell(), cell(d, -1)
    body = [f"matvec_sub(lhs{c}[0], rhs{q}, rhs{c});",
            f"binv_scale(lhs{c}[1], rhs{c});"]
    return loops(others + [(d, 1, f"grid[{n}] - 2")], body)


def nest_update(r):
    c = cell()
    return loops(interior() + [("m", 0, 4)], [f"u{c}[m] += dt * rhs{c}[m] / (1.0 + rhs{c}[m] * rhs{c}[m]);"])


KINDS = [nest_copy, nest_primitive, nest_flux, nest_flux, nest_dissip, nest_scale,
         nest_jacobian, nest_sweep, nest_update]

PRELUDE = f"""/* Generated by testsuite/run/solver-file.py: a solver-shaped file. */
#include <stdio.h>
#include <stdlib.h>

#define N {N}
static int grid[3];
static double u[N][N][N][5], rhs[N][N][N][5], forcing[N][N][N][5];
static double us[N][N][N], vs[N][N][N], ws[N][N][N], qs[N][N][N];
static double rho_i[N][N][N], square[N][N][N];
static double lhs[N][N][N][3][5][5];
static double fjac[5][5], njac[5][5];
static double dt = 0.0015, c1 = 1.4, c2 = 0.4, c3c4 = 0.1, con43 = 4.0 / 3.0, dssp = 0.25;
static double dx1 = 0.75, dy1 = 0.75, dz1 = 1.0, tx1 = 0.5, ty1 = 0.5, tz1 = 0.5;
static double tx2 = 0.3, ty2 = 0.3, tz2 = 0.3;

/* r -= a b for a 5x5 block a. */
static void matvec_sub (double a[5][5], double b[5], double r[5])
{{
  int m, n;
  for (m = 0; m < 5; m++)
    for (n = 0; n < 5; n++)
      r[m] -= a[m][n] * b[n] * 1e-3;
}}

/* r /= the diagonal of a. */
static void binv_scale (double a[5][5], double r[5])
{{
  int m;
  for (m = 0; m < 5; m++)
    r[m] = r[m] / (1.0 + a[m][m] * a[m][m]);
}}
"""

MAIN = """
static double checksum (const double *p, long n)
{
  double s = 0.0;
  long x;
  for (x = 0; x < n; x++)
    s += p[x] * (double) (x % 7 + 1);
  return s;
}

int main (int argc, char **argv)
{
  int size = argc > 1 ? atoi (argv[1]) : 14, i, j, k, m, pass;
  if (size < 6 || size > N)
    {
      fprintf (stderr, "size between 6 and %d\\n", N);
      return 2;
    }
  grid[0] = size;
  grid[1] = size - 1;
  grid[2] = size - 2;
  for (k = 0; k < N; k++)
    for (j = 0; j < N; j++)
      for (i = 0; i < N; i++)
        for (m = 0; m < 5; m++)
          {
            u[k][j][i][m] = 1.0 + (m + 1) * 0.1 + (i * 0.01 + j * 0.02 + k * 0.03) / (m + 1);
            forcing[k][j][i][m] = ((i + 2 * j + 3 * k + m) % 11) * 1e-3;
          }
  for (pass = 0; pass < 2; pass++)
    {
@CALLS@
    }
  printf ("u %.17g\\nrhs %.17g\\nlhs %.17g\\n", checksum (&u[0][0][0][0], N * N * N * 5),
          checksum (&rhs[0][0][0][0], N * N * N * 5), checksum (&lhs[0][0][0][0][0][0], N * N * N * 75));
  return 0;
}
"""


def function(r, name, nests):
    body = []
    for _ in range(nests):
        body += r.choice(KINDS)(r)
    return [f"static void {name} (void)", "{", "  int i, j, k, m, n;", "  (void) n;"] + body + ["}", ""]


def main():
    ap = argparse.ArgumentParser(description="a solver-shaped C file for compile time")
    ap.add_argument("--funcs", type=int, default=40)
    ap.add_argument("--nests", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", metavar="FILE")
    a = ap.parse_args()
    r = random.Random(a.seed)
    lines = [PRELUDE]
    names = [f"step{f}" for f in range(a.funcs)]
    for name in names:
        lines += function(r, name, r.randint(a.nests // 2, a.nests * 3 // 2))
    calls = "\n".join(f"      {n} ();" for n in names)
    text = "\n".join(lines) + MAIN.replace("@CALLS@", calls)
    (open(a.o, "w") if a.o else sys.stdout).write(text)


if __name__ == "__main__":
    main()
