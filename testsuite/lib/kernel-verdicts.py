#!/usr/bin/env python3
"""Compares gccpoly's per-loop verdicts on one kernel with the expected ones.

    kernel-verdicts.py REPORT.json FILE.c VERDICTS.list EXCEPTIONS.list [--fast-math|--reassociate] [--all-functions]

VERDICTS.list (testsuite/gccpoly.misc/kernel-verdicts.list) holds the
verdicts written from the source; EXCEPTIONS.list the loops where gccpoly is
known to say less, with the reason.  The report must come from compiling
FILE.c; its kernel function is kernel_NAME (`-` -> `_`), or, with
--all-functions (the applications of bench/apps), every function of it.
--fast-math: the report was made with -ffast-math (floating-point
reductions allowed); --reassociate: with -fplugin-arg-gccpoly-reassociate
(the same; exceptions of MODE reassociate).  A list entry whose details
hold the word `omp` is a loop the program's author would run in parallel
(an OpenMP version's); the summary says how many of them are proved
parallel.

Mapping rules (gccpoly works on GIMPLE after PRE, the list on the source):
  * a private variable that is not one of the region's memory arrays
    (scops[].arrays) is a register value (an SSA value crossing blocks,
    PRE's accumulator, a scalar declared in the body): it may appear in
    gccpoly's private set where the list has none, and a scalar the list
    privatizes may be missing (a value that never crosses blocks needs no
    copy).  Memory arrays must match both ways;
  * a reduction matches a list reduction with the same operator and the
    same variable, compared by name before any subscript (PRE turns
    `C[i][j] += e` in a k loop into an accumulator that gccpoly names after
    the cell it is stored to, `C[i][j]`); gccpoly's reductions on register
    values beyond the list's are accepted;
  * without --fast-math a floating-point (`:fp`) reduction may not be
    parallel: the expected verdict is then "not parallel, because
    reassociation is not allowed", which a blocker mentioning
    -fassociative-math shows.  Loops whose list verdict needs an fp
    reduction that gccpoly does not find are exceptions like any other,
    and so are reductions with the list's operators on other names.

Each loop prints one line: OK, EXCEPTION (gccpoly weaker, listed), BUG
(gccpoly says parallel where the list says none: a miscompile risk), or
MISMATCH (anything else), then a summary `N loops: A ok, B exceptions, C
mismatches, D bugs`.  Exit status 1 when there is a BUG or a MISMATCH, or an
exception is listed for a loop that now matches (stale).
"""
import json
import os
import re
import sys


def parse_verdicts(path, fname):
    """FILE LINE VERDICT [DETAILS]."""
    out = {}
    for raw in open(path):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if parts[0] != fname or len(parts) < 3:
            continue
        entry = {'verdict': parts[2], 'private': [], 'reduction': [], 'omp': 'omp' in parts[3:]}
        for p in parts[3:]:
            if p.startswith('private='):
                entry['private'] = [v for v in p[8:].split(',') if v]
            elif p.startswith('reduction='):
                reds = []
                for r in p[10:].split(','):
                    f = r.split(':')
                    reds.append({'var': f[0], 'op': f[1], 'fp': len(f) > 2 and f[2] == 'fp'})
                entry['reduction'] = reds
        out[int(parts[1])] = entry
    return out


def parse_exceptions(path, fname):
    """FILE LINE MODE # reason; MODE: default, fast-math or both."""
    out = {}
    for raw in open(path):
        text = raw.strip()
        if not text or text.startswith('#'):
            continue
        body, _, reason = text.partition('#')
        parts = body.split()
        if len(parts) < 3 or parts[0] != fname:
            continue
        out[int(parts[1])] = (parts[2], reason.strip())
    return out


def base(v):
    return v.split('[', 1)[0]


