#!/usr/bin/env python3
"""run.py - run time of the kernel suite: -O3 vs autopar, GRAPHITE, Polly and gccpoly.

Every kernel of bench/kernels (kernels.list, or those named) is built in five
configurations, all with -std=gnu11 -ffp-contract=off -falign-functions=64
-I bench/kernels and linked with -lm:
  O3        -O3
  autopar   -O3 -ftree-parallelize-loops=T
  graphite  -O3 -floop-nest-optimize -floop-parallelize-all -ftree-parallelize-loops=T
  polly     clang-19 -O3 -mllvm -polly -mllvm -polly-parallel -fopenmp
            (--polly-cc; Debian's clang-19 has Polly linked in, libomp-19-dev
            gives -fopenmp; left out, with a note, where it does not run)
  gccpoly   -O3 -fplugin=PLUGIN -ftree-parallelize-loops=T
(T = --threads, default 2; --restrict adds -DKERNEL_RESTRICT to all four;
--restrict-variant adds a fifth, gccpoly+restrict: gccpoly's flags and
-DKERNEL_RESTRICT, to see what the run-time overlap tests cost; --only
keeps O3 and the configurations named, among them also gccpoly-static,
gccpoly-nointerchange, gccpoly-noreload, gccpoly-mintrips1,
gccpoly-noarrays, gccpoly-noprivatize, gccpoly-nowide,
gccpoly-nowavefront, gccpoly-nosplit, gccpoly-nojam, gccpoly-noshift and
gccpoly-fmadiffer (gccpoly with -fplugin-arg-gccpoly-no-cyclic,
-no-interchange, -no-reload, -min-trips=1, -no-array-reductions,
-no-privatize, -no-wide-counters, -no-wavefront, -no-index-split, -no-jam,
-no-shift or -fma-may-differ) and gccpoly-seq
(-O3 -fplugin=PLUGIN, no threads: the
plugin's interchanges alone); --level 2 builds every
configuration at -O2, the baseline included, which keeps the name O3).
Each kernel is compiled (-c; the link is not timed) R times per
configuration, interleaved; the compile time is the median of the user+sys
CPU times of the compiler and everything it ran (getrusage(RUSAGE_CHILDREN)).

Each binary runs R times (-r, default 3) at the kernel's BENCH sizes, with
OMP_NUM_THREADS=T.  Within a kernel the configurations take turns
(round-robin, the starting one rotating each round), so that the four
timings of a round see the same machine load.  The time of a run is the
elapsed time of the process; per kernel and configuration the median of
the R runs is taken.  A run that exceeds --timeout seconds (default 120),
exits non-zero or prints no checksum is a failure.  Every run's output must
equal the first O3 run's output bit for bit (no -ffast-math is used, so
even a checksum that differs in its last digits is a mismatch).  With
--fast-math every configuration, the baseline included, gets -ffast-math,
which allows reductions to be reassociated (floating-point sums in
parallel, in threads' shares); a run's checksum must then be within
FAST_MATH_TOLERANCE (1e-9) of the first O3 run's, relatively.

With --native every configuration, the baseline included, is built for
this processor: -march=native in place of -ffp-contract=off, so that GCC's
default -ffp-contract=fast fuses multiplications with additions (FMA,
AVX-512 here), as users build; the outputs must still equal O3's (at
-march=native) bit for bit.  GCC's own autopar and GRAPHITE may change
which products are fused (their differences are listed, not counted as a
failure); gccpoly's may not (docs/codegen.md, Fused multiply-adds).
Polly's outputs are listed too where they differ, never counted as a
failure: clang is another compiler (at -march=native it contracts only
within a statement, -ffp-contract=on).

Prints a markdown table (O3 time, speed-up O3/config, compile-time ratio
config/O3, same output) and the geometric means; then, for the matrix
products among the kernels, each configuration's GFLOP/s beside the peak
bench/peak.c measures at the start (bench/flops.py says how both are
counted).  --quick runs the SMALL
sizes once (R=1 unless -r is given), to test the script.

  run.py [-r R] [--threads T] [--restrict] [--restrict-variant] [--only C,...] [--level 2|3]
         [--fast-math] [--native] [--timeout S] [--quick] [-o FILE]
         [--plugin PATH] [--cc GCC] [--polly-cc CLANG] [KERNEL...]

The plugin and its gccpoly-core.so are used from a temporary copy.
Exit status 1 when some output differs from O3's or some build or run
failed; 2 on a usage or set-up error.
"""

