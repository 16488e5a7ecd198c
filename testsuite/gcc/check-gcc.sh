#!/usr/bin/env bash
# check-gcc: robustness of gccpoly on GCC's own loop tests.
#
# Takes gcc.dg/graphite/*.c, gcc.dg/autopar/*.c,
# gcc.dg/tree-ssa/loop-interchange-*.c, gcc.dg/vect/*.c, libgomp's C tests
# (libgomp.c/*.c, libgomp.c-c++-common/*.c) and GCC's torture tests
# (gcc.c-torture/execute/*.c, gcc.c-torture/compile/*.c, gcc.dg/torture/*.c)
# from the Debian package gcc-12-source, compiles each test twice with the options its dg
# directives ask for (plain, then with the plugin and its report), runs both
# binaries of dg-do run tests, and reports what the plugin changed: ICEs, new
# diagnostics, new build or run failures, missing reports.  Ends with
# "N passed, N failed"; exit status 0 only when nothing failed.  See README.md.
#
#   check-gcc.sh [--plugin PATH] [--cc GCC] [--only GROUP] [--list] [-j N] [--keep] [--vect-run]
#                [--add-flags "FLAGS"] [--loops-from DIR]
#
#   --plugin PATH  the plugin (default: build/gccpoly.so of this repository)
#   --cc GCC       the compiler (default: $PLUGIN_CC, else gcc)
#   --only GROUPS  graphite, autopar, loop-interchange (or tree-ssa), vect,
#                  libgomp or torture, or several separated by commas
#   --list         print the selected tests and why the others are skipped
#   -j N           parallel compilations (default: $GCCPOLY_JOBS, else 2)
#   --keep         keep every test's outputs (dumps, assembly, binaries)
#   --vect-run     gcc.dg/vect tests without a dg-do are run (vect.exp's own
#                  default on SSE2 hardware) instead of only compiled
#   --add-flags F  append F to every test's options, in both builds (make
#                  check's second pass: "-O3 -ftree-parallelize-loops=2
#                  -fchecking", where the plugin interchanges loops)
#   --loops-from DIR  only the tests in whose report of an earlier run (its
#                  work directory DIR) the plugin lists a loop, and those
#                  with no report there; the others are skipped
#
# Environment: GCCPOLY_GCC_TESTS (where GCC's tests are extracted; default
# testsuite/work/gcc-tests), GCCPOLY_GCC_TARBALL (default
# /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz), GCCPOLY_GCC_CHECK_WORK (per-test
# logs; default testsuite/work/gcc-check).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)

# ------------------------------------------------------------ one test
# check-gcc.sh --worker PLAN-LINE...: build (and run) each planned test
# (a RUN line of plan.tsv), plain and with the plugin, and write its verdict
# to WORK/tests/GROUP/NAME/result.
# CC, PLUGIN, WORK and KEEP come from the environment; cc_limit (seconds
# per compiler run) from the worker.
build_one() {  # MODE DIR: compile in DIR; prints the commands to DIR.cmd
  local mode=$1 d=$2 rc=0 i o
  local pl=() plr=()
  if [ "$mode" = plugin ]; then
    pl=("-fplugin=$PLUGIN")
    plr=("-fplugin=$PLUGIN" "-fplugin-arg-gccpoly-report=${d%/*}/report.json")
  fi
  run_cc() {
    printf '%q ' "$@" >>"$d.cmd"; echo >>"$d.cmd"
    timeout "$cc_limit" "$@"
  }
  case $kind in
    compile)    run_cc "$CC" "${flags[@]}" "${plr[@]}" -S "$src" -o test.s; rc=$? ;;
    assemble)   run_cc "$CC" "${flags[@]}" "${plr[@]}" -c "$src" -o test.o; rc=$? ;;
    preprocess) run_cc "$CC" "${flags[@]}" "${plr[@]}" -E "$src" -o test.i; rc=$? ;;
    link|run)
      if [ ${#extras[@]} = 0 ]; then
        run_cc "$CC" "${flags[@]}" "${plr[@]}" "$src" -o test.exe -lm; rc=$?
      else
        # One compiler run per source, so that the main one keeps its report.
        run_cc "$CC" "${flags[@]}" "${plr[@]}" -c "$src" -o main.o; rc=$?
        i=0; o=(main.o)
        for e in "${extras[@]}"; do
          i=$((i + 1))
          [ $rc = 0 ] || break
          if [ "$mode" = plugin ]; then
            run_cc "$CC" "${flags[@]}" "${pl[@]}" "-fplugin-arg-gccpoly-report=${d%/*}/report-extra$i.json" \
              -c "$e" -o "extra$i.o"; rc=$?
          else
            run_cc "$CC" "${flags[@]}" -c "$e" -o "extra$i.o"; rc=$?
          fi
          o+=("extra$i.o")
        done
        if [ $rc = 0 ]; then
          run_cc "$CC" "${flags[@]}" "${pl[@]}" "${o[@]}" -o test.exe -lm; rc=$?
        fi
      fi ;;
  esac
  return $rc
}

status_words() {  # STATUS of a binary run under timeout 10
  case $1 in
    124) echo "timed out (10 s)" ;;
    *) if [ "$1" -gt 128 ]; then echo "died by signal $(( $1 - 128 ))"; else echo "exits $1"; fi ;;
  esac
}

