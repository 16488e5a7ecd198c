#!/usr/bin/env python3
"""The summary of one package of scripts/distro-rebuild.sh.

    distro-report.py DIR

DIR holds plain/ and plugin/, each with rc (dpkg-buildpackage's status),
wall (seconds), times.tsv (one line per compilation: CPU seconds, the
folder relative to the source tree, the output or sources, the status),
build.log, and for the plugin build reports/*.json (one per compilation).
Exit status 1 when the plugin build failed where the plain one did not, or
either log shows an internal compiler error.
"""

import glob
import json
import math
import os
import sys

MIN_PLAIN = 0.05  # seconds: files below it are left out of the per-file ratios


def read(path, default=""):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return default


def times(path):
    """Per compilation key, the summed CPU seconds (a key built twice sums)."""
    out = {}
    for line in read(path).splitlines():
        parts = line.split("\t")
        if len(parts) < 4:
            continue
        key = parts[1] + "\t" + parts[2]
        out[key] = out.get(key, 0.0) + float(parts[0])
    return out


def plugin_findings(reports):
    functions = loops = parallel = marked = errors = 0
    for path in glob.glob(os.path.join(reports, "*.json")):
        try:
            r = json.load(open(path))
        except (OSError, ValueError):
            continue
        for f in r.get("functions", []):
            functions += 1
            errors += "error" in f
            for loop in f.get("loops", []):
                loops += 1
                parallel += bool(loop.get("parallel"))
                marked += "parallel" in loop.get("transform", [])
    return functions, loops, parallel, marked, errors


def main():
    d = sys.argv[1]
    name = os.path.basename(d.rstrip("/"))
    builds = {}
    for mode in ("plain", "plugin"):
        b = os.path.join(d, mode)
        log = read(os.path.join(b, "build.log"))
        builds[mode] = {
            "rc": int(read(os.path.join(b, "rc"), "1").strip() or 1),
            "wall": float(read(os.path.join(b, "wall"), "0").strip() or 0),
            "times": times(os.path.join(b, "times.tsv")),
            "ice": log.count("internal compiler error"),
        }
    p, g = builds["plain"], builds["plugin"]
    bad = False
    for mode, b in builds.items():
        print("%s %s build: %s, %.0f s wall" % (name, mode, "built, tests passed" if b["rc"] == 0 else "FAILED (status %d)" % b["rc"], b["wall"]))
    if p["wall"] > 0:
        print("%s build time ratio (wall): %.2f" % (name, g["wall"] / p["wall"]))
    if g["rc"] != 0 and p["rc"] == 0:
        print("%s: FAIL: the plugin build failed where the plain one built (%s)" % (name, os.path.join(d, "plugin", "build.log")))
        bad = True
    for mode, b in builds.items():
        if b["ice"]:
            print("%s: FAIL: %d internal compiler errors in the %s build" % (name, b["ice"], mode))
            bad = True
    common = sorted(set(p["times"]) & set(g["times"]))
    tp = sum(p["times"][k] for k in common)
    tg = sum(g["times"][k] for k in common)
    print("%s compilations: %d plain, %d with the plugin, %d in both: %.1f s plain, %.1f s with gccpoly (CPU), ratio %.2f"
          % (name, len(p["times"]), len(g["times"]), len(common), tp, tg, tg / tp if tp else float("nan")))
    ratios = [(g["times"][k] / p["times"][k], k) for k in common if p["times"][k] >= MIN_PLAIN]
    if ratios:
        geo = math.exp(sum(math.log(r) for r, _ in ratios) / len(ratios))
        print("%s per-file ratio: geomean %.2f over %d files of %.2f s or more" % (name, geo, len(ratios), MIN_PLAIN))
        worst = sorted(ratios, reverse=True)[:5]
        for r, k in worst:
            print("  %-60s %.2f s -> %.2f s  (%.2f)" % (k.replace("\t", " ").strip()[:60], p["times"][k], g["times"][k], r))
        doubled = [k for r, k in ratios if r > 2.0]
        print("%s files whose compile time the plugin more than doubles: %d" % (name, len(doubled)))
    functions, loops, parallel, marked, errors = plugin_findings(os.path.join(d, "plugin", "reports"))
    print("%s gccpoly: %d functions analysed, %d loops, %d proved parallel, %d marked for parloops, %d internal failures contained"
          % (name, functions, loops, parallel, marked, errors))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