import argparse
import datetime
import hashlib
import math
import os
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from flops import measure_peak, product_flops, report_lines as flops_lines
from toolchain import TOP, add_toolchain_args, check_toolchain, snapshot_plugin

KDIR = os.path.join(TOP, "bench", "kernels")
# -falign-functions=64: a function's place in the binary moves with the
# size of the code before it, and with it the alignment of its hot loop;
# cholesky's kernel, the same machine code in the graphite and gccpoly
# builds, ran 13% slower at one place than at the other (1.9 s and 2.2 s).
# Aligned alike in every configuration, the kernels compare by their code.
BASE = ["-std=gnu11", "-ffp-contract=off", "-falign-functions=64", "-I" + KDIR]
CONFIGS = ("O3", "autopar", "graphite", "polly", "gccpoly")
# Polly's options to its clang (--polly-cc), besides the level.
POLLY_FLAGS = ["-mllvm", "-polly", "-mllvm", "-polly-parallel", "-fopenmp"]
# The configurations built by another compiler than --cc: Polly's clang.
OTHER_COMPILER = ("polly",)
# The relative difference allowed between a checksum and O3's with
# --fast-math (0: bit-identical output).
FAST_MATH_TOLERANCE = 1e-9
TOLERANCE = 0.0
PARALLEL = CONFIGS[1:]
# Configurations --only may name besides CONFIGS: gccpoly with one switch.
VARIANTS = {
    "gccpoly-static": ["-fplugin-arg-gccpoly-no-cyclic"],       # no round-robin schedule of triangular nests
    "gccpoly-nointerchange": ["-fplugin-arg-gccpoly-no-interchange"],
    "gccpoly-noreload": ["-fplugin-arg-gccpoly-no-reload"],    # PRE's carried loads left to parloops
    "gccpoly-mintrips1": ["-fplugin-arg-gccpoly-min-trips=1"],  # no run-time minimum for inner loops
    "gccpoly-noarrays": ["-fplugin-arg-gccpoly-no-array-reductions"],  # no copies per thread for sums into arrays
    "gccpoly-noprivatize": ["-fplugin-arg-gccpoly-no-privatize"],  # no private copies of arrays
    "gccpoly-nowide": ["-fplugin-arg-gccpoly-no-wide-counters"],  # 32-bit counters left to parloops
    "gccpoly-nowavefront": ["-fplugin-arg-gccpoly-no-wavefront"],  # diagonals' nests left as written
    "gccpoly-nosplit": ["-fplugin-arg-gccpoly-no-index-split"],  # loops parallel around one iteration left whole
    "gccpoly-nojam": ["-fplugin-arg-gccpoly-no-jam"],  # loops around chains left unjammed
    "gccpoly-noshift": ["-fplugin-arg-gccpoly-no-shift"],  # first inner loops left in their own iteration
    "gccpoly-fmadiffer": ["-fplugin-arg-gccpoly-fma-may-differ"],  # rewrites that change which products GCC fuses
}
# The variants whose outputs may differ from O3's at -march=native.
MAY_DIFFER = ("gccpoly-fmadiffer",)
# The compiler of each configuration: --cc, but --polly-cc for Polly.
COMPILERS = {}


def config_flags(plugin, threads, restrict, level="-O3"):
    par = "-ftree-parallelize-loops=%d" % threads
    flags = {"O3": [level],
             "autopar": [level, par],
             "graphite": [level, "-floop-nest-optimize", "-floop-parallelize-all", par],
             "polly": [level] + POLLY_FLAGS,
             "gccpoly": [level, "-fplugin=" + plugin, par]}
    if restrict:
        for f in flags.values():
            f.append("-DKERNEL_RESTRICT")
    for name, extra in VARIANTS.items():
        if name in CONFIGS:
            flags[name] = flags["gccpoly"] + extra
    if "gccpoly-seq" in CONFIGS:
        # The plugin without threads: its interchanges only.
        flags["gccpoly-seq"] = [level, "-fplugin=" + plugin] + (["-DKERNEL_RESTRICT"] if restrict else [])
    if "gccpoly+restrict" in CONFIGS:
        # The same kernels with restrict on every array parameter: what the
        # run-time overlap tests cost, side by side.
        flags["gccpoly+restrict"] = flags["gccpoly"] + ["-DKERNEL_RESTRICT"]
    return flags