def judge(loop, exp, arrays, fast):
    """(ok, weaker, explanation)."""
    par = loop['parallel']
    want = exp['verdict']
    if want == 'none':
        if par:
            return 'BUG', 'gccpoly says parallel (%s), the list says none' % loop['kind']
        return 'OK', ''
    # The list's parallel verdicts.
    needs_fp = any(r['fp'] for r in exp['reduction'])
    if want == 'reduction' and needs_fp and not fast:
        if not par and any('associative-math' in b for b in loop['blockers']):
            return 'OK', ''
        if not par:
            return 'WEAKER', 'not parallel: %s' % '; '.join(loop['blockers'])
        return 'MISMATCH', 'parallel (%s) without permission to reassociate' % loop['kind']
    if not par:
        return 'WEAKER', 'not parallel: %s' % '; '.join(loop['blockers'])
    mem_priv = sorted(p for p in loop['private'] if p in arrays)
    want_priv = exp['private']
    want_mem = sorted(p for p in want_priv if p in arrays)
    if mem_priv != want_mem:
        return 'MISMATCH', 'private memory arrays %s, expected %s' % (mem_priv, want_mem)
    got = [(base(r['var']), r['op']) for r in loop['reductions']]
    wanted = [(base(r['var']), r['op']) for r in exp['reduction']]
    if want == 'reduction':
        missing = [w for w in wanted if w not in got]
        if missing:
            if loop['kind'] != 'reduction':
                return 'WEAKER', 'parallel as %s, no reduction on %s' % (loop['kind'], missing)
            # The same operators on other names: the cell named by a
            # pointer of PRE's where the region does not hold the loop
            # that steps it (GCC 11's trmm).
            if sorted(op for _, op in got) == sorted(op for _, op in wanted):
                return 'WEAKER', 'reductions %s named otherwise than %s' % (got, wanted)
            return 'MISMATCH', 'reductions %s, expected %s' % (got, wanted)
    extra = [g for g in got if g not in wanted and g[0] in arrays]
    if extra:
        return 'MISMATCH', 'reductions on memory %s, expected %s' % (extra, wanted)
    return 'OK', ''


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    reassociate = '--reassociate' in sys.argv
    fast = '--fast-math' in sys.argv or reassociate
    if len(args) != 4:
        sys.exit(__doc__)
    report_path, cfile, list_path, exc_path = args
    fname = os.path.basename(cfile)
    kernel = 'kernel_' + os.path.splitext(fname)[0].replace('-', '_')
    report = json.load(open(report_path))
    if '--all-functions' in sys.argv:
        fns = report['functions']
    else:
        fns = [f for f in report['functions'] if f['name'] == kernel]
        if len(fns) != 1:
            print('%s: %d functions named %s in the report' % (fname, len(fns), kernel))
            sys.exit(1)
    expected = parse_verdicts(list_path, fname)
    exceptions = parse_exceptions(exc_path, fname)
    counts = {'OK': 0, 'EXCEPTION': 0, 'MISMATCH': 0, 'BUG': 0}
    mode = 'reassociate' if reassociate else 'fast-math' if fast else 'default'
    seen, omp_proved = set(), set()
    reported = {l['line'] for f in fns for l in f['loops']}
    bad = any([judge_function(f, fname, expected, exceptions, fast, mode, counts, seen, omp_proved, reported) for f in fns])
    for line in sorted(set(expected) - seen):
        print('%s:%d MISMATCH listed loop not in the report' % (fname, line))
        counts['MISMATCH'] += 1
        bad = True
    n = sum(counts.values())
    omp = sorted(l for l, e in expected.items() if e['omp'])
    proved = '' if not omp else ', %d of %d omp loops proved parallel' % (len(omp_proved & set(omp)), len(omp))
    print('%s: %d loops: %d ok, %d exceptions, %d mismatches, %d bugs%s' % (
        fname, n, counts['OK'], counts['EXCEPTION'], counts['MISMATCH'], counts['BUG'], proved))
    sys.exit(1 if bad else 0)


def judge_function(f, fname, expected, exceptions, fast, mode, counts, seen, omp_proved, reported):
    """Judges the loops of report function `f` into `counts`; the lines
    judged into `seen`, those proved parallel into `omp_proved`; whether
    one is a BUG or a MISMATCH.  `reported`: the lines of every loop of
    the report's functions judged."""
    arrays_of = {s['id']: set(s.get('arrays', [])) for s in f['scops']}
    bad = False
    # A loop GCC reports at another loop's line (two loops sharing one exit
    # test after jump threading) is paired with the listed line no loop
    # reports, in source order; the deepest loop at a shared line keeps it.
    by_line = {}
    for loop in f['loops']:
        by_line.setdefault(loop['line'], []).append(loop)
    missing = sorted(set(expected) - reported)
    moved = {}
    for line, group in sorted(by_line.items()):
        if len(group) > 1:
            for extra in sorted(group, key=lambda l: l['depth'])[:-1]:
                if missing:
                    moved[id(extra)] = missing.pop(0)
    for loop in f['loops']:
        line = moved.get(id(loop), loop['line'])
        seen.add(line)
        if loop['parallel']:
            omp_proved.add(line)
        exp = expected.get(line)
        if exp is None:
            print('%s:%d MISMATCH no expected verdict in the list' % (fname, line))
            counts['MISMATCH'] += 1
            bad = True
            continue
        arrays = arrays_of.get(loop['scop'], set())
        status, why = judge(loop, exp, arrays, fast)
        exc = exceptions.get(line)
        listed = exc is not None and exc[0] in (mode, 'both')
        desc = '%s %s' % (loop['kind'], json.dumps({k: loop[k] for k in ('private', 'reductions')}, separators=(',', ':')))
        if status == 'OK':
            if listed:
                print('%s:%d MISMATCH stale exception (now matches): %s' % (fname, line, exc[1]))
                counts['MISMATCH'] += 1
                bad = True
            else:
                print('%s:%d OK %s (list: %s)' % (fname, line, desc, exp['verdict']))
                counts['OK'] += 1
        elif status == 'WEAKER' and listed:
            print('%s:%d EXCEPTION %s; listed: %s' % (fname, line, why, exc[1]))
            counts['EXCEPTION'] += 1
        else:
            kind = 'BUG' if status == 'BUG' else 'MISMATCH'
            print('%s:%d %s %s (list: %s %s)' % (fname, line, kind, why, exp['verdict'],
                                                 ' '.join('%s:%s' % (r['var'], r['op']) for r in exp['reduction'])))
            counts[kind] += 1
            bad = True
    return bad


if __name__ == '__main__':
    main()
