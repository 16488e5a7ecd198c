#!/usr/bin/env bash
# check-gcc: robustness of gccpoly on GCC's own loop tests.
#
# Takes gcc.dg/graphite/*.c, gcc.dg/autopar/*.c,
# gcc.dg/tree-ssa/loop-interchange-*.c and gcc.dg/vect/*.c from the Debian
# package gcc-12-source, compiles each test twice with the options its dg
# directives ask for (plain, then with the plugin and its report), runs both
# binaries of dg-do run tests, and reports what the plugin changed: ICEs, new
# diagnostics, new build or run failures, missing reports.  Ends with
# "N passed, N failed"; exit status 0 only when nothing failed.  See README.md.
#
#   check-gcc.sh [--plugin PATH] [--cc GCC] [--only GROUP] [--list] [-j N] [--keep]
#
#   --plugin PATH  the plugin (default: build/gccpoly.so of this repository)
#   --cc GCC       the compiler (default: $PLUGIN_CC, else gcc)
#   --only GROUP   graphite, autopar, loop-interchange (or tree-ssa) or vect
#   --list         print the selected tests and why the others are skipped
#   -j N           parallel compilations (default: $GCCPOLY_JOBS, else 2)
#   --keep         keep every test's outputs (dumps, assembly, binaries)
#
# Environment: GCCPOLY_GCC_TESTS (where GCC's tests are extracted; default
# testsuite/work/gcc-tests), GCCPOLY_GCC_TARBALL (default
# /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz), GCCPOLY_GCC_CHECK_WORK (per-test
# logs; default testsuite/work/gcc-check).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)