diags() {  # LOG: its error and warning lines, sorted
  # The driver's temporary files (the linker's warnings on libgomp's
  # crtoffloadtable.o name /tmp/ccXXXXXX.crtoffloadtable.o) differ per build.
  grep -E ': (error|warning): ' "$1" | sed -E 's#/cc[A-Za-z0-9]{6}\.#/ccTEMP.#g' | sort -u
}

worker() {
  local what rel id flagstr extrastr t mode d
  IFS=$'\t' read -r what rel id kind src flagstr extrastr <<<"$1"
  [ "$what" = RUN ] || return 0
  IFS=$'\x1f' read -r -a flags <<<"$flagstr"
  # --add-flags: after the test's own, so that they win.
  [ -n "${ADD_FLAGS:-}" ] && read -r -a add <<<"$ADD_FLAGS" && flags+=("${add[@]}")
  IFS=$'\x1f' read -r -a extras <<<"$extrastr"
  t=$WORK/tests/$id
  declare -A brc rrc secs
  local t0=$EPOCHREALTIME
  rm -rf "$t"
  mkdir -p "$t"/plain "$t"/plugin
  # build_and_run MODE: build (timeout cc_limit a compiler run), time it, and run a
  # dg-do run test's binary (10 s at most).
  build_and_run() {
    local mode=$1 tb=$EPOCHREALTIME
    d=$t/$mode
    (cd "$d" && build_one "$mode" "$d") >"$t/$mode.log" 2>&1
    brc[$mode]=$?
    secs[$mode]=$(( (${EPOCHREALTIME/./} - ${tb/./}) / 1000000 + 1 ))
    if [ "$kind" = run ] && [ "${brc[$mode]}" = 0 ]; then
      (cd "$d" && timeout 10 ./test.exe) >"$t/$mode.run" 2>&1 </dev/null
      rrc[$mode]=$?
    fi
  }
  # The plugin build first.  The plain build is what it is compared with,
  # and it is needed only when the plugin build shows anything to compare:
  # a failure, a diagnostic (but those plain GCC prints for any program of
  # the kind: PLAIN_BASELINE, below), a failed run, or a compile over 60 s (the
  # plugin build may take three times the plain build's time, and at least
  # 60 s a compiler run: libgomp's for-5.c takes 25-50 s at -O3 -fchecking
  # without the plugin, as the machine is loaded).  A clean plugin build
  # (most of GCC's tests) is a pass whatever the plain build would show, so
  # its plain build is left out: half the compilations, and the binaries
  # that run twice.
  local cc_limit=900 plain=0
  build_and_run plugin
  cc_limit=300
  if [ "${brc[plugin]}" != 0 ] || [ "${secs[plugin]}" -gt 60 ] ||
     { [ "$kind" = run ] && [ "${rrc[plugin]}" != 0 ]; } ||
     [ -n "$(comm -23 <(diags "$t/plugin.log") "$PLAIN_BASELINE")" ]; then
    plain=1
    build_and_run plain
  else
    brc[plain]=0; rrc[plain]=0; secs[plain]=0
  fi
  local plain_s=${secs[plain]}
  cc_limit=$(( 3 * plain_s > 60 ? 3 * plain_s : 60 ))
  # A plugin build over its limit counts as timed out, as it would have
  # been stopped there had the plain build come first.
  [ "${brc[plugin]}" = 0 ] && [ "${secs[plugin]}" -gt "$cc_limit" ] && brc[plugin]=124

  {
    local problems=0
    if [ "${brc[plain]}" != 0 ]; then
      echo "NA plain build failed (status ${brc[plain]})"
    else
      if { [ -s "$t/plugin.log" ] && grep -q 'internal compiler error' "$t/plugin.log"; } ||
         [ "${brc[plugin]}" -gt 128 ]; then
        echo "ICE status ${brc[plugin]}: $(grep -m1 -E 'internal compiler error|terminated|Killed|Segmentation' "$t/plugin.log" | cut -c1-300)"
        problems=1
      elif [ "${brc[plugin]}" = 124 ]; then
        echo "NEWFAIL plugin build timed out (it took ${secs[plugin]} s; the limit is $cc_limit s, three times the plain build's $plain_s s and at least 60)"; problems=1
      elif [ "${brc[plugin]}" != 0 ]; then
        echo "NEWFAIL plugin build failed (status ${brc[plugin]})"; problems=1
      fi
      local new
      new=
      # Without a plain build, the plugin build printed nothing beyond
      # PLAIN_BASELINE: nothing new.
      [ $plain = 1 ] && new=$(comm -13 <(diags "$t/plain.log") <(diags "$t/plugin.log"))
      if [ -n "$new" ]; then
        printf '%s\n' "$new" >"$t/new-diagnostics.txt"
        echo "NEWDIAG $(grep -c '' "$t/new-diagnostics.txt") new line(s), first: $(head -n1 "$t/new-diagnostics.txt" | cut -c1-300)"
        problems=1
      fi
      if [ "${brc[plugin]}" = 0 ] && [ "$kind" != preprocess ] && [ ! -s "$t/report.json" ]; then
        echo "MISSING report"; problems=1
      fi
      if [ -s "$t/plugin.log" ] && grep -q 'gccpoly: internal error' "$t/plugin.log"; then
        echo "NOTE contained: $(grep -m1 'gccpoly: internal error' "$t/plugin.log" | cut -c1-300)"
      fi
      if [ "$kind" = run ] && [ "${brc[plugin]}" = 0 ]; then
        if [ "${rrc[plain]}" != 0 ]; then
          if [ "${rrc[plugin]}" != "${rrc[plain]}" ]; then
            echo "RUNDIFF plain binary $(status_words "${rrc[plain]}"), plugin-built $(status_words "${rrc[plugin]}")"; problems=1
          else
            echo "NARUN plain binary fails at run time too (status ${rrc[plain]})"
          fi
        elif [ "${rrc[plugin]}" != 0 ]; then
          echo "NEWRUNFAIL plugin-built binary $(status_words "${rrc[plugin]}")"; problems=1
        else
          echo "RAN"
        fi
      fi
      [ $problems = 0 ] && echo "OK"
    fi
    [ $plain = 1 ] && echo "PLAIN built to compare"
    local t1=$EPOCHREALTIME
    echo "TIME $(( (${t1/./} - ${t0/./}) / 1000 )) ms"
  } >"$t/result"

  # Outputs (assembly, objects, binaries, GCC dumps) go unless --keep.
  [ "$KEEP" = 1 ] || rm -rf "$t/plain" "$t/plugin"
}

