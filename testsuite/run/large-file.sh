#!/usr/bin/env bash
# large-file: compile time on an application-sized file (issue 49, item 5).
#
# Generates one solver-shaped translation unit (testsuite/run/solver-file.py:
# FUNCS functions of about 12 loop nests each over 4-D and 6-D arrays, with
# 5x5 block operations written out by inlining; 240 nests, 2,600 lines by
# default), then at each of
#   -O2, -O2 -ftree-parallelize-loops=2, -O3, -O3 -ftree-parallelize-loops=2
# builds it plain and with the plugin, one after the other, under
# /usr/bin/time:
#   GCC -std=gnu11 LEVEL -o plain.exe large.c
#   GCC -std=gnu11 LEVEL -fplugin=PLUGIN -o plugin.exe large.c
# Tests, each a PASS: or FAIL: line:
# - "time LEVEL": the plugin build's CPU time (user + system, cc1 and the
#   assembler included) is at most BOUND times the plain build's. The bounds
#   (--bound LEVEL=R; defaults below) guard against the analysis running
#   away on large regions (before the budgets of isl calls a 3,500-line
#   solver took 17 and 60 times its plain -O3 time); they sit above what
#   docs/performance.md records, not at the goal of 1.5;
# - "run LEVEL at T threads": the plugin build prints exactly what the plain
#   build prints (checksums of the whole state with all digits, which must
#   be finite numbers), at OMP_NUM_THREADS=1, 2 and 4 (the plain binary
#   once);
# - "budget": built at -O2 -ftree-parallelize-loops=2 with
#   -fplugin-arg-gccpoly-region-budget=200 -fopt-info-loop-missed, some
#   loop's remark says "the region's analysis budget of 200 isl calls ran
#   out", and the binary prints the plain -O2 output at 2 and 4 threads (a
#   budget running out anywhere leaves correct code).
# Each compilation and run has a 300 s timeout. Ends "N passed, N failed";
# exit status 0 only when nothing failed.
#
#   large-file.sh [--plugin PATH] [--cc GCC] [--funcs F] [--seed S]
#                 [--bound LEVEL=R]... [--keep]
#
#   LEVEL for --bound: O2, O2par, O3, O3par (par: -ftree-parallelize-loops=2)
#
# Environment: GCCPOLY_LARGE_FILE_WORK (default testsuite/work/large-file).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
plugin=$top/build/gccpoly.so
cc=${PLUGIN_CC:-gcc}
funcs=20
seed=3
keep=0
declare -A bound=([O2]=2.0 [O2par]=2.5 [O3]=3.0 [O3par]=3.0)
declare -A flags=([O2]="-O2" [O2par]="-O2 -ftree-parallelize-loops=2" [O3]="-O3" [O3par]="-O3 -ftree-parallelize-loops=2")
order=(O2 O2par O3 O3par)

while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --funcs) funcs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --bound)
      key=${2%%=*} value=${2#*=}
      if [ -z "${flags[$key]+set}" ] || ! [[ $value =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
        echo "large-file.sh: --bound needs LEVEL=RATIO with LEVEL one of ${order[*]}, not '$2'" >&2
        exit 2
      fi
      bound[$key]=$value; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "large-file.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

work=${GCCPOLY_LARGE_FILE_WORK:-$top/testsuite/work/large-file}
rm -rf "$work"
mkdir -p "$work"
passed=0
failed=0
pass() { echo "PASS: large-file: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: large-file: $*"; failed=$((failed + 1)); }

src=$work/large.c
if ! python3 "$here/solver-file.py" --funcs "$funcs" --seed "$seed" -o "$src"; then
  fail "solver-file.py --funcs $funcs --seed $seed did not write the file"
  echo "$passed passed, $failed failed"
  exit 1
fi
echo "large-file: $(wc -l <"$src") lines, $funcs functions (seed $seed); cc $cc; plugin $plugin"

# build NAME FLAGS...: compiles the file to NAME.exe, its CPU seconds in
# NAME.cpu, its diagnostics in NAME.err; fails when the build does.
build() {
  local name=$1; shift
  timeout 300 /usr/bin/time -f "%U %S" -o "$work/$name.time" \
    "$cc" -std=gnu11 "$@" -o "$work/$name.exe" "$src" >"$work/$name.err" 2>&1 || return 1
  awk '{ printf "%.2f\n", $1 + $2 }' "$work/$name.time" >"$work/$name.cpu"
}

# same_run NAME THREADS REF WHAT: NAME.exe at THREADS prints REF's output.
same_run() {
  local name=$1 t=$2 ref=$3 what=$4
  if ! OMP_NUM_THREADS=$t timeout 300 "$work/$name.exe" >"$work/$name.$t.out" 2>&1; then
    fail "$what: exits non-zero (see $work/$name.$t.out)"
  elif ! cmp -s "$ref" "$work/$name.$t.out"; then
    fail "$what: prints other than the plain build ($work/$name.$t.out)"
  else
    pass "$what"
  fi
}

for level in "${order[@]}"; do
  read -ra f <<<"${flags[$level]}"
  if ! build "plain-$level" "${f[@]}"; then
    fail "the plain build at ${flags[$level]} fails ($work/plain-$level.err)"
    continue
  fi
  if ! build "plugin-$level" "${f[@]}" -fplugin="$plugin"; then
    fail "the plugin build at ${flags[$level]} fails or runs past 300 s ($work/plugin-$level.err)"
    continue
  fi
  a=$(cat "$work/plain-$level.cpu") b=$(cat "$work/plugin-$level.cpu")
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / (a > 0 ? a : 0.01) }')
  what="time ${flags[$level]}: ${b} s with the plugin, ${a} s plain, ratio $ratio (bound ${bound[$level]})"
  if awk -v r="$ratio" -v m="${bound[$level]}" 'BEGIN { exit !(r <= m) }'; then pass "$what"; else fail "$what"; fi
  if ! timeout 300 "$work/plain-$level.exe" >"$work/plain-$level.out" 2>&1; then
    fail "the plain binary at ${flags[$level]} exits non-zero"
    continue
  fi
  # A NaN or an infinity would hide a wrong result behind an equal one.
  if grep -qiE 'nan|inf' "$work/plain-$level.out"; then
    fail "the plain binary at ${flags[$level]} prints a checksum that is not a finite number"
    continue
  fi
  for t in 1 2 4; do
    same_run "plugin-$level" "$t" "$work/plain-$level.out" "run ${flags[$level]} at $t threads"
  done
done

# A budget small enough to run out in most regions.
if ! build budget -O2 -ftree-parallelize-loops=2 -fplugin="$plugin" \
     -fplugin-arg-gccpoly-region-budget=200 -fopt-info-loop-missed; then
  fail "budget: the build with region-budget=200 fails ($work/budget.err)"
elif ! grep -q "the region's analysis budget of 200 isl calls ran out" "$work/budget.err"; then
  fail "budget: no remark says the region's budget of 200 isl calls ran out"
elif [ ! -f "$work/plain-O2.out" ]; then
  fail "budget: no plain -O2 output to compare with"
else
  pass "budget: $(grep -c "budget of 200 isl calls ran out" "$work/budget.err") remarks say the region's budget ran out"
  for t in 2 4; do
    same_run budget "$t" "$work/plain-O2.out" "budget: run at $t threads"
  done
fi

if [ "$keep" = 0 ] && [ "$failed" = 0 ]; then
  rm -f "$work"/*.exe
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
