#!/usr/bin/env python3
"""Prints, for one function of a gccpoly report, the number of SCoPs, the
loops inside them, all its loops, and the SCoPs' statements, on one line.

usage: scop-counts.py REPORT.json FUNCTION
"""
import json
import sys

report = json.load(open(sys.argv[1]))
fns = [f for f in report["functions"] if f["name"] == sys.argv[2]]
if len(fns) != 1:
    sys.exit(f"{len(fns)} functions named {sys.argv[2]} in {sys.argv[1]}")
f = fns[0]
print(
    len(f["scops"]),
    sum(1 for l in f["loops"] if l["scop"] is not None),
    len(f["loops"]),
    sum(s["statements"] for s in f["scops"]),
)