# ------------------------------------------------------------ one test
# check-gcc.sh --worker TEST-ID: build (and run) one planned test, plain and
# with the plugin, and write its verdict to WORK/tests/TEST-ID/result.
# CC, PLUGIN, WORK and KEEP come from the environment.
build_one() {  # MODE DIR: compile in DIR; prints the commands to DIR.cmd
  local mode=$1 d=$2 rc=0 i o
  local pl=() plr=()
  if [ "$mode" = plugin ]; then
    pl=("-fplugin=$PLUGIN")
    plr=("-fplugin=$PLUGIN" "-fplugin-arg-gccpoly-report=$d/report.json")
  fi
  run_cc() {
    printf '%q ' "$@" >>"$d.cmd"; echo >>"$d.cmd"
    timeout 60 "$@"
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
            run_cc "$CC" "${flags[@]}" "${pl[@]}" "-fplugin-arg-gccpoly-report=$d/extra$i.json" \
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

diags() {  # LOG: its error and warning lines, sorted
  grep -E ': (error|warning): ' "$1" | sort -u
}

worker() {
  local id=$1 t=$WORK/tests/$1 mode d
  src=$(<"$t/src"); kind=$(<"$t/kind")
  mapfile -t flags <"$t/flags"; mapfile -t extras <"$t/extras"
  declare -A brc rrc
  rm -f "$t"/result "$t"/*.log "$t"/*.cmd "$t"/*.run
  for mode in plain plugin; do
    d=$t/$mode
    rm -rf "$d"; mkdir -p "$d"
    (cd "$d" && build_one "$mode" "$d") >"$t/$mode.log" 2>&1
    brc[$mode]=$?
    if [ "$kind" = run ] && [ "${brc[$mode]}" = 0 ]; then
      (cd "$d" && timeout 10 ./test.exe) >"$t/$mode.run" 2>&1 </dev/null
      rrc[$mode]=$?
    fi
  done

  {
    local problems=0
    if [ "${brc[plain]}" != 0 ]; then
      echo "NA plain build failed (status ${brc[plain]})"
    else
      if grep -q 'internal compiler error' "$t/plugin.log" || [ "${brc[plugin]}" -gt 128 ]; then
        echo "ICE status ${brc[plugin]}"; problems=1
      elif [ "${brc[plugin]}" = 124 ]; then
        echo "NEWFAIL plugin build timed out (60 s)"; problems=1
      elif [ "${brc[plugin]}" != 0 ]; then
        echo "NEWFAIL plugin build failed (status ${brc[plugin]})"; problems=1
      fi
      local new
      new=$(comm -13 <(diags "$t/plain.log") <(diags "$t/plugin.log"))
      if [ -n "$new" ]; then
        echo "NEWDIAG $(printf '%s' "$new" | wc -l | tr -d ' ') line(s)"; problems=1
        printf '%s\n' "$new" >"$t/new-diagnostics.txt"
      fi
      if [ "${brc[plugin]}" = 0 ] && [ "$kind" != preprocess ] && [ ! -s "$t/plugin/report.json" ]; then
        echo "MISSING report"; problems=1
      fi
      if grep -q 'gccpoly: internal error' "$t/plugin.log"; then
        echo "NOTE gccpoly: internal error (contained)"
      fi
      if [ "$kind" = run ] && [ "${brc[plugin]}" = 0 ]; then
        if [ "${rrc[plain]}" != 0 ]; then
          if [ "${rrc[plugin]}" != "${rrc[plain]}" ]; then
            echo "RUNDIFF plain exits ${rrc[plain]}, plugin-built exits ${rrc[plugin]}"; problems=1
          else
            echo "NARUN plain binary fails at run time too (status ${rrc[plain]})"
          fi
        elif [ "${rrc[plugin]}" != 0 ]; then
          echo "NEWRUNFAIL plugin-built binary exits ${rrc[plugin]}"; problems=1
        else
          echo "RAN"
        fi
      fi
      [ $problems = 0 ] && echo "OK"
    fi
  } >"$t/result"

  if [ "$KEEP" != 1 ]; then
    for d in "$t/plain" "$t/plugin"; do
      find "$d" -mindepth 1 ! -name '*.json' -delete 2>/dev/null
    done
  fi
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
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "check-gcc: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
only=${only%/}; only=${only##*/}   # accept gcc.dg/vect, vect/, ...
if [ ! -f "$plugin" ]; then
  echo "check-gcc: no plugin at $plugin (run make first)" >&2; exit 2
fi
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
command -v "$cc" >/dev/null || { echo "check-gcc: no compiler '$cc'" >&2; exit 2; }

start=$(date +%s%N)
cache=${GCCPOLY_GCC_TESTS:-$top/testsuite/work/gcc-tests}
tarball=${GCCPOLY_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
work=${GCCPOLY_GCC_CHECK_WORK:-$top/testsuite/work/gcc-check}
srcroot=$cache/src/gcc/testsuite

# ------------------------------------------------------------ extraction
# Only the four groups (whole directories: vect's headers and .inc files
# come along) and gcc.dg/*.h, then whatever those tests include from
# elsewhere through relative paths.  A stamp naming the tarball makes the
# next run a no-op; a half-done extraction is never mistaken for a whole one.
stamp_want="v1 $(stat -c '%n %s %Y' "$tarball" 2>/dev/null)"
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
    || { echo "check-gcc: extraction failed" >&2; rm -rf "$tmp"; exit 2; }
  # Up to three rounds of included-from-elsewhere files (they may include more).
  for round in 1 2 3; do
    mapfile -t need < <(python3 "$here/dg-plan.py" needed-includes "$tmp/gcc/testsuite")
    [ ${#need[@]} = 0 ] && break
    pats=()
    for n in "${need[@]}"; do pats+=("*/gcc/testsuite/$n"); done
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
rm -rf "$work"
mkdir -p "$work"
only_arg=()
[ -n "$only" ] && only_arg=(--only "$only")
python3 "$here/dg-plan.py" plan "$srcroot" "$work" "${only_arg[@]}" "${et[@]}" || exit 2
plan=$work/plan.tsv
n_run=$(grep -c '^RUN' "$plan")
n_skip=$(grep -c '^SKIP' "$plan")

if [ $list = 1 ]; then
  awk -F'\t' '$1 == "RUN" { printf "RUN   %s  [dg-do %s] %s\n", $2, $4, $5 }' "$plan"
  awk -F'\t' '$1 == "SKIP" { printf "SKIP  %s  (%s)\n", $2, $3 }' "$plan"
  echo "$n_run selected, $n_skip skipped"
  exit 0
fi

# ------------------------------------------------------------ run
echo "check-gcc: $n_run tests (${only:-all groups}), $n_skip skipped; $jobs jobs; cc $cc; plugin $plugin"
echo "check-gcc: per-test logs in $work/tests/GROUP/TEST/"
export CC=$cc PLUGIN=$plugin WORK=$work KEEP=$keep
awk -F'\t' '$1 == "RUN" { print $3 }' "$plan" | xargs -r -P "$jobs" -n 8 "$here/check-gcc.sh" --worker

# Reports that are there must be JSON of the documented shape.
python3 - "$work" <<'EOF'
import json, os, sys
work = sys.argv[1]
for root, dirs, files in os.walk(os.path.join(work, "tests")):
    if os.path.basename(root) != "plugin" or "report.json" not in files:
        continue
    p = os.path.join(root, "report.json")
    why = None
    try:
        r = json.load(open(p))
        if r.get("plugin") != "gccpoly" or not isinstance(r.get("functions"), list):
            why = "not a gccpoly report"
    except Exception as e:
        why = "not JSON: %s" % e
    if why:
        with open(os.path.join(os.path.dirname(root), "result"), "a") as f:
            f.write("BADREPORT %s\n" % why)
EOF

# ------------------------------------------------------------ summary
compiled=0 ran=0 na=0 narun=0 ice=0 newdiag=0 newfail=0 newrun=0 missing=0 bad=0 notes=0
passed=0 failed=0
problem_lines=()
while IFS=$'\t' read -r what rel id _; do
  [ "$what" = RUN ] || continue
  r=$work/tests/$id/result
  if [ ! -s "$r" ]; then
    problem_lines+=("NORESULT  $rel  (the worker wrote no verdict)"); failed=$((failed + 1)); continue
  fi
  bad_here=0
  while read -r tag rest; do
    case $tag in
      NA) na=$((na + 1)) ;;
      NARUN) narun=$((narun + 1)) ;;
      RAN) ran=$((ran + 1)) ;;
      OK) ;;
      ICE) ice=$((ice + 1)); bad_here=1; problem_lines+=("ICE              $rel  ($rest)") ;;
      NEWFAIL) newfail=$((newfail + 1)); bad_here=1; problem_lines+=("NEW FAILURE      $rel  ($rest)") ;;
      NEWDIAG) newdiag=$((newdiag + 1)); bad_here=1; problem_lines+=("NEW DIAGNOSTIC   $rel  ($rest)") ;;
      MISSING) missing=$((missing + 1)); bad_here=1; problem_lines+=("MISSING REPORT   $rel") ;;
      BADREPORT) bad=$((bad + 1)); bad_here=1; problem_lines+=("BAD REPORT       $rel  ($rest)") ;;
      NEWRUNFAIL|RUNDIFF) newrun=$((newrun + 1)); bad_here=1; problem_lines+=("NEW RUN FAILURE  $rel  ($rest)") ;;
      NOTE) notes=$((notes + 1)); problem_lines+=("note             $rel  ($rest; not counted as a failure)") ;;
    esac
  done <"$r"
  grep -q '^NA ' "$r" && continue
  compiled=$((compiled + 1))
  if [ $bad_here = 1 ]; then
    failed=$((failed + 1))
  elif ! grep -q '^NARUN' "$r"; then
    passed=$((passed + 1))
  fi
done <"$plan"

end=$(date +%s%N)
for l in "${problem_lines[@]}"; do echo "$l"; done
{
  echo "== check-gcc summary (${only:-all groups})"
  printf '  %-28s %s\n' \
    "tests selected" "$n_run" \
    "skipped" "$n_skip  (why: $plan, or --list)" \
    "not applicable" "$na  (the plain build fails too)" \
    "compiled" "$compiled" \
    "run (dg-do run)" "$ran" \
    "plain binary fails at run" "$narun  (not counted)" \
    "ICE" "$ice" \
    "new diagnostics" "$newdiag" \
    "new build failures" "$newfail" \
    "new run failures" "$newrun" \
    "missing reports" "$missing" \
    "malformed reports" "$bad" \
    "contained internal errors" "$notes  (gccpoly note, function left unchanged)"
  ms=$(( (end - start) / 1000000 ))
  printf '  %-28s %d.%d s with %s jobs\n' "wall time" $((ms / 1000)) $((ms % 1000 / 100)) "$jobs"
} | tee "$work/summary.txt"
echo "$passed passed, $failed failed" | tee -a "$work/summary.txt"
[ "$failed" = 0 ]
