#!/usr/bin/env python3
"""coverage.py - loops inside modelled regions (SCoPs): GRAPHITE vs gccpoly.

For every source file of two input sets, count the loops that each tool puts
inside a SCoP it models, and print a markdown report.

Input sets
  kernels   the 35 kernels of bench/kernels (kernels.list), compiled as
            check.sh compiles them (-std=gnu11 -Wall -Wextra -Werror
            -ffp-contract=off -I bench/kernels) at -O2, with -c.
  graphite  GCC 12's gcc.dg/graphite/*.c, with the options and skips of
            check-gcc: the plan comes from `testsuite/gcc/check-gcc.sh
            --list --only graphite` (which also extracts the tests from the
            gcc-12-source tarball on first use).  Every test is compiled
            with -c, whatever its dg-do (dg-additional-sources are ignored;
            -flto gets -ffat-lto-objects, or -c would not optimize).

Each file is compiled twice, in its own temporary directory:
  GRAPHITE  -O2 OPTIONS -floop-nest-optimize -fdump-tree-graphite-details
            (-O2 first, so a test's own -O wins)
  gccpoly   -O2 OPTIONS -fplugin=PLUGIN -fplugin-arg-gccpoly-report=R.json

What the GRAPHITE number counts (GCC 12.2 graphite.cc, checked on dumps):
  build_scops() prints "number of SCoPs: N" per function after detection,
  which has already dropped regions it cannot handle and every SCoP with a
  single loop ("Discarding one loop SCoP").  graphite_transform_loops()
  then prints, per detected SCoP, "SCoP statistics (BBS:b, LOOPS:l, ...)",
  where l is the number of loops whose header is in the region and whose
  whole body is in it.  Each SCoP is then translated to isl
  (build_poly_scop; its last dump line is "[sese-to-poly] original
  schedule:"); when isl fails, "ISL error while building poly scop" follows
  and GRAPHITE gives that SCoP up.  The count is the sum of LOOPS over the
  SCoPs that were detected AND whose polyhedral model was built ("kept"),
  over all functions of the file (a dump of -fcompare-debug's second
  compilation, *.gk.*, is ignored).  Whether isl's scheduler then changed
  the nest does not matter.  The loops are those of GIMPLE at the graphite pass,
  i.e. after loop distribution, splitting and unswitching of -O2, so they
  may differ from the source's loops.

The plugin and its gccpoly-core.so are copied to a temporary directory
first, so a rebuild of build/ during the run does not disturb it.

What the gccpoly number counts: entries of functions[].loops[] of the report
whose "scop" is an integer (a missing key counts as null).

  coverage.py [--kernels-only | --graphite-only] [-j N] [-o FILE] [--strict]
              [--plugin PATH] [--cc GCC] [--restrict]

Exit status 0 (with --strict: 1 when some file has more GRAPHITE loops than
gccpoly loops); 2 on a usage or set-up error.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

from toolchain import TOP, add_toolchain_args, check_toolchain, snapshot_plugin

KDIR = os.path.join(TOP, "bench", "kernels")
KERNEL_FLAGS = ["-std=gnu11", "-Wall", "-Wextra", "-Werror", "-ffp-contract=off", "-I" + KDIR]
GRAPHITE_FLAGS = ["-floop-nest-optimize", "-fdump-tree-graphite-details"]
TIMEOUT = 120

FUNC_RE = re.compile(r"^;; Function (\S+)", re.M)
STATS_RE = re.compile(r"^SCoP statistics \(BBS:\d+, LOOPS:(\d+),", re.M)
NSCOPS_RE = re.compile(r"^number of SCoPs: (\d+)", re.M)
SCHED = "[sese-to-poly] original schedule:"
ISL_ERR = "ISL error while building poly scop"


def kernel_inputs():
    out = []
    for line in open(os.path.join(KDIR, "kernels.list")):
        w = line.split()
        if w and not w[0].startswith("#"):
            out.append(("kernels", w[0] + ".c", os.path.join(KDIR, w[0] + ".c"), list(KERNEL_FLAGS)))
    return out


def graphite_inputs(cc, plugin):
    """(inputs, skipped) from check-gcc.sh --list --only graphite."""
    cmd = [os.path.join(TOP, "testsuite", "gcc", "check-gcc.sh"), "--list", "--only", "graphite",
           "--plugin", plugin, "--cc", cc]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stdout + "coverage: %s failed\n" % " ".join(cmd))
        sys.exit(2)
    cache = os.environ.get("GCCPOLY_GCC_TESTS", os.path.join(TOP, "testsuite", "work", "gcc-tests"))
    srcroot = os.path.join(cache, "src", "gcc", "testsuite")
    inputs, skipped = [], []
    for line in p.stdout.splitlines():
        m = re.match(r"RUN\s+(\S+)\s+\[dg-do \S+\]\s*(.*)$", line)
        if m:
            # check-gcc joins the options with spaces; no graphite test has an
            # option with a space in it.
            rel = m.group(1)
            inputs.append(("graphite", os.path.basename(rel), os.path.join(srcroot, rel), m.group(2).split()))
            continue
        m = re.match(r"SKIP\s+(\S+)\s+\((.*)\)$", line)
        if m:
            skipped.append((os.path.basename(m.group(1)), m.group(2)))
    return inputs, skipped


def parse_graphite_dump(text):
    """{function: {"kept": [loops per kept SCoP], "dropped": [...], "notes": [...]}}"""
    funcs = {}
    heads = list(FUNC_RE.finditer(text))
    for i, h in enumerate(heads):
        sec = text[h.end():heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        stats = [int(x) for x in STATS_RE.findall(sec)]
        if not stats and NSCOPS_RE.search(sec) is None:
            continue
        notes = []
        n = NSCOPS_RE.search(sec)
        if n and int(n.group(1)) != len(stats):
            notes.append("number of SCoPs %s but %d statistics lines" % (n.group(1), len(stats)))
        # The k-th "original schedule" belongs to the k-th SCoP; its isl error
        # (if any) follows before the next SCoP's.
        segs = sec.split(SCHED)[1:]
        if len(segs) != len(stats):
            notes.append("%d SCoPs but %d built schedules" % (len(stats), len(segs)))
        kept, dropped = [], []
        for k, loops in enumerate(stats):
            if k < len(segs) and ISL_ERR not in segs[k]:
                kept.append(loops)
            else:
                dropped.append(loops)
        f = funcs.setdefault(h.group(1), {"kept": [], "dropped": [], "notes": []})
        f["kept"] += kept
        f["dropped"] += dropped
        f["notes"] += notes
    return funcs


def read_report(path):
    """({function: {"loops", "in", "scops", "rejected"}}, [errors]) of a report."""
    funcs, errs = {}, []
    r = json.load(open(path))
    for fn in r.get("functions") or []:
        loops = fn.get("loops") or []
        ins = [l for l in loops if type(l.get("scop")) is int]
        e = funcs.setdefault(fn.get("name", "?"), {"loops": 0, "in": 0, "scops": 0, "rejected": []})
        e["loops"] += len(loops)
        e["in"] += len(ins)
        e["scops"] += len(fn.get("scops") or [])
        e["rejected"] += [x.get("reason", "?") for x in fn.get("rejected") or []]
        if fn.get("error"):
            errs.append("gccpoly internal error in %s: %s" % (fn.get("name"), fn["error"]))
    return funcs, errs


def compile_cc(cc, args, cwd):
    try:
        p = subprocess.run([cc] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors="replace", timeout=TIMEOUT)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return 124, "timed out after %d s" % TIMEOUT


def first_line(s):
    """The most telling line of a compiler's output."""
    lines = [l.strip() for l in s.splitlines() if l.strip() and "there are active plugins" not in l]
    for pat in ("internal compiler error", "panicked", "error:", "Segmentation", "Killed"):
        for l in lines:
            if pat in l:
                return l[:200]
    return lines[0][:200] if lines else ""


