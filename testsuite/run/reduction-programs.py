#!/usr/bin/env python3
"""reduction-programs.py - random C programs of reduction loops.

Writes, for each seed S of [FIRST, LAST), DIR/pS.c: six functions, each a
loop (or a nest of two or three) that reduces into one variable of a random type
(int, long, unsigned, short, signed char, double) with a random operator
(+=, -=, *=, ^=, |=, &=; +=, -=, *= for double), a random value (array
elements, the counter, an element at an offset, constants), optionally
under a condition (taken on either side of the branch) or two (a second
update on the other side), from a random start, by steps of 1 or 2,
some also handing out the last iteration's value of an expression; and a
main that prints each function's result
for four sizes (0, 5, N and N - 1, N random).  These are the shapes the
plugin rewrites for parloops (reductions of signed integers in unsigned
arithmetic, conditional updates made unconditional, 64-bit counters) or
runs in OpenMP regions of its own (two branches, three loops, last values):
testsuite/run/reductions-random.sh builds each program with and without
the plugin and compares what they print.  The programs have no undefined
behaviour for the values main passes (an int sum stays within int; a
short or signed char result is converted from int, which GCC defines
modulo 2^precision).

  reduction-programs.py [--kind wavefront|split|cells|guards|skew|jam|shift] DIR FIRST LAST
"""

import importlib.util
import os
import random
import sys

TYPES = ["int", "long", "unsigned", "short", "double", "signed char"]


def function(r, name):
    t = r.choice(TYPES)
    real = t == "double"
    op = r.choice(["+=", "-=", "*="] if real else ["+=", "-=", "*=", "^=", "|=", "&="])
    if real:
        value = r.choice(["d[i]", "(double) a[i]", "0.5", "d[i] * d[i]"])
        if op == "*=":
            value = r.choice(["(d[i] > 0 ? 1.0001 : 0.9999)", "1.0"])
    else:
        value = r.choice(["a[i]", "a[i] * 3", "(b[i] >> 3)", "a[i + k]", "i", "(a[i] & 5) - 2", "1"])
        if op == "*=":
            # Small factors whose products of int stay in range: signs and 1s.
            value = r.choice(["((a[i] & 1) ? -1 : 1)", "(a[i] % 5 == 0 ? -1 : 1)"])
    # An int sum stays within int: at most 3 * 40064 terms of at most 3003.
    if t == "int" and op in ("+=", "-=") and value in ("(b[i] >> 3)", "i"):
        value = "a[i]"
    nest = r.choice([1, 1, 1, 2, 3])
    # Three loops: an int sum of up to 6 * 3 * 40064 terms takes small ones.
    if nest == 3 and t == "int" and op in ("+=", "-=") and value not in ("1", "(a[i] & 5) - 2"):
        value = "1"
    cond = r.choice(["", "", "if (a[i] > 0) ", "if (d[i] < 0.3) ", "if (i % 3) ", "if (b[i] & 1) ; else ", "2"])
    if cond == "2":
        # Two conditional updates of one kind: + with -, or the same one.
        other = {"+=": "-=", "-=": "+="}.get(op, op)
        body = f"if (a[i] > 300) s {op} {value}; else if (a[i] < -300) s {other} 1;"
        if op == "*=":
            body = f"if (a[i] > 300) s {op} {value}; else if (a[i] < -300) s {other} {value};"
    else:
        body = f"{cond}s {op} {value};"
    # The last iteration's value of an expression, handed out.
    last = r.random() < 0.3
    if last:
        body = "{ " + body + " w = " + ("d[i] * 2.0" if real else "a[i] - i") + "; }"
    lo = r.choice(["0", "1", "lo"])
    step = r.choice(["i++", "i++", "i += 2"])
    if nest == 3:
        loop = (f"  for (int h = 0; h < m + 3; h++)\n    for (int j = 0; j < m; j++)\n"
                f"      for (int i = {lo}; i < n; {step})\n        {body}")
    elif nest == 2:
        loop = f"  for (int j = 0; j < m; j++)\n    for (int i = {lo}; i < n; {step})\n      {body}"
    else:
        loop = f"  for (int i = {lo}; i < n; {step})\n    {body}"
    init = r.choice(["0", "1", "7", "-3"])
    ret = f"s + ({t}) w" if last else "s"
    text = (f"__attribute__((noinline)) {t}\n{name} (int n, int m, int lo, int k)\n{{\n"
            f"  {t} s = {init};\n  {t} w = 5;\n{loop}\n  return {ret};\n}}\n")
    return text, t


def program(seed):
    r = random.Random(seed)
    n = r.choice([7, 300, 5000, 40000])
    out = ["#include <stdio.h>", f"#define N {n}",
           "static int a[N + 64]; static long b[N + 64]; static double d[N + 64];", ""]
    calls = []
    for f in range(6):
        text, t = function(r, f"f{f}")
        out.append(text)
        fmt, cast = ("%.17g", "(double)") if t == "double" else ("%ld", "(long)")
        for args in ("0, 1, 0, 0", "5, 2, 1, 3", "N, 3, 2, 17", "N - 1, 1, 0, 63"):
            calls.append(f'  printf ("f{f} {fmt}\\n", {cast} f{f} ({args}));')
    out.append("int\nmain (void)\n{")
    out.append("  for (int i = 0; i < N + 64; i++)\n    {\n      a[i] = (i * 7919) % 2003 - 1001;\n"
               "      b[i] = (long) a[i] * 1000003;\n      d[i] = a[i] / 1000.0;\n    }")
    out.extend(calls)
    out.append("  return 0;\n}")
    return "\n".join(out) + "\n"


def main():
    """[--kind KIND] DIR FIRST LAST from the command line: writes DIR/pS.c
    for each seed S, made by this file's `program` or, with --kind, by the
    `program` of KIND-programs.py beside it (wavefront, split)."""
    args, write, usage = sys.argv[1:], program, __doc__
    if args[:1] == ["--kind"] and len(args) > 1:
        here = os.path.dirname(os.path.abspath(__file__))
        spec = importlib.util.spec_from_file_location("programs", os.path.join(here, f"{args[1]}-programs.py"))
        kind = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(kind)
        args, write, usage = args[2:], kind.program, kind.__doc__
    if len(args) != 3:
        sys.exit(usage)
    d, first, last = args[0], int(args[1]), int(args[2])
    os.makedirs(d, exist_ok=True)
    for s in range(first, last):
        with open(os.path.join(d, f"p{s}.c"), "w") as f:
            f.write(write(s))


if __name__ == "__main__":
    main()