if [ "${1:-}" = --worker ]; then
  shift
  for id in "$@"; do worker "$id"; done
  exit 0
fi

# ------------------------------------------------------------ options
plugin=$top/build/gccpoly.so
cc=${PLUGIN_CC:-gcc}
only=
list=0
jobs=${GCCPOLY_JOBS:-2}
keep=0
plan_opts=()
add_flags=
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --plugin=*) plugin=${1#*=}; shift ;;
    --cc) cc=$2; shift 2 ;;
    --cc=*) cc=${1#*=}; shift ;;
    --only) only=$2; shift 2 ;;
    --only=*) only=${1#*=}; shift ;;
    --list) list=1; shift ;;
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --keep) keep=1; shift ;;
    --vect-run) plan_opts+=(--vect-run); shift ;;
    --loops-from) plan_opts+=(--loops-from "$2"); shift 2 ;;
    --loops-from=*) plan_opts+=(--loops-from "${1#*=}"); shift ;;
    --add-flags) add_flags=$2; shift 2 ;;
    --add-flags=*) add_flags=${1#*=}; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "check-gcc: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
# A comma-separated list of groups; accept gcc.dg/vect, vect/, ...
groups=()
IFS=, read -r -a words <<<"$only"
for g in "${words[@]}"; do
  g=${g%/}; g=${g##*/}
  case $g in
    graphite|autopar|loop-interchange|tree-ssa|vect|libgomp|torture) groups+=("$g") ;;
    *) echo "check-gcc: --only takes graphite, autopar, loop-interchange (tree-ssa), vect, libgomp or torture, or several of them separated by commas" >&2; exit 2 ;;
  esac