def measure(job, cc, plugin, tmproot):
    group, name, src, flags = job
    if "-flto" in flags:
        # otherwise -c stops before the optimizers (and the plugin)
        flags = flags + ["-ffat-lto-objects"]
    d = tempfile.mkdtemp(dir=tmproot)
    res = {"group": group, "name": name, "src": src, "errors": [],
           "g_funcs": {}, "p_funcs": {}, "g": 0, "p": 0, "p_scops": 0, "all_loops": 0}
    try:
        gd = os.path.join(d, "g")
        os.mkdir(gd)
        rc, out = compile_cc(cc, ["-O2"] + flags + GRAPHITE_FLAGS + ["-c", src, "-o", "t.o"], gd)
        # -fcompare-debug's second compilation dumps to *.gk.*: not counted.
        dumps = [f for f in os.listdir(gd) if f.endswith(".graphite") and ".gk." not in f]
        if rc != 0:
            res["errors"].append("GRAPHITE compile failed (status %d): %s" % (rc, first_line(out)))
        elif not dumps:
            res["errors"].append("GRAPHITE compile wrote no graphite dump")
        for f in dumps:
            text = open(os.path.join(gd, f), errors="replace").read()
            for fn, v in parse_graphite_dump(text).items():
                res["g_funcs"].setdefault(fn, {"kept": [], "dropped": [], "notes": []})
                for k in v:
                    res["g_funcs"][fn][k] += v[k]
                res["errors"] += ["GRAPHITE dump of %s: %s" % (fn, n) for n in v["notes"]]
        res["g"] = sum(sum(v["kept"]) for v in res["g_funcs"].values())

        pd = os.path.join(d, "p")
        os.mkdir(pd)
        rep = os.path.join(pd, "R.json")
        rc, out = compile_cc(cc, ["-O2"] + flags + ["-fplugin=" + plugin, "-fplugin-arg-gccpoly-report=" + rep,
                                                     "-c", src, "-o", "t.o"], pd)
        if rc != 0:
            res["errors"].append("gccpoly compile failed (status %d): %s" % (rc, first_line(out)))
        else:
            try:
                res["p_funcs"], errs = read_report(rep)
                res["errors"] += errs
            except (OSError, ValueError) as e:
                res["errors"].append("gccpoly report unreadable: %s" % e)
        res["p"] = sum(v["in"] for v in res["p_funcs"].values())
        res["p_scops"] = sum(v["scops"] for v in res["p_funcs"].values())
        res["all_loops"] = sum(v["loops"] for v in res["p_funcs"].values())
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return res


