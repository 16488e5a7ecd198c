#!/usr/bin/env python3
"""Plan for check-gcc.sh: read the dg directives of GCC's own tests and
decide, for each test, whether it can be honoured on x86_64-linux and with
which options and dg-do kind.

Usage:
  dg-plan.py needed-includes SRCROOT
      print the tar member names (relative to SRCROOT's gcc.dg) of files that
      selected tests include through relative paths and that are not there.
  dg-plan.py plan SRCROOT WORK [--only GROUP[,GROUP...]] [--vect-run] [--loops-from DIR] [--et NAME=0|1 ...]
      write WORK/plan.tsv, one line a test:
        RUN <TAB> gcc.dg/... <TAB> GROUP/NAME <TAB> dg-do kind <TAB> source <TAB> options <TAB> extra sources
        SKIP <TAB> gcc.dg/... <TAB> reason
      (options and extra sources separated by \x1f, the sources as absolute paths).

SRCROOT is the extracted gcc/testsuite directory (libgomp's tests are at
SRCROOT/../../libgomp/testsuite).  The rules mirror GCC's
gcc.dg/{graphite,autopar,vect}.exp, tree-ssa.exp and libgomp.c/c.exp
closely enough for a robustness check; see README.md.
"""

import fnmatch
import glob
import json
import os
import re
import shlex
import sys

TRIPLET = "x86_64-pc-linux-gnu"
US = "\x1f"  # separates the options of a test in plan.tsv
VECT_DEFAULT_DO = ["compile"]  # --vect-run: "run", as vect.exp does on SSE2 hardware

# Each group's tests, as globs relative to SRCROOT (gcc/testsuite).
GROUPS = {
    "graphite": ["gcc.dg/graphite/*.c"],
    "autopar": ["gcc.dg/autopar/*.c"],
    "loop-interchange": ["gcc.dg/tree-ssa/loop-interchange-*.c"],
    "vect": ["gcc.dg/vect/*.c"],
    # libgomp.c/c.exp's tests: user OpenMP code, which the plugin's
    # regions and parloops' must leave working.
    "libgomp": ["../../libgomp/testsuite/libgomp.c/*.c", "../../libgomp/testsuite/libgomp.c-c++-common/*.c"],
    # GCC's torture programs: C of every kind, most of it with loops the
    # plugin may take; each execute test aborts when it computes wrong.
    "torture": ["gcc.c-torture/execute/*.c", "gcc.c-torture/compile/*.c", "gcc.dg/torture/*.c"],
}
GROUP_ALIASES = {"tree-ssa": "loop-interchange"}

VECT_BASE = ["-O2", "-ftree-vectorize", "-fno-vect-cost-model", "-fno-common", "-msse2"]

# Per-file-name extras of gcc.dg/vect/vect.exp (appended after the base, so
# -O3/-Os/-O1/-O given here win over the base -O2).
VECT_PREFIX_EXTRAS = [
    ("no-vfa-", ["--param", "vect-max-version-for-alias-checks=0"]),
    ("fast-math-bb-slp-", ["-ffast-math"]),
    ("fast-math-", ["-ffast-math"]),
    ("no-fast-math-", ["-fno-fast-math"]),
    ("no-math-errno-", ["-fno-math-errno"]),
    ("wrapv-", ["-fwrapv"]),
    ("trapv-", ["-ftrapv"]),
    ("no-tree-dce-", ["-fno-tree-dce"]),
    ("section-anchors-", ["-fsection-anchors"]),
    ("aligned-section-anchors-", ["-fsection-anchors"]),
    ("no-section-anchors-", ["-fno-section-anchors"]),
    ("unswitch-loops-", ["-funswitch-loops"]),
    ("no-trapping-math-", ["-fno-trapping-math"]),
    ("no-scevccp-noreassoc-", ["-fno-tree-scev-cprop", "-fno-tree-reassoc"]),
    ("no-scevccp-", ["-fno-tree-scev-cprop"]),
    ("no-tree-dom-", ["-fno-tree-dominator-opts"]),
    ("no-tree-pre-", ["-fno-tree-pre"]),
    ("Os-vect-", ["-Os"]),
    ("ggc-", ["--param", "ggc-min-expand=0", "--param", "ggc-min-heapsize=0"]),
    ("O3-", ["-O3", "-fno-ipa-cp-clone"]),
    ("O1-", ["-O1"]),
    ("O-", ["-O"]),
    ("vec-scal-", ["-O"]),
    ("no-tree-reassoc-bb-slp-", ["-fno-tree-reassoc"]),
    ("no-tree-fre-", ["-fno-tree-fre"]),
    ("no-fre-pre", ["-fno-tree-fre", "-fno-tree-pre"]),
    ("no-tree-sra-bb-slp-", ["-fno-tree-sra"]),
]