done
only=$(IFS=,; echo "${groups[*]}")
if [ ! -f "$plugin" ]; then
  echo "check-gcc: no plugin at $plugin (run make first)" >&2; exit 2
fi
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
command -v "$cc" >/dev/null || { echo "check-gcc: no compiler '$cc'" >&2; exit 2; }

start=$(date +%s%N)
cache=${GCCPOLY_GCC_TESTS:-$top/testsuite/work/gcc-tests}
tarball=${GCCPOLY_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
work=${GCCPOLY_GCC_CHECK_WORK:-$top/testsuite/work/gcc-check}
mkdir -p "$cache" "$work" && cache=$(cd "$cache" && pwd) && work=$(cd "$work" && pwd) || exit 2
srcroot=$cache/src/gcc/testsuite

# ------------------------------------------------------------ extraction
# Only the six groups (whole directories: vect's headers and .inc files
# come along) and gcc.dg/*.h, then whatever those tests include from
# elsewhere through relative paths.  A stamp naming the tarball makes the
# next run a no-op; a half-done extraction is never mistaken for a whole one.
stamp_want="v4 $(stat -c '%n %s %Y' "$tarball" 2>/dev/null)"
if [ "$(cat "$cache/.stamp" 2>/dev/null)" != "$stamp_want" ]; then
  if [ ! -f "$tarball" ]; then
    echo "check-gcc: no $tarball (install gcc-12-source)" >&2; exit 2
  fi
  echo "check-gcc: extracting GCC's tests from $tarball into $cache"
  mkdir -p "$cache"
  rm -rf "$cache/src" "$cache/.stamp" "$cache"/.tmp.*
  tmp=$cache/.tmp.$$
  mkdir -p "$tmp"
  tar -xJf "$tarball" -C "$tmp" --strip-components=1 --wildcards --no-wildcards-match-slash \
      '*/gcc/testsuite/gcc.dg/graphite/*' '*/gcc/testsuite/gcc.dg/autopar/*' \
      '*/gcc/testsuite/gcc.dg/vect/*' '*/gcc/testsuite/gcc.dg/tree-ssa/loop-interchange-*' \
      '*/gcc/testsuite/gcc.dg/*.h' \
      '*/gcc/testsuite/gcc.c-torture/execute/*' '*/gcc/testsuite/gcc.c-torture/compile/*' \
      '*/gcc/testsuite/gcc.dg/torture/*' \
      '*/libgomp/testsuite/libgomp.c/*' '*/libgomp/testsuite/libgomp.c-c++-common/*' \
    || { echo "check-gcc: extraction failed" >&2; rm -rf "$tmp"; exit 2; }
  # Up to three rounds of included-from-elsewhere files (they may include more).
  prev=
  for round in 1 2 3; do
    need=$(python3 "$here/dg-plan.py" needed-includes "$tmp/gcc/testsuite" | grep -v '^$')
    # Stop when nothing is missing, or when what is missing is in no tarball.
    [ -z "$need" ] || [ "$need" = "$prev" ] && break
    prev=$need
    pats=()
    while read -r n; do pats+=("*/gcc/testsuite/$n"); done <<<"$need"
    # Files that are in no tarball stay missing; their tests are skipped.
    tar -xJf "$tarball" -C "$tmp" --strip-components=1 --wildcards --no-wildcards-match-slash \
        "${pats[@]}" 2>/dev/null
  done
  mv "$tmp" "$cache/src" && echo "$stamp_want" >"$cache/.stamp"
fi

# ------------------------------------------------------------ probes
# Effective targets that depend on this compiler, assembler or CPU.
probe_dir=$(mktemp -d)
trap 'rm -rf "$probe_dir"' EXIT
et=()
probe() {  # NAME CODE FLAGS...: NAME is true when CODE compiles and links
  local name=$1 code=$2; shift 2
  printf '%s\n' "$code" >"$probe_dir/$name.c"
  if timeout 60 "$cc" "$@" "$probe_dir/$name.c" -o "$probe_dir/$name.out" >/dev/null 2>&1; then
    et+=(--et "$name=1")
  else
    et+=(--et "$name=0")
  fi
}
probe pthread '#include <pthread.h>
int main (void) { return pthread_self () == 0; }' -pthread
probe fopenmp '#include <omp.h>
int main (void) { return omp_get_max_threads () < 1; }' -fopenmp
probe lto 'int main (void) { return 0; }' -flto
v512='typedef double v8df __attribute__ ((vector_size (64)));
v8df f (v8df a, v8df b) { return a * b; }'
probe avx512f "$v512" -mavx512f -O2 -c
probe vect_simd_clones "$v512" -mavx512f -O2 -c
probe avx 'typedef double v4df __attribute__ ((vector_size (32)));
v4df f (v4df a, v4df b) { return a * b; }' -mavx -O2 -c
probe avx512vpopcntdq 'typedef int v16si __attribute__ ((vector_size (64)));
v16si f (v16si a) { return __builtin_ia32_vpopcountd_v16si (a); }' -mavx512vpopcntdq -O2 -c
cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
for pair in sse2_runtime:sse2 sse4_runtime:sse4_1 avx_runtime:avx avx2_runtime:avx2 \
            avx512f_runtime:avx512f vect_perm_short:ssse3; do
  case $cpu_flags in
    *" ${pair#*:} "*) et+=(--et "${pair%%:*}=1") ;;
    *) et+=(--et "${pair%%:*}=0") ;;
  esac