def kernel_fn(r):
    """The kernel function of a bench/kernels file (None for other files)."""
    return "kernel_" + r["name"][:-2].replace("-", "_") if r["group"] == "kernels" else None


def table(results):
    kern = any(kernel_fn(r) for r in results)
    extra = " GRAPHITE in kernel_* | gccpoly in kernel_* |" if kern else ""
    out = ["| file | GRAPHITE loops | gccpoly loops | GRAPHITE SCoPs | gccpoly SCoPs | loops (all) |" + extra,
           "|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if kern else "")]
    tot = [0] * 7
    for r in results:
        gs = sum(len(v["kept"]) for v in r["g_funcs"].values())
        mark = " **G>P**" if r["g"] > r["p"] else ""
        err = " (error)" if r["errors"] else ""
        row = [r["g"], r["p"], gs, r["p_scops"], r["all_loops"]]
        if kern:
            k = kernel_fn(r)
            row += [sum(r["g_funcs"].get(k, {}).get("kept", [])), r["p_funcs"].get(k, {}).get("in", 0)]
        out.append("| %s%s%s | %s |" % (r["name"], mark, err, " | ".join(map(str, row))))
        tot = [a + b for a, b in zip(tot, row + [0] * (7 - len(row)))]
    tot = tot[:7 if kern else 5]
    out.append("| **total (%d files)** | %s |" % (len(results), " | ".join("**%d**" % x for x in tot)))
    return out, tot[0], tot[1]


def describe_failure(r):
    names = sorted(set(r["g_funcs"]) | set(r["p_funcs"]))
    parts = []
    for fn in names:
        g = sum(r["g_funcs"].get(fn, {}).get("kept", []))
        p = r["p_funcs"].get(fn, {}).get("in", 0)
        if g > p:
            s = "%s: GRAPHITE %d (SCoPs of %s loops), gccpoly %d" % (
                fn, g, "+".join(map(str, r["g_funcs"][fn]["kept"])), p)
            rej = r["p_funcs"].get(fn, {}).get("rejected", [])
            if rej:
                counts = {}
                for x in rej:
                    counts[x] = counts.get(x, 0) + 1
                s += "; gccpoly rejected: " + ", ".join("%s x%d" % kv for kv in sorted(counts.items()))
            parts.append(s)
    return parts


def main():
    ap = argparse.ArgumentParser(description="Loops in SCoPs per file: GRAPHITE vs gccpoly (markdown report).")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--kernels-only", action="store_true", help="only bench/kernels")
    g.add_argument("--graphite-only", action="store_true", help="only gcc.dg/graphite")
    ap.add_argument("-j", type=int, default=2, metavar="N", help="parallel files (default 2)")
    ap.add_argument("-o", metavar="FILE", help="write the report to FILE instead of stdout")
    ap.add_argument("--strict", action="store_true", help="exit 1 if GRAPHITE covers more loops in some file")
    add_toolchain_args(ap)
    ap.add_argument("--restrict", action="store_true", help="kernels with -DKERNEL_RESTRICT")
    a = ap.parse_args()

    plugin = check_toolchain(a, "coverage")
    if plugin is None:
        return 2
    t0 = time.time()
    jobs, skipped = [], []
    if not a.graphite_only:
        jobs += kernel_inputs()
        if a.restrict:
            for j in jobs:
                j[3].append("-DKERNEL_RESTRICT")
    if not a.kernels_only:
        gi, skipped = graphite_inputs(a.cc, plugin)
        jobs += gi

    tmproot = tempfile.mkdtemp(prefix="gccpoly-coverage.")
    try:
        snap = snapshot_plugin(plugin, tmproot)
        with concurrent.futures.ThreadPoolExecutor(max(1, a.j)) as ex:
            results = list(ex.map(lambda j: measure(j, a.cc, snap, tmproot), jobs))
    finally:
        shutil.rmtree(tmproot, ignore_errors=True)
    secs = time.time() - t0

    ver = subprocess.run([a.cc, "-dumpfullversion"], stdout=subprocess.PIPE, text=True).stdout.strip()
    argv = " ".join(shlex.quote(x) for x in sys.argv[1:])
    out = ["# Loop coverage: GRAPHITE vs gccpoly", "",
           "`bench/coverage.py%s`: %s %s, plugin %s; %d files in %.1f s with %d jobs." % (
               (" " + argv) if argv else "", a.cc, ver, os.path.relpath(plugin, TOP)
               if plugin.startswith(TOP + "/") else plugin, len(results), secs, a.j),
           "",
           "GRAPHITE loops: loops of the SCoPs GRAPHITE detected and translated to isl (sum of LOOPS of "
           "its per-SCoP statistics, `-O2 OPTIONS -floop-nest-optimize -fdump-tree-graphite-details`; "
           "GRAPHITE never keeps a one-loop SCoP). gccpoly loops: report loops whose `scop` is an integer. "
           "SCoPs: regions counted the same way. loops (all): every loop of gccpoly's report. "
           "**G>P**: GRAPHITE covers more loops than gccpoly.", ""]
    sets = [("kernels", "bench/kernels (-O2%s)" % (" -DKERNEL_RESTRICT" if a.restrict else "")),
            ("graphite", "gcc.dg/graphite")]
    totals = {}
    for key, title in sets:
        rs = [r for r in results if r["group"] == key]
        if not rs:
            continue
        t, tg, tp = table(rs)
        totals[key] = (tg, tp, len(rs))
        out += ["## %s: %d files" % (title, len(rs)), ""]
        if key == "graphite" and skipped:
            out += ["Skipped as check-gcc skips them: " + ", ".join("%s (%s)" % s for s in skipped), ""]
        out += t + [""]
        dropped = [n for r in rs for v in r["g_funcs"].values() for n in v["dropped"]]
        if dropped:
            out += ["GRAPHITE also detected %d SCoPs (%d loops) that isl could not model (not counted)."
                    % (len(dropped), sum(dropped)), ""]

    worse = [r for r in results if r["g"] > r["p"]]
    better = [r for r in results if r["p"] > r["g"]]
    out += ["## Files where GRAPHITE covers more loops than gccpoly: %d" % len(worse), ""]
    for r in worse:
        out.append("- %s/%s: GRAPHITE %d, gccpoly %d" % (r["group"], r["name"], r["g"], r["p"]))
        out += ["  - " + s for s in describe_failure(r)]
    if not worse:
        out.append("None.")
    hidden = [(r, describe_failure(r)) for r in results if r["g"] <= r["p"]]
    hidden = [(r, d) for r, d in hidden if d]
    if hidden:
        out += ["", "Functions where GRAPHITE covers more, in files where gccpoly does not cover fewer "
                "loops overall: %d files" % len(hidden), ""]
        for r, d in hidden:
            out.append("- %s/%s" % (r["group"], r["name"]))
            out += ["  - " + x for x in d]
    out += ["", "Files where gccpoly covers more loops than GRAPHITE: %d (kernels %d, gcc.dg/graphite %d); "
            "equal: %d." % (len(better), sum(r["group"] == "kernels" for r in better),
                            sum(r["group"] == "graphite" for r in better), len(results) - len(worse) - len(better)), ""]
    errs = [r for r in results if r["errors"]]
    if errs:
        out += ["## Compile or parse problems: %d files" % len(errs), ""]
        for r in errs:
            out += ["- %s/%s: %s" % (r["group"], r["name"], e) for e in r["errors"]]
        out.append("")
    summary = "coverage: " + "; ".join("%s GRAPHITE %d / gccpoly %d loops in SCoPs (%d files)" % ((k,) + totals[k])
                                       for k, _ in sets if k in totals)
    summary += "; GRAPHITE ahead in %d files, gccpoly ahead in %d" % (len(worse), len(better))
    out.append(summary)
    text = "\n".join(out) + "\n"
    if a.o:
        with open(a.o, "w") as f:
            f.write(text)
        print(summary)
    else:
        sys.stdout.write(text)
    return 1 if a.strict and worse else 0


if __name__ == "__main__":
    sys.exit(main())