# Effective targets on x86_64-linux with -msse2 (GCC 12 target-supports.exp).
# True ones; the probes of check-gcc.sh (--et) add or override entries.
ET_TRUE = """
vect_int vect_float vect_double vect_condition vect_shift vect_pack_trunc
vect_unpack vect_int_mult vect_long vect_intfloat_cvt vect_perm
vect_cond_mixed vect_long_long vect_hw_misalign vect_usad_char
vect_intdouble_cvt vect_char_add whole_vector_shift vect_floatint_cvt
vect_float_strict vect_doubleint_cvt vect_uintfloat_cvt vect_element_align
vect_unpack vect_sdot_hi vect_udot_hi vect_widen_mult_hi_to_si
vect_widen_sum_qi_to_hi vect_widen_sum_hi_to_si vect_sizes_16B_8B
size32plus size20plus int32plus lp64 int128 mmap alloca stdint_types
nonlocal_goto exceptions non_strict_align sse sse2 fgraphite
natural_alignment_32 natural_alignment_64 vect_unaligned_possible
c tls tls_runtime sync_int_long large_long_double __float128 fpic
""".split()

# Known false there (recorded so that the skip reason says "false", not
# "unknown").
ET_FALSE = """
section_anchors run_expensive_tests scalar_all_fma vect_load_lanes
vect_call_roundf vect_call_round vect_call_nearbyintf vect_call_nearbyint
vect_call_lfloor vect_call_lceil vect_call_floorf vect_call_floor
vect_call_ceilf vect_call_ceil vect_call_btruncf vect_call_btrunc
vect_shift_char vect_max_reduc vect_no_align aarch64_sve aarch64_sve256_hw
ia32 ilp32 x32 powerpc_altivec_ok vsx_hw arm_neon aarch64_tiny
arm_v8_2a_i8mm_neon_hw arm_v8_2a_dotprod_neon_hw vect_variable_length
c++ offload_target_nvptx offload_target_amdgcn offload_device
offload_device_nonshared_as offload_device_shared_as
""".split()

# dg-require-* other than effective-target: all hold on Linux.
REQUIRE_OK = {"dg-require-profiling", "dg-require-stack-size", "dg-require-weak",
              "dg-require-stack-check", "dg-require-alias", "dg-require-visibility",
              "dg-require-named-sections", "dg-require-ifunc"}


class Unknown(Exception):
    pass


class Skip(Exception):
    pass


# ---------------------------------------------------------------- Tcl bits
def tcl_words(s):
    """Split a Tcl list / command into words (braces kept raw, quotes with
    backslash substitution)."""
    words, i, n = [], 0, len(s)
    while True:
        while i < n and s[i].isspace():
            i += 1
        if i >= n:
            return words
        c = s[i]
        if c == "{":
            depth, j = 1, i + 1
            while j < n and depth:
                if s[j] == "\\":
                    j += 2
                    continue
                depth += {"{": 1, "}": -1}.get(s[j], 0)
                j += 1
            words.append(("brace", s[i + 1:j - 1]))
            i = j
        elif c == '"':
            j, out = i + 1, []
            while j < n and s[j] != '"':
                if s[j] == "\\" and j + 1 < n:
                    nxt = s[j + 1]
                    out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
                    j += 2
                    continue
                out.append(s[j])
                j += 1
            words.append(("quote", "".join(out)))
            i = j + 1
        else:
            j = i
            while j < n and not s[j].isspace():
                j += 1
            words.append(("bare", s[i:j]))
            i = j


