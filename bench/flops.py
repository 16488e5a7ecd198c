"""flops.py - the matrix products' rates in make bench, against the machine's peak.

The useful work of a product is 2 flops per multiply-add of the product as
the kernel writes it (the convention peak rates are quoted in), counted from
the kernel's sizes; scalings by alpha and beta are left out.  The rate is
that work over the whole program's median time, initialisation and checksum
included, so it is a lower bound of the kernel's own rate.  The peak is what
bench/peak.c reaches, built with the same base flags as the configurations
(-march=native or not) and run on the same number of threads.
"""

import os
import statistics
import subprocess

# kernel -> work in flops, from its sizes in kernels.list order.
PRODUCT_FLOPS = {
    "gemm": lambda ni, nj, nk: 2 * ni * nj * nk,
    "gemm_lin": lambda ni, nj, nk: 2 * ni * nj * nk,
    "2mm": lambda ni, nj, nk, nl: 2 * ni * nj * nk + 2 * ni * nl * nj,
    "3mm": lambda ni, nj, nk, nl, nm: 2 * ni * nj * nk + 2 * nj * nl * nm + 2 * ni * nl * nj,
    "syrk": lambda m, n: m * n * (n + 1),           # lower triangle of an n x n result
    "syr2k": lambda m, n: 2 * m * n * (n + 1),      # two products into the lower triangle
    "symm": lambda m, n: 2 * n * m * (m - 1),       # two multiply-adds per k < i
    "trmm": lambda m, n: n * m * (m - 1),           # one multiply-add per k > i
}


def product_flops(name, sizes):
    """The work of kernel NAME at SIZES (strings), or None for other kernels."""
    f = PRODUCT_FLOPS.get(name)
    return f(*(int(s) for s in sizes)) if f else None


def measure_peak(cc, base, threads, env, tmp, runs=3):
    """(GFLOP/s, None): the median of RUNS runs of bench/peak.c built by CC
    with BASE -O3 -fopenmp on THREADS threads; or (None, why not)."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peak.c")
    exe = os.path.join(tmp, "peak")
    p = subprocess.run([cc] + base + ["-O3", "-fopenmp", src, "-o", exe], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, errors="replace")
    if p.returncode != 0:
        return None, "peak.c did not build: " + p.stdout.strip()[:200]
    rates = []
    for _ in range(runs):
        p = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           errors="replace", env=dict(env, OMP_NUM_THREADS=str(threads)))
        w = p.stdout.split()
        if p.returncode != 0 or len(w) < 2 or w[0] != "peak:":
            return None, "peak failed: " + p.stdout.strip()[:200]
        rates.append(float(w[1]))
    return statistics.median(rates), None


def report_lines(names, sizes, results, configs, peak, threads):
    """The markdown section: GFLOP/s per product kernel and configuration
    (those whose output differs from O3's marked), and the best
    configuration's share of the peak."""
    rows = [(n, w) for n, w in ((n, product_flops(n, sizes[n])) for n in names) if w]
    if not rows:
        return []
    peak_text = "%.1f GFLOP/s" % peak[0] if peak[0] else "not measured (%s)" % peak[1]
    out = ["", "GFLOP/s of the matrix products: 2 flops per multiply-add of the product, over the "
           "whole program's median time (initialisation and checksum included, so a lower bound "
           "of the kernel's rate). Peak: bench/peak.c (independent multiply-add chains on the widest "
           "vectors of the target, built with the base flags above) on %d thread%s: %s." % (
               threads, "" if threads == 1 else "s", peak_text), "",
           "| kernel | GFLOP | %s | best | best / peak |" % " | ".join(configs),
           "|---|---:|%s---|---:|" % ("---:|" * len(configs))]
    for n, work in rows:
        r = results[n]
        rate = {c: work / r.median(c) * 1e-9 for c in configs if r.median(c)}
        best = max(rate, key=rate.get) if rate else None
        share = "%.0f%%" % (100 * rate[best] / peak[0]) if best and peak[0] else "n/a"
        cell = lambda c: "%.2f%s" % (rate[c], "*" if c in r.differs else "") if c in rate else "n/a"
        out.append("| %s | %.3g | %s | %s | %s |" % (
            n, work * 1e-9, " | ".join(cell(c) for c in configs), best or "n/a", share))
    if any(c in results[n].differs for n, _ in rows for c in configs):
        out += ["", "(*: the output differs from O3's, listed below.)"]
    return out