done

# ------------------------------------------------------------ plan
if [ $list = 1 ]; then
  work=$probe_dir/plan   # --list leaves the last run's logs alone
else
  # Only what this script writes there: GCCPOLY_GCC_CHECK_WORK may name a
  # directory that holds other things too.
  rm -rf "$work/tests" "$work/plan.tsv" "$work/summary.txt" "$work/slowest.txt"
fi
mkdir -p "$work"
only_arg=()
[ -n "$only" ] && only_arg=(--only "$only")
python3 "$here/dg-plan.py" plan "$srcroot" "$work" "${only_arg[@]}" "${plan_opts[@]}" "${et[@]}" || exit 2
plan=$work/plan.tsv
n_run=$(grep -c '^RUN' "$plan")
n_skip=$(grep -c '^SKIP' "$plan")

if [ $list = 1 ]; then
  awk -F'\t' '$1 == "RUN" { gsub(/\037/, " ", $6); printf "RUN   %s  [dg-do %s] %s\n", $2, $4, $6 }' "$plan"
  awk -F'\t' '$1 == "SKIP" { printf "SKIP  %s  (%s)\n", $2, $3 }' "$plan"
  echo "$n_run selected, $n_skip skipped"
  exit 0
fi

# ------------------------------------------------------------ baseline
# What plain GCC prints for any program with an offload region, whatever
# the test: with an offload compiler installed, the linker's warnings on
# libgomp's offload table (crtoffloadtable.o, under PIE).  A plugin build
# that prints only these lines needs no plain build to be compared with:
# the plugin makes no offload regions, so a plain build of the same test
# prints them too (libgomp's for-*.c tests, the slowest to compile, do).
baseline_src=$probe_dir/offload-baseline.c
printf '%s\n' 'int main (void) { int x = 0;' '#pragma omp target map(tofrom: x)' \
  '  x = 1;' '  return x != 1; }' >"$baseline_src"