def directives(text):
    """Yield (name, [words]) for every '{ dg-NAME ... }' in the text."""
    for m in re.finditer(r"\{\s*(dg-[A-Za-z0-9_-]+)", text):
        start = m.start()
        depth, j, n = 0, start, len(text)
        while j < n:
            ch = text[j]
            if ch == "\\":
                j += 2
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    break
            elif ch == '"':
                # skip quoted text so braces in it do not count
                j += 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
            j += 1
        body = text[start + 1:j]
        words = tcl_words(body)
        if words:
            yield words[0][1], [w[1] for w in words[1:]]


# ---------------------------------------------------------------- selectors
class Targets:
    def __init__(self, overrides):
        self.val = {k: True for k in ET_TRUE}
        self.val.update({k: False for k in ET_FALSE})
        self.val.update(overrides)

    def et(self, name):
        if name in self.val:
            return self.val[name]
        raise Unknown(name)

    def term(self, word):
        # DejaGnu: an effective-target keyword, else a target triplet glob.
        if re.fullmatch(r"[A-Za-z0-9_]+", word):
            return self.et(word)
        return fnmatch.fnmatchcase(TRIPLET, word)

    def expr(self, s):
        toks = tcl_words(s)
        if not any(t[1] in ("!", "&&", "||") and t[0] == "bare" for t in toks):
            # a plain list: true when any element is
            return any(self.expr(v) if k == "brace" else self.term(v) for k, v in toks)
        pos = 0

        def atom():
            nonlocal pos
            k, v = toks[pos]
            pos += 1
            if k == "bare" and v == "!":
                return not atom()
            return self.expr(v) if k == "brace" else self.term(v)

        def conj():
            nonlocal pos
            r = atom()
            while pos < len(toks) and toks[pos][1] == "&&":
                pos += 1
                r = atom() and r
            return r

        r = conj()
        while pos < len(toks) and toks[pos][1] == "||":
            pos += 1
            r = conj() or r
        return r

    def selector(self, sel):
        """'target X' / 'xfail X' selector text -> selected?"""
        toks = tcl_words(sel)
        if not toks:
            return True
        kind = toks[0][1]
        rest = sel.split(None, 1)[1] if len(sel.split(None, 1)) > 1 else ""
        if kind == "target":
            return self.expr(rest)
        if kind == "xfail":
            return True  # an xfail still compiles the test
        # A bare list (dg-skip-if's second argument) is a target list.
        return self.expr(sel)


# ---------------------------------------------------------------- includes
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def missing_includes(path, seen=None):
    """Quoted includes of path (recursively) that do not exist."""
    seen = seen if seen is not None else set()
    if path in seen:
        return []
    seen.add(path)
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return [path]
    missing = []
    for inc in INCLUDE_RE.findall(text):
        p = os.path.normpath(os.path.join(os.path.dirname(path), inc))
        if os.path.exists(p):
            missing += missing_includes(p, seen)
        elif "/" in inc:
            # only includes of other test files (relative paths); a plain
            # name may be a system header found on -I / the default path
            missing.append(p)
    return missing


# ---------------------------------------------------------------- planning
def graphite_defaults(name):
    """(default-extra-flags, default dg-do) as graphite.exp sets them."""
    if name.startswith("scop-"):
        return ["-O2", "-fgraphite", "-fdump-tree-graphite-all", "-fno-finite-loops"], "compile"
    if name.startswith("id-"):
        return ["-O2", "-fgraphite-identity", "-ffast-math", "-fdump-tree-graphite-details"], "compile"
    if name.startswith("run-id-"):
        return ["-O2", "-fgraphite-identity", "-fdump-tree-graphite-details"], "run"
    for p in ("interchange-", "uns-interchange-", "isl-ast-gen-", "fuse-", "block-", "uns-block-"):
        if name.startswith(p):
            return ["-O2", "-ffast-math", "-floop-nest-optimize", "-fdump-tree-graphite-all"], "run"
    if name.startswith("vect-"):
        return ["-O2", "-fgraphite-identity", "-ftree-vectorize", "-fno-vect-cost-model",
                "-fdump-tree-vect-details", "-ffast-math", "-msse2"], "compile"
    return ["-ansi", "-pedantic-errors"], "compile"


