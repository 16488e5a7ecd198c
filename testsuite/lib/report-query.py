#!/usr/bin/env python3
"""Reads a value out of a gccpoly JSON report, for the testsuite.

    report-query.py REPORT PATH [EXPECTED]

PATH is dot-separated steps from the top object; a step is a key, optionally
followed by one selector in brackets:
    functions[0]          the first element
    functions[name=main]  the element whose "name" is "main" (first match;
                          numbers compare as numbers)
    loops[*]              every element: the result becomes a list
    loops[#]              the number of elements
Example: functions[name=f].loops[line=12].depth

Without EXPECTED, prints the value as compact JSON.  With it (JSON text),
exits 0 when the value equals it, else prints the value and exits 1.
"""
import json
import re
import sys

STEP = re.compile(r'^([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]*)\])?$')


def as_scalar(text):
    try:
        return json.loads(text)
    except ValueError:
        return text


def step(values, key, sel, fanout):
    out = []
    for v in values:
        if not isinstance(v, dict) or key not in v:
            raise KeyError(f"no key '{key}'")
        x = v[key]
        if sel is None:
            out.append(x)
            continue
        if not isinstance(x, list):
            raise KeyError(f"'{key}' is not a list")
        if sel == '*':
            out.extend(x)
            fanout = True
        elif sel == '#':
            out.append(len(x))
        elif sel.lstrip('-').isdigit():
            out.append(x[int(sel)])
        elif '=' in sel:
            k, want = sel.split('=', 1)
            want = as_scalar(want)
            hits = [e for e in x if isinstance(e, dict) and e.get(k) == want]
            if not hits:
                raise KeyError(f"no element of '{key}' with {k}={want!r}")
            out.append(hits[0])
        else:
            raise ValueError(f"bad selector [{sel}]")
    return out, fanout


def query(report, path):
    values, fanout = [report], False
    for part in path.split('.'):
        m = STEP.match(part)
        if not m:
            raise ValueError(f"bad path step '{part}'")
        values, fanout = step(values, m.group(1), m.group(2), fanout)
    return values if fanout else values[0]


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        report = json.load(f)
    try:
        value = query(report, sys.argv[2])
    except (KeyError, ValueError, IndexError) as e:
        print(f"{sys.argv[2]}: {e}")
        sys.exit(1)
    text = json.dumps(value, separators=(',', ':'))
    if len(sys.argv) == 3:
        print(text)
        return
    if value != json.loads(sys.argv[3]):
        print(f"{sys.argv[2]} is {text}, expected {sys.argv[3]}")
        sys.exit(1)


if __name__ == '__main__':
    main()