read -r -a baseline_flags <<<"$add_flags"
(cd "$probe_dir" && timeout 300 "$cc" -fopenmp -O2 "${baseline_flags[@]}" "$baseline_src" \
   -o offload-baseline.out) >"$probe_dir/offload-baseline.log" 2>&1
diags "$probe_dir/offload-baseline.log" >"$work/plain-baseline.txt"

# ------------------------------------------------------------ run
echo "check-gcc: $n_run tests (${only:-all groups}), $n_skip skipped; $jobs jobs; cc $cc; plugin $plugin${add_flags:+; added to every test: $add_flags}"
echo "check-gcc: per-test logs in $work/tests/GROUP/TEST/"
echo "check-gcc: lines plain GCC prints for any program with an offload region, which a plugin build may print too: $(grep -c '' "$work/plain-baseline.txt") ($work/plain-baseline.txt)"
export CC=$cc PLUGIN=$plugin WORK=$work KEEP=$keep ADD_FLAGS=$add_flags PLAIN_BASELINE=$work/plain-baseline.txt
# Test binaries run several at a time on few cores.  libgomp's default
# waiting spins, which then costs a time slice at every barrier: GCC's
# loop-interchange-6.c (65,536 parallel starts, by GCC's own parloops too)
# took 5 to over 20 s instead of 0.1 s, and timed out at random.  Passive
# waiting keeps run times near an idle machine's.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
t_run=$(date +%s%N)
grep '^RUN' "$plan" | xargs -r -d '\n' -P "$jobs" -n 8 "$here/check-gcc.sh" --worker

# Reports that are there must be JSON of the documented shape.
python3 - "$work" <<'EOF'
import json, os, sys
work = sys.argv[1]
for line in open(os.path.join(work, "plan.tsv")):
    f = line.rstrip("\n").split("\t")
    if f[0] != "RUN":
        continue
    root = os.path.join(work, "tests", f[2])
    p = os.path.join(root, "report.json")
    if not os.path.exists(p):
        continue
    why = None
    try:
        r = json.load(open(p))
        if r.get("plugin") != "gccpoly" or not isinstance(r.get("functions"), list):
            why = "not a gccpoly report"
    except Exception as e:
        why = "not JSON: %s" % e
    if why:
        with open(os.path.join(root, "result"), "a") as f:
            f.write("BADREPORT %s\n" % why)
EOF

