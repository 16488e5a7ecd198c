#!/usr/bin/env python3
"""guard-cost.py - what the run-time tests of versioned loops cost.

Every kernel of bench/kernels (kernels.list, or those named) is built twice
with the plugin, both with -O3 -ftree-parallelize-loops=2
-fdisable-tree-parloops2 (the plugin's pass runs, parloops does not) and the
bench's base flags:
  plain      -fplugin-arg-gccpoly-no-parallelize: no loop versioned;
  versioned  -fplugin-arg-gccpoly-debug-unmarked-versions: every loop the
             plugin would run in parallel under a test is versioned on it,
             and both copies run sequentially: the two builds differ only by
             the tests.
Both run once under valgrind's callgrind at the kernel's SMALL sizes (MINI
with --mini), which counts the instructions the
program's own code executes (the kernel, the harness's initialisation and
checksum loops; not the C library).  The cost of the tests is the
difference over the plain build's count.  It also holds what versioning
changes in GCC's later decisions (inlining, unrolling, vectorisation of the
copies), which can make it negative.  At small sizes it overstates the
cost at the bench's sizes: a test runs once per entry into its loop, while
the loop's work grows with the sizes.  Both runs must print the same
checksum.

Prints a markdown table: per kernel the versioned loops, the instructions
of both builds and the difference in per cent.  Kernels without a versioned
loop are listed as such.

  guard-cost.py [--mini] [-o FILE] [--plugin PATH] [--cc GCC] [KERNEL...]

Exit status 1 when a build or run failed or the checksums differ; 2 on a
usage or set-up error.
"""

import argparse
import datetime
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from toolchain import add_toolchain_args, check_toolchain, snapshot_plugin
import run as bench

VARIANTS = ("plain", "versioned")


def variant_flags(plugin):
    # -ftree-parallelize-loops=2 runs the plugin's pass; parloops itself is
    # off, so that no loop runs in parallel in either build.
    common = ["-O3", "-fplugin=" + plugin, "-ftree-parallelize-loops=2", "-fdisable-tree-parloops2",
              "-fopt-info-loop-optimized"]
    return {"plain": common + ["-fplugin-arg-gccpoly-no-parallelize"],
            "versioned": common + ["-fplugin-arg-gccpoly-debug-unmarked-versions"]}


def program_instructions(callgrind_out, exe):
    """The instructions executed in EXE's own code (not the C library's or
    the dynamic loader's): functions are not compared one by one, since
    versioning changes GCC's inlining decisions."""
    p = subprocess.run(["callgrind_annotate", "--threshold=100", callgrind_out],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    total = 0
    for line in p.stdout.splitlines():
        # "  1,234,567 (12.34%)  file.c:function [binary]"
        m = re.match(r"\s*([\d,]+)\s+\([\d.]+%\)\s+\S+\s+\[(.*)\]\s*$", line)
        if m and os.path.realpath(m.group(2)) == os.path.realpath(exe):
            total += int(m.group(1).replace(",", ""))
    return total


def measure(name, sizes, flags, cc, tmp, log):
    """{variant: (counts, checksum, versioned loops)} or a failure string."""
    src = os.path.join(bench.KDIR, name + ".c")
    out = {}
    for v in VARIANTS:
        obj = os.path.join(tmp, "%s.%s.o" % (name, v))
        exe = os.path.join(tmp, "%s.%s" % (name, v))
        p = subprocess.run([cc] + bench.BASE + flags[v] + ["-c", src, "-o", obj],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        if p.returncode != 0:
            return "%s build failed: %s" % (v, p.stdout.strip()[-300:])
        loops = sorted({l.split(": optimized:")[0] for l in p.stdout.splitlines() if "in a copy run when" in l})
        err = bench.link(cc, flags[v], obj, exe)
        if err:
            return "%s link failed: %s" % (v, err.strip()[-300:])
        cg = os.path.join(tmp, "%s.%s.callgrind" % (name, v))
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg, exe] + sizes,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
        if r.returncode != 0 or not r.stdout.startswith("checksum: "):
            return "%s run failed (status %d): %s" % (v, r.returncode, r.stderr.strip()[-300:])
        out[v] = (program_instructions(cg, exe), r.stdout.split()[1], loops)
        log("  %s: %d versioned loops" % (v, len(loops)))
    return out


def main():
    ap = argparse.ArgumentParser(description="What the run-time tests of versioned loops cost, in instructions.")
    ap.add_argument("kernels", nargs="*", metavar="KERNEL", help="only these kernels (default: all)")
    ap.add_argument("--mini", action="store_true", help="MINI sizes instead of SMALL")
    ap.add_argument("-o", metavar="FILE", help="also write the report to FILE")
    add_toolchain_args(ap)
    a = ap.parse_args()
    plugin = check_toolchain(a, "guard-cost")
    if plugin is None:
        return 2
    for tool in ("valgrind", "callgrind_annotate"):
        if shutil.which(tool) is None:
            sys.stderr.write("guard-cost: no %s (apt-get install valgrind)\n" % tool)
            return 2
    kernels = bench.read_list(os.path.join(bench.KDIR, "kernels.list"))
    unknown = [k for k in a.kernels if k not in kernels]
    if unknown:
        sys.stderr.write("guard-cost: unknown kernel(s): %s\n" % " ".join(unknown))
        return 2
    names = [n for n in kernels if not a.kernels or n in a.kernels]
    log = lambda s: sys.stderr.write(s + "\n")
    tmp = tempfile.mkdtemp(prefix="gccpoly-guard-cost.")
    rows, bad, worst = [], False, 0.0
    try:
        flags = variant_flags(snapshot_plugin(plugin, tmp))
        for i, n in enumerate(names, 1):
            sizes = kernels[n][0] if a.mini else kernels[n][1]
            log("[%d/%d] %s %s" % (i, len(names), n, " ".join(sizes)))
            r = measure(n, sizes, flags, a.cc, tmp, log)
            if isinstance(r, str):
                rows.append("| %s | | | | FAILED: %s |" % (n, r.replace("|", "/").replace("\n", " ")))
                bad = True
                continue
            (pc, psum, _), (vc, vsum, loops) = r["plain"], r["versioned"]
            if psum != vsum:
                rows.append("| %s | %d | | | checksums differ: %s / %s |" % (n, len(loops), psum, vsum))
                bad = True
                continue
            if not loops:
                rows.append("| %s | 0 | | | no versioned loop |" % n)
                continue
            pct = 100.0 * (vc - pc) / pc
            worst = max(worst, pct)
            rows.append("| %s | %d | %d | %d | %+.4f%% |" % (n, len(loops), pc, vc, pct))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    argv = " ".join(shlex.quote(x) for x in sys.argv[1:])
    text = "\n".join([
        "`bench/guard-cost.py%s`: %s, %s. Instructions executed with every run-time test in place (both copies"
        % ((" " + argv) if argv else "", datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), a.cc),
        "sequential) against none, %s sizes, callgrind, parloops off in both builds." % ("MINI" if a.mini else "SMALL"),
        "",
        "| kernel | versioned loops | instructions, plain | instructions, versioned | difference |",
        "|---|---:|---:|---:|---:|",
    ] + rows + ["", "Largest difference: %+.4f%%" % worst, ""])
    sys.stdout.write(text)
    if a.o:
        with open(a.o, "w") as f:
            f.write(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