def read_list(path):
    """{name: (mini sizes, small sizes, bench sizes)} in file order; sizes
    are the comma-separated columns of kernels.list, as strings."""
    kernels = {}
    with open(path) as f:
        for no, line in enumerate(f, 1):
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            cols = [c.split(",") for c in w[1:4]]
            if len(w) != 5 or not all(x.isdigit() for c in cols for x in c) \
                    or len({len(c) for c in cols}) != 1:
                raise ValueError("%s:%d: expected NAME MINI SMALL BENCH SECONDS, "
                                 "sizes comma-separated: %s" % (path, no, line.strip()))
            kernels[w[0]] = (cols[0], cols[1], cols[2])
    return kernels


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def polly_runs(clang):
    """None, or why CLANG cannot build with Polly and OpenMP."""
    if shutil.which(clang) is None:
        return "no compiler '%s' (scripts/install-deps.sh bench installs clang-19)" % clang
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "t.c")
        with open(src, "w") as f:
            f.write("int main(void) { return 0; }\n")
        p = subprocess.run([clang, "-O3"] + POLLY_FLAGS + [src, "-o", os.path.join(d, "t")],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        return None if p.returncode == 0 else "%s %s fails: %s" % (clang, " ".join(POLLY_FLAGS), p.stdout.strip()[:200])


def compile_cpu(cc, flags, src, obj):
    """(CPU seconds, None) or (None, the compiler's output)."""
    c0 = cpu_children()
    p = subprocess.run([cc] + BASE + flags + ["-c", src, "-o", obj],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    cpu = cpu_children() - c0
    return (cpu, None) if p.returncode == 0 else (None, p.stdout)


def link(cc, flags, obj, exe):
    """None, or the linker's output on failure."""
    # The driver adds libgomp for -ftree-parallelize-loops only when it sees
    # the option at link time too; the plugin is not needed there.
    flags = [f for f in flags if not f.startswith("-fplugin")]
    p = subprocess.run([cc] + flags + [obj, "-o", exe, "-lm"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    return None if p.returncode == 0 else p.stdout


def run_once(exe, sizes, timeout, env):
    """(elapsed seconds, stdout) or (None, why it failed)."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run([exe] + sizes, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env, timeout=timeout, text=True, errors="replace")
    except subprocess.TimeoutExpired:
        return None, "timeout"
    t = time.perf_counter() - t0
    if p.returncode < 0:
        return None, "signal %d" % -p.returncode
    if p.returncode > 0:
        return None, "exit %d" % p.returncode
    if not p.stdout.startswith("checksum: "):
        return None, "no checksum"
    return t, p.stdout


def checksum(out):
    try:
        return float(out.split()[1])
    except (IndexError, ValueError):
        return float("nan")


def same_output(out, ref):
    """Whether OUT is REF: bit for bit, or with TOLERANCE, the checksum
    within it relatively."""
    if out == ref:
        return True
    if TOLERANCE == 0.0:
        return False
    x, y = checksum(ref), checksum(out)
    return abs(x - y) <= TOLERANCE * abs(x)


def geomean(xs):
    """As text, with the number of kernels counted."""
    if not xs:
        return "n/a (0)"
    return "%.3f (%d)" % (math.exp(sum(math.log(x) for x in xs) / len(xs)), len(xs))


class Result:
    """One kernel: compile CPU time, run times, failure and mismatch per config."""

    def __init__(self):
        self.ctime = {}                            # config -> CPU s (absent: build failed)
        self.times = {c: [] for c in CONFIGS}
        self.fail = {}                             # config -> "build failed", "timeout", ...
        self.differs = {}                          # config -> its differing stdout
        self.ref = None                            # the first O3 run's stdout
        self.code = {}                             # config -> fingerprint of the kernel's machine code

    def median(self, c):
        return statistics.median(self.times[c]) if self.times[c] and c not in self.fail else None


def kernel_code(obj, name):
    """A fingerprint of the machine code of kernel NAME's function in OBJ
    (with the bodies parloops outlined from it), addresses left out; None
    when objdump fails."""
    try:
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    fn = "kernel_" + name.replace("-", "_")
    keep, lines = False, []
    for line in out.splitlines():
        head = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if head:
            keep = head.group(1) == fn or head.group(1).startswith(fn + ".")
            if keep:
                lines.append(head.group(1))
            continue
        if keep and ":" in line:
            # Instruction only; jump targets by their symbol and offset.
            ins = re.sub(r"\b[0-9a-f]+ <([^>]+)>", r"<\1>", line.split(":", 1)[1].strip())
            lines.append(ins)
    return hashlib.sha1("\n".join(lines).encode()).hexdigest() if lines else None


def bench_kernel(name, sizes, flags, a, tmp, env, log):
    res = Result()
    src = os.path.join(KDIR, name + ".c")
    exes = {}
    ctimes = {c: [] for c in CONFIGS}
    # Compiled R times too, interleaved, for a median: one compilation of
    # 0.1-0.3 s varies by 20% under the machine's other load.
    for rnd in range(a.repeats):
        for c in CONFIGS:
            if c in res.fail:
                continue
            exe = os.path.join(tmp, "%s.%s" % (name, c))
            cc = COMPILERS.get(c, a.cc)
            cpu, err = compile_cpu(cc, flags[c], src, exe + ".o")
            if cpu is not None and rnd == 0:
                err = link(cc, flags[c], exe + ".o", exe)
            if err is not None:
                res.fail[c] = "build failed"
                log("%s: build failed (%s):\n%s" % (name, c, "".join("    " + l + "\n" for l in err.splitlines()[:20])))
                continue
            ctimes[c].append(cpu)
            exes[c] = exe
    res.ctime = {c: statistics.median(ts) for c, ts in ctimes.items() if c not in res.fail}
    res.code = {c: kernel_code(exe + ".o", name) for c, exe in exes.items()}
    outs = []
    for rnd in range(a.repeats):
        k = rnd % len(CONFIGS)
        for c in CONFIGS[k:] + CONFIGS[:k]:
            if c in res.fail:                      # not run again after a failure
                continue
            t, out = run_once(exes[c], sizes, a.timeout, env)
            if t is None:
                res.fail[c] = out
                log("%s: %s failed: %s" % (name, c, out))
                continue
            res.times[c].append(t)
            outs.append((c, out))
            if c == "O3" and res.ref is None:
                res.ref = out
    # Every run of every configuration against the first O3 output.
    for c, out in outs:
        if res.ref is not None and not same_output(out, res.ref) and c not in res.differs:
            res.differs[c] = out
    return res


def cell_speedup(res, c):
    if c in res.fail:
        return res.fail[c]
    t0, t = res.median("O3"), res.median(c)
    return "%.2f" % (t0 / t) if t0 and t else "n/a"


def cell_compile(res, c):
    if c not in res.ctime or "O3" not in res.ctime:
        return "build failed" if c not in res.ctime else "n/a"
    return "%.2f" % (res.ctime[c] / res.ctime["O3"]) if res.ctime["O3"] > 0 else "n/a"


def report(a, names, results, flags, sizes, peak, size_kind, secs, load0):
    ver = subprocess.run([a.cc, "-dumpfullversion"], stdout=subprocess.PIPE, text=True).stdout.strip()
    argv = " ".join(shlex.quote(x) for x in sys.argv[1:])
    ncpu = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 0)
    load = lambda l: " ".join("%.2f" % x for x in l)
    shown = lambda f: ["-fplugin=PLUGIN" if x.startswith("-fplugin=") else x for x in f]
    same_code = "graphite" in CONFIGS and "gccpoly" in CONFIGS
    title = "# Run time: kernel suite, -O3 vs autopar, GRAPHITE, Polly and gccpoly" + (", at -march=native" if a.native else "")
    out = [title, "",
           "`bench/run.py%s`: %s, %s %s, nproc %d, load average %s at the start and %s at the end, "
           "%s sizes, median of %d run%s per configuration (round-robin), OMP_NUM_THREADS=%d, "
           "timeout %g s; took %.0f s." % (
               (" " + argv) if argv else "", datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
               a.cc, ver, ncpu, load(load0), load(os.getloadavg()), size_kind, a.repeats,
               "" if a.repeats == 1 else "s", a.threads, a.timeout, secs), "",
           "Configurations (all `%s`, linked with -lm):" % " ".join(
               "-I bench/kernels" if x == "-I" + KDIR else x for x in BASE), ""]
    out += ["* %s: `%s%s`" % (c, COMPILERS[c] + " " if c in COMPILERS else "", " ".join(shown(flags[c]))) for c in CONFIGS]
    if a.polly_missing:
        out += ["* polly: left out: %s" % a.polly_missing]
    out += ["", "Speed-up = O3 time / configuration time (above 1: faster than -O3); "
            "compile = the configuration's compile CPU time / O3's."
            + (" Kernel code: whether the kernel's function (with what parloops outlined from it) "
               "is the same machine code in the gccpoly and graphite builds (objdump, addresses left out)."
               if same_code else "")
            + (" Same output: checksums within %g of O3's, relatively (-ffast-math)." % TOLERANCE if TOLERANCE else ""), "",
            "| kernel | O3 (s) | %s | O3 compile (s) | %s | same output |%s" % (
                " | ".join(PARALLEL), " | ".join(c + " compile" for c in PARALLEL),
                " gccpoly's kernel code = graphite's |" if same_code else ""),
            "|---|---:|%s---:|%s---|%s" % ("---:|" * len(PARALLEL), "---:|" * len(PARALLEL), "---|" if same_code else "")]
    for n in names:
        r = results[n]
        o3 = r.fail.get("O3") or "%.3g" % r.median("O3")
        same = "NO (%s)" % ", ".join(c for c in CONFIGS if c in r.differs) if r.differs else \
            ("yes" if r.ref is not None else "n/a")
        code = ""
        if same_code:
            g, p = r.code.get("graphite"), r.code.get("gccpoly")
            code = " %s |" % ("n/a" if g is None or p is None else "same" if g == p else "differs")
        out.append("| %s | %s | %s | %s | %s | %s |%s" % (
            n, o3, " | ".join(cell_speedup(r, c) for c in PARALLEL),
            "%.2f" % r.ctime["O3"] if "O3" in r.ctime else "build failed",
            " | ".join(cell_compile(r, c) for c in PARALLEL), same, code))

    # Failed or wrong results do not count towards a configuration's mean.
    sp, cp = [], []
    for c in PARALLEL:
        xs = [results[n].median("O3") / results[n].median(c) for n in names
              if results[n].median("O3") and results[n].median(c) and c not in results[n].differs]
        sp.append("%s %s" % (c, geomean(xs)))
        ys = [results[n].ctime[c] / results[n].ctime["O3"] for n in names
              if c in results[n].ctime and results[n].ctime.get("O3", 0) > 0]
        cp.append("%s %s" % (c, geomean(ys)))
    out += ["", "Geometric mean of the speed-ups (kernels counted; failed runs and differing outputs left out): " + ", ".join(sp) + ".",
            "Geometric mean of the compile-time ratios (kernels counted): " + ", ".join(cp) + "."]
    out += flops_lines(names, sizes, results, CONFIGS, peak, a.threads)

    bad = [(n, c) for n in names for c in CONFIGS if c in results[n].differs]
    if bad:
        out += ["", "Outputs that differ from O3's:", ""]
        for n, c in bad:
            ref, got = results[n].ref.strip(), results[n].differs[c].strip()
            x, y = checksum(ref), checksum(got)
            rel = abs(x - y) / abs(x) if x else float("inf")
            out.append("* %s, %s: `%s` (O3: `%s`, relative difference %.1e)" % (
                n, c, got.splitlines()[0], ref.splitlines()[0], rel))
    failed = [(n, c, results[n].fail[c]) for n in names for c in CONFIGS if c in results[n].fail]
    if failed:
        out += ["", "Failures: " + ", ".join("%s %s (%s)" % f for f in failed) + "."]
    # At -march=native GCC's own parallelizers may fuse other products
    # than -O3: listed above, a failure only for the plugin's builds.
    counted = [(n, c) for n, c in bad if c not in OTHER_COMPILER
               and (not a.native or (c.startswith("gccpoly") and c not in MAY_DIFFER))]
    return "\n".join(out) + "\n", bool(counted or failed)


def main():
    ap = argparse.ArgumentParser(description="Run time of the kernel suite: -O3 vs autopar, GRAPHITE, gccpoly.")
    ap.add_argument("kernels", nargs="*", metavar="KERNEL", help="only these kernels (default: all)")
    ap.add_argument("-r", "--repeats", type=int, metavar="R", help="runs per configuration (default 3; 1 with --quick)")
    ap.add_argument("--threads", type=int, default=2, metavar="T",
                    help="-ftree-parallelize-loops=T and OMP_NUM_THREADS=T (default 2)")
    ap.add_argument("--restrict", action="store_true", help="compile with -DKERNEL_RESTRICT")
    ap.add_argument("--restrict-variant", action="store_true",
                    help="add a configuration: gccpoly with -DKERNEL_RESTRICT (what the run-time tests cost)")
    ap.add_argument("--only", metavar="C,...",
                    help="only these configurations besides O3 (e.g. gccpoly,gccpoly+restrict)")
    ap.add_argument("--level", choices=("2", "3"), default="3",
                    help="the optimization level of every configuration (default -O3; the baseline keeps the name O3)")
    ap.add_argument("--fast-math", action="store_true",
                    help="-ffast-math in every configuration; checksums then agree within %g relatively" % FAST_MATH_TOLERANCE)
    ap.add_argument("--native", action="store_true",
                    help="build every configuration with -march=native and GCC's default -ffp-contract=fast")
    ap.add_argument("--timeout", type=float, default=120, metavar="S", help="seconds per run (default 120)")
    ap.add_argument("--quick", action="store_true", help="SMALL sizes, one run each (to test the script)")
    ap.add_argument("-o", metavar="FILE", help="also write the report to FILE")
    ap.add_argument("--polly-cc", default="clang-19", metavar="CLANG",
                    help="the clang with Polly linked in (default clang-19)")
    add_toolchain_args(ap)
    a = ap.parse_args()

    plugin = check_toolchain(a, "run")
    if plugin is None:
        return 2
    if a.repeats is None:
        a.repeats = 1 if a.quick else 3
    if a.repeats < 1 or a.threads < 1 or a.timeout <= 0:
        sys.stderr.write("run: -r and --threads must be at least 1, --timeout positive\n")
        return 2
    try:
        kernels = read_list(os.path.join(KDIR, "kernels.list"))
    except ValueError as e:
        sys.stderr.write("run: %s\n" % e)
        return 2
    unknown = [k for k in a.kernels if k not in kernels]
    if unknown:
        sys.stderr.write("run: unknown kernel(s): %s\n" % " ".join(unknown))
        return 2
    names = [n for n in kernels if not a.kernels or n in a.kernels]

    global CONFIGS, PARALLEL, TOLERANCE
    a.polly_missing = polly_runs(a.polly_cc) if "polly" in CONFIGS and (not a.only or "polly" in a.only.split(",")) else None
    if a.polly_missing:
        sys.stderr.write("run: Polly left out: %s\n" % a.polly_missing)
        CONFIGS = tuple(c for c in CONFIGS if c != "polly")
    else:
        COMPILERS["polly"] = a.polly_cc
    if a.native:
        BASE[BASE.index("-ffp-contract=off")] = "-march=native"
    if a.fast_math:
        BASE.append("-ffast-math")
        TOLERANCE = FAST_MATH_TOLERANCE
    if a.restrict_variant or (a.only and "gccpoly+restrict" in a.only.split(",")):
        CONFIGS = CONFIGS + ("gccpoly+restrict",)
    for extra in tuple(VARIANTS) + ("gccpoly-seq",):
        if a.only and extra in a.only.split(","):
            CONFIGS = CONFIGS + (extra,)
    if a.only:
        wanted = a.only.split(",")
        unknown = [c for c in wanted if c not in CONFIGS]
        if unknown:
            sys.stderr.write("run: unknown configuration(s): %s (valid: %s)\n" % (" ".join(unknown), ", ".join(CONFIGS[1:])))
            return 2
        CONFIGS = ("O3",) + tuple(c for c in CONFIGS[1:] if c in wanted)
    PARALLEL = CONFIGS[1:]
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads))
    log = lambda s: sys.stderr.write(s.rstrip("\n") + "\n")
    load0, t_start = os.getloadavg(), time.time()
    tmp = tempfile.mkdtemp(prefix="gccpoly-bench.")
    results = {}
    try:
        flags = config_flags(snapshot_plugin(plugin, tmp), a.threads, a.restrict, "-O" + a.level)
        sizes = {n: kernels[n][1] if a.quick else kernels[n][2] for n in names}
        peak = (None, "no matrix product among the kernels")
        if any(product_flops(n, sizes[n]) for n in names):
            peak = measure_peak(a.cc, BASE, a.threads, env, tmp)
            log("peak: %s" % ("%.1f GFLOP/s" % peak[0] if peak[0] else peak[1]))
        for i, n in enumerate(names, 1):
            log("[%d/%d] %s %s" % (i, len(names), n, " ".join(sizes[n])))
            results[n] = bench_kernel(n, sizes[n], flags, a, tmp, env, log)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    text, bad = report(a, names, results, flags, sizes, peak, "SMALL" if a.quick else "BENCH",
                       time.time() - t_start, load0)
    sys.stdout.write(text)
    if a.o:
        with open(a.o, "w") as f:
            f.write(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