def has_O(flags):
    return any(re.fullmatch(r"-O([0-3sgz]|fast)?", f) for f in flags)


def plan_test(group, path, tg):
    name = os.path.basename(path)
    text = open(path, errors="replace").read()
    dirs = list(directives(text))

    # default options and dg-do, per the group's .exp
    if group == "vect":
        base = list(VECT_BASE)
        for prefix, extra in VECT_PREFIX_EXTRAS:
            if name.startswith(prefix):
                base += extra
                break
        default_extra, kind = [], VECT_DEFAULT_DO[0]
    elif group == "graphite":
        base = []
        default_extra, kind = graphite_defaults(name)
    elif group == "libgomp":
        # libgomp.c/c.exp: -fopenmp always, DEFAULT_CFLAGS -O2, dg-do run.
        base, default_extra, kind = ["-fopenmp"], ["-O2"], "run"
    elif group == "torture":
        # c-torture/execute: programs run with -w (execute.exp); c-torture/compile:
        # compiled with -w (compile.exp); gcc.dg/torture: no default options
        # (dg-torture.exp), compile unless dg-do says. Of
        # the torture's option sets, -O2 (the one added where a test names
        # no -O), always with parloops' threads, where the plugin marks
        # and transforms loops.
        base = ["-ftree-parallelize-loops=2"]
        if "/gcc.c-torture/execute/" in path:
            base, default_extra, kind = base + ["-w"], ["-O2"], "run"
        elif "/gcc.c-torture/compile/" in path:
            base, default_extra, kind = base + ["-w"], ["-O2"], "compile"
        else:
            default_extra, kind = [], "compile"
    else:  # autopar, tree-ssa: DEFAULT_CFLAGS
        base, default_extra, kind = [], ["-ansi", "-pedantic-errors"], "compile"

    options, additional, extras = None, [], []
    do_seen, do_selected = False, False
    for d, args in dirs:
        try:
            if d == "dg-do":
                do_seen = True
                if len(args) >= 2 and not tg.selector(args[1]):
                    continue
                do_selected = True
                kind = args[0]
            elif d == "dg-options":
                if len(args) >= 2 and not tg.selector(args[1]):
                    continue
                options = shlex.split(args[0]) if args else []
            elif d == "dg-additional-options":
                if len(args) >= 2 and not tg.selector(args[1]):
                    continue
                additional += shlex.split(args[0]) if args else []
            elif d == "dg-require-effective-target":
                if len(args) >= 2 and not tg.selector(args[1]):
                    continue
                et = args[0].strip()
                try:
                    ok = tg.expr(et)
                except Unknown as u:
                    raise Skip("needs effective target %s (not honoured)" % u)
                if not ok:
                    raise Skip("needs effective target %s (false here)" % et)
            elif d == "dg-skip-if":
                sel = args[1] if len(args) >= 2 else "*-*-*"
                if not tg.expr(sel):
                    continue
                # include/exclude option lists (default: always / never)
                cur = base + (options if options is not None else default_extra) + additional
                inc = tcl_words(args[2]) if len(args) >= 3 else [("bare", "*")]
                exc = tcl_words(args[3]) if len(args) >= 4 else []
                inc = [w[1] for w in inc] or ["*"]
                exc = [w[1] for w in exc]

                def match(pats):
                    for pat in pats:
                        for p in shlex.split(pat) or [""]:
                            if p in ("*", "") or any(fnmatch.fnmatchcase(f, p) for f in cur):
                                return True
                    return False
                if match(inc) and not (exc and match(exc)):
                    raise Skip("dg-skip-if %s" % (args[0] or sel))
            elif d == "dg-additional-sources":
                extras += shlex.split(args[0]) if args else []
            elif d == "dg-add-options":
                pass  # bind_pic_locally, ieee, double_vectors, arm_*: nothing on x86_64
            elif d.startswith("dg-require-") and d not in REQUIRE_OK:
                raise Skip("%s not honoured" % d)
            elif d == "dg-set-target-env-var":
                raise Skip("dg-set-target-env-var not honoured (the run's environment)")
        except Unknown as u:
            raise Skip("%s selector uses unknown effective target %s" % (d, u))
    if do_seen and not do_selected:
        raise Skip("dg-do target selector excludes x86_64")
    if kind not in ("compile", "link", "run", "assemble", "preprocess"):
        raise Skip("dg-do %s not supported" % kind)

    miss = missing_includes(path)
    for e in extras:
        ep = os.path.join(os.path.dirname(path), e)
        miss += missing_includes(ep) if os.path.exists(ep) else [ep]
    if miss:
        raise Skip("includes missing file(s): " + " ".join(sorted(set(miss))))

    flags = base + (options if options is not None else default_extra) + additional
    if group != "vect" and not has_O(flags):
        flags = ["-O2"] + flags
    flags.append("-I" + os.path.dirname(path))
    return kind, flags, [os.path.join(os.path.dirname(path), e) for e in extras]


