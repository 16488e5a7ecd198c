#!/usr/bin/env python3
"""compile-time.py - what loading gccpoly adds to compile time.

For every kernel of bench/kernels (kernels.list), time
  plain    gcc -std=gnu11 -Wall -Wextra -Werror -ffp-contract=off -I bench/kernels OPTIONS -c K.c
  gccpoly  the same plus -fplugin=PLUGIN -fplugin-arg-gccpoly-report=TMP.json
R times each (plus one untimed warm-up run of each), the two variants
interleaved (plain first in even rounds, gccpoly first in odd ones), one
compilation at a time.  The time of a compilation is the user + system CPU
time of the compiler and everything it ran (driver, cc1, as), from
getrusage(RUSAGE_CHILDREN) deltas; --wall uses elapsed time instead.  Per
kernel and variant the median of the R runs is taken; the suite total is the
sum of the medians.  Prints a markdown table and the line
  compile time: plain X s, with gccpoly Y s, +Z%

The plugin and its gccpoly-core.so are timed from a temporary copy.

  compile-time.py [-r R] [--wall] [--max-overhead PCT] [-o FILE]
                  [--options "OPTIONS"] [--plugin-arg KEY[=VALUE]]...
                  [--plugin PATH] [--cc GCC] [KERNEL...]

OPTIONS (default -O2): the optimization options of both variants, e.g.
--options="-O3" or
"-O3 -ftree-parallelize-loops=2".  --plugin-arg KEY (repeatable) adds
-fplugin-arg-gccpoly-KEY to the gccpoly variant: what a part of the plugin
costs, e.g. --plugin-arg no-parallelize.

Exit status 1 when --max-overhead is given and the total overhead exceeds
PCT percent; 2 when a compilation fails.
"""

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from toolchain import TOP, add_toolchain_args, check_toolchain, snapshot_plugin

KDIR = os.path.join(TOP, "bench", "kernels")
BASE = ["-std=gnu11", "-Wall", "-Wextra", "-Werror", "-ffp-contract=off", "-I" + KDIR]


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_once(cmd, wall):
    c0, t0 = cpu_children(), time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    t1, c1 = time.perf_counter(), cpu_children()
    if p.returncode != 0:
        sys.stderr.write("compile-time: failed (status %d): %s\n%s" % (
            p.returncode, " ".join(shlex.quote(x) for x in cmd), p.stdout))
        sys.exit(2)
    return (t1 - t0) if wall else (c1 - c0)