# ------------------------------------------------------------ summary
# One pass over the plan and every test's verdict file.
t_done=$(date +%s%N)
awk -F'\t' -v work="$work" -v summary="$work/summary.tmp" -v slow="$work/slowest.txt" '
function bump(k) { n[k]++ }
function problem(kind, rel, why) {
  printf "%-17s %s%s\n", kind, rel, (why == "" ? "" : "  (" why ")")
}
$1 == "RUN" {
  rel = $2; f = work "/tests/" $3 "/result"
  got = 0; isna = 0; narun = 0; bad = 0; plain = 0
  while ((getline line < f) > 0) {
    got = 1
    tag = line; sub(/ .*/, "", tag)
    why = line; if (!sub(/^[^ ]* /, "", why)) why = ""
    if (tag == "NA") { isna = 1; bump("na") }
    else if (tag == "NARUN") { narun = 1; bump("narun") }
    else if (tag == "RAN") bump("ran")
    else if (tag == "PLAIN") plain = 1
    else if (tag == "TIME") { ms = why + 0; printf "%8d ms  %s\n", ms, rel > slow }
    else if (tag == "ICE") { bump("ice"); bad = 1; problem("ICE", rel, why) }
    else if (tag == "NEWFAIL") { bump("newfail"); bad = 1; problem("NEW FAILURE", rel, why) }
    else if (tag == "NEWDIAG") { bump("newdiag"); bad = 1; problem("NEW DIAGNOSTIC", rel, why) }
    else if (tag == "MISSING") { bump("missing"); bad = 1; problem("MISSING REPORT", rel, "") }
    else if (tag == "BADREPORT") { bump("bad"); bad = 1; problem("BAD REPORT", rel, why) }
    else if (tag == "NEWRUNFAIL" || tag == "RUNDIFF") { bump("newrun"); bad = 1; problem("NEW RUN FAILURE", rel, why) }
    else if (tag == "NOTE") { bump("notes"); problem("note", rel, why "; not counted as a failure") }
  }
  close(f)
  if (!got) { bump("failed"); problem("NO VERDICT", rel, "the worker wrote none"); next }
  if (isna) next
  bump("compiled")
  if (plain) bump("plain")
  if (bad) bump("failed"); else if (!narun) bump("passed")
}
END {
  split("compiled plain ran na narun ice newdiag newfail newrun missing bad notes passed failed", keys, " ")
  for (i in keys) printf "%s=%d\n", keys[i], n[keys[i]] + 0 > summary
}' "$plan"
while IFS== read -r k v; do printf -v "c_$k" %s "$v"; done <"$work/summary.tmp"
rm -f "$work/summary.tmp"
sort -rn "$work/slowest.txt" -o "$work/slowest.txt" 2>/dev/null

end=$(date +%s%N)
secs() { local ms=$(( ($2 - $1) / 1000000 )); printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)); }
{
  echo "== check-gcc summary (${only:-all groups})"
  printf '  %-28s %s\n' \
    "tests selected" "$n_run" \
    "skipped" "$n_skip  (reasons: --list, or $plan)" \
    "not applicable" "$c_na  (the plain build fails too)" \
    "compiled" "$c_compiled" \
    "compared with a plain build" "$c_plain  (the others built clean with the plugin)" \
    "run (dg-do run)" "$c_ran" \
    "plain binary fails at run" "$c_narun  (neither passed nor failed)" \
    "ICE" "$c_ice" \
    "new diagnostics" "$c_newdiag" \
    "new build failures" "$c_newfail" \
    "new run failures" "$c_newrun" \
    "missing reports" "$c_missing" \
    "malformed reports" "$c_bad" \
    "contained internal errors" "$c_notes  (gccpoly note: function left unchanged; not a failure)"
  printf '  %-28s %s s with %s jobs (set-up %s s, tests %s s); slowest tests: %s\n' "wall time" \
    "$(secs "$start" "$end")" "$jobs" "$(secs "$start" "$t_run")" "$(secs "$t_run" "$t_done")" \
    "$work/slowest.txt"
} | tee "$work/summary.txt"
echo "$c_passed passed, $c_failed failed" | tee -a "$work/summary.txt"
[ "$c_failed" = 0 ]