def selected(srcroot, only):
    out = []
    for g, pats in GROUPS.items():
        if only and g not in only:
            continue
        for pat in pats:
            for p in sorted(glob.glob(os.path.join(srcroot, pat))):
                out.append((g, os.path.normpath(p)))
    return out


def loop_free(earlier, tid):
    """Whether test TID's reports in an earlier run's work directory list
    functions and no loop, SCoP or rejected region in any of them (no
    report, an unreadable one or an empty function list: not known)."""
    reports = glob.glob(os.path.join(earlier, "tests", tid, "report*.json"))
    if not reports:
        return False
    for p in reports:
        try:
            with open(p) as f:
                fns = json.load(f)["functions"]
        except (OSError, ValueError, KeyError, TypeError):
            return False
        if not fns or any(fn.get("loops") or fn.get("scops") or fn.get("rejected") for fn in fns):
            return False
    return True


def main(argv):
    mode, srcroot = argv[1], os.path.abspath(argv[2])
    if mode == "needed-includes":
        need = set()
        for g, p in selected(srcroot, None):
            for m in missing_includes(p):
                need.add(os.path.relpath(m, srcroot))
        for n in sorted(need):
            print(n)
        return 0
    work = argv[3]
    only, overrides, loops_from = None, {}, None
    rest = argv[4:]
    while rest:
        a = rest.pop(0)
        if a == "--only":
            only = set()
            for g in rest.pop(0).split(","):
                g = GROUP_ALIASES.get(g, g)
                if g not in GROUPS:
                    sys.stderr.write("unknown group %s (one of %s)\n" % (g, ", ".join(GROUPS)))
                    return 2
                only.add(g)
        elif a == "--vect-run":
            VECT_DEFAULT_DO[0] = "run"
        elif a == "--loops-from":
            loops_from = rest.pop(0)
        elif a == "--et":
            k, v = rest.pop(0).split("=")
            overrides[k] = v == "1"
    tg = Targets(overrides)
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "plan.tsv"), "w") as plan:
        for g, p in selected(srcroot, only):
            rel = os.path.relpath(p, srcroot)
            if rel.startswith("../../"):  # libgomp's: named from the source tree's top
                rel = rel[len("../../"):]
            try:
                kind, flags, extras = plan_test(g, p, tg)
            except Skip as s:
                plan.write("SKIP\t%s\t%s\n" % (rel, s))
                continue
            # A group of several directories names its tests by directory
            # too: libgomp.c and libgomp.c-c++-common share names (loop-1.c).
            sub = os.path.basename(os.path.dirname(p)) + "/" if len(GROUPS[g]) > 1 else ""
            tid = "%s/%s%s" % (g, sub, os.path.basename(p)[:-2])
            if any(US in x or "\t" in x or "\n" in x for x in flags + extras + [p]):
                plan.write("SKIP\t%s\t%s\n" % (rel, "an option has a tab, newline or \\x1f in it"))
                continue
            # A test with no loop gives the plugin nothing to do at any
            # options; it ran with the plugin in the earlier run.
            if loops_from and loop_free(loops_from, tid):
                plan.write("SKIP\t%s\tno loop in any function of its report in %s\n" % (rel, loops_from))
                continue
            plan.write("RUN\t%s\t%s\t%s\t%s\t%s\t%s\n" % (rel, tid, kind, p, US.join(flags), US.join(extras)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