def main():
    ap = argparse.ArgumentParser(description="Compile time of the kernel suite with and without gccpoly.")
    ap.add_argument("kernels", nargs="*", metavar="KERNEL", help="only these kernels (default: all)")
    ap.add_argument("-r", "--repeats", type=int, default=7, metavar="R", help="timed runs per variant (default 7)")
    ap.add_argument("--wall", action="store_true", help="elapsed time instead of user+sys CPU time")
    ap.add_argument("--max-overhead", type=float, metavar="PCT", help="exit 1 if the total overhead exceeds PCT%%")
    ap.add_argument("--options", default="-O2", metavar="OPTIONS", help="optimization options of both variants (default -O2)")
    ap.add_argument("--plugin-arg", action="append", default=[], metavar="KEY[=VALUE]",
                    help="add -fplugin-arg-gccpoly-KEY[=VALUE] to the gccpoly variant (repeatable)")
    ap.add_argument("-o", metavar="FILE", help="write the report to FILE (the summary line still goes to stdout)")
    add_toolchain_args(ap)
    a = ap.parse_args()

    plugin = check_toolchain(a, "compile-time")
    if plugin is None:
        return 2
    if a.repeats < 1:
        sys.stderr.write("compile-time: -r must be at least 1\n")
        return 2
    names = []
    for line in open(os.path.join(KDIR, "kernels.list")):
        w = line.split()
        if w and not w[0].startswith("#"):
            names.append(w[0])
    unknown = [k for k in a.kernels if k not in names]
    if unknown:
        sys.stderr.write("compile-time: unknown kernel(s): %s\n" % " ".join(unknown))
        return 2
    if a.kernels:
        names = [n for n in names if n in a.kernels]

    tmp = tempfile.mkdtemp(prefix="gccpoly-ctime.")
    t_start = time.time()
    try:
        snap = snapshot_plugin(plugin, tmp)
        obj, rep = os.path.join(tmp, "k.o"), os.path.join(tmp, "report.json")
        cmds = {}
        for n in names:
            plain = [a.cc] + BASE + shlex.split(a.options) + ["-c", os.path.join(KDIR, n + ".c"), "-o", obj]
            cmds[n] = {"plain": plain,
                       "gccpoly": plain + ["-fplugin=" + snap, "-fplugin-arg-gccpoly-report=" + rep]
                       + ["-fplugin-arg-gccpoly-" + x for x in a.plugin_arg]}
        times = {n: {"plain": [], "gccpoly": []} for n in names}
        for n in names:  # warm-up: page cache, the plugin's shared objects
            if os.path.exists(rep):
                os.unlink(rep)
            for v in ("plain", "gccpoly"):
                run_once(cmds[n][v], a.wall)
            if not os.path.exists(rep) or os.path.getsize(rep) == 0:
                sys.stderr.write("compile-time: the plugin wrote an empty report for %s\n" % n)
                return 2
        for rnd in range(a.repeats):
            order = ("plain", "gccpoly") if rnd % 2 == 0 else ("gccpoly", "plain")
            for n in names:
                for v in order:
                    times[n][v].append(run_once(cmds[n][v], a.wall))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    secs = time.time() - t_start

    metric = "wall time" if a.wall else "user+sys CPU time"
    ver = subprocess.run([a.cc, "-dumpfullversion"], stdout=subprocess.PIPE, text=True).stdout.strip()
    argv = " ".join(shlex.quote(x) for x in sys.argv[1:])
    out = ["# Compile time: %s with and without gccpoly" % a.options, "",
           "`bench/compile-time.py%s`: %s %s, plugin %s, %d kernels, %s of the compiler, median of %d runs "
           "per variant (interleaved, after one warm-up each), %d CPUs, load average %s; took %.0f s." % (
               (" " + argv) if argv else "", a.cc, ver,
               os.path.relpath(plugin, TOP) if plugin.startswith(TOP + "/") else plugin,
               len(names), metric, a.repeats, os.cpu_count() or 0,
               " ".join("%.2f" % x for x in os.getloadavg()), secs), "",
           "| kernel | plain (ms) | gccpoly (ms) | ratio | spread plain / gccpoly (ms) |",
           "|---|---:|---:|---:|---:|"]
    tot_p = tot_g = 0.0
    ratios = []
    for n in names:
        mp, mg = statistics.median(times[n]["plain"]), statistics.median(times[n]["gccpoly"])
        tot_p += mp
        tot_g += mg
        r = mg / mp if mp > 0 else float("nan")
        ratios.append((r, n))
        sp = lambda xs: "%.0f-%.0f" % (min(xs) * 1e3, max(xs) * 1e3)
        out.append("| %s | %.1f | %.1f | %.3f | %s / %s |" % (
            n, mp * 1e3, mg * 1e3, r, sp(times[n]["plain"]), sp(times[n]["gccpoly"])))
    over = (tot_g / tot_p - 1) * 100 if tot_p > 0 else float("nan")
    out.append("| **total (sum of medians)** | **%.1f** | **%.1f** | **%.3f** | |" % (
        tot_p * 1e3, tot_g * 1e3, tot_g / tot_p if tot_p > 0 else float("nan")))
    worst = max(ratios)
    out += ["", "Per-kernel ratio: median %.3f, largest %.3f (%s)." % (
        statistics.median(r for r, _ in ratios), worst[0], worst[1]), ""]
    summary = "compile time: plain %.2f s, with gccpoly %.2f s, %+.1f%%" % (tot_p, tot_g, over)
    out.append(summary)
    text = "\n".join(out) + "\n"
    if a.o:
        with open(a.o, "w") as f:
            f.write(text)
        print(summary)
    else:
        sys.stdout.write(text)
    if a.max_overhead is not None and not over <= a.max_overhead:
        sys.stderr.write("compile-time: overhead %+.1f%% exceeds %.1f%%\n" % (over, a.max_overhead))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
