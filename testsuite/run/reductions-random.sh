#!/usr/bin/env bash
# reductions-random: random programs of reduction loops
# (testsuite/run/reduction-programs.py) built with the plugin and
# -ftree-parallelize-loops=2 must print what the plain build prints.
#
# For each seed of [SEED-BASE, SEED-BASE + COUNT) and each of -O2, -O3 and
# -O3 -ffast-math: build the program plain and with
#   -fplugin=PLUGIN -ftree-parallelize-loops=2 -fchecking
#   -fplugin-arg-gccpoly-min-trips=1
# (min-trips=1 so that the small loops inside sequential ones run in
# parallel too), run both (OMP_NUM_THREADS=2) and compare their output:
# exactly, or with -ffast-math each number within a relative 1e-9 (sums
# of doubles in threads' shares).  The plugin build must compile without
# "internal compiler error".  Prints PASS:/FAIL: lines and last
# "N passed, N failed"; exit status 0 only when nothing failed.
#
#   reductions-random.sh [--plugin PATH] [--cc GCC] [--count N] [--seed-base S] [-j N]
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
plugin=$top/build/gccpoly.so
cc=${PLUGIN_CC:-gcc}
count=40
base=1
jobs=${GCCPOLY_JOBS:-2}
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --seed-base) base=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    *) echo "reductions-random.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
plugin=$(realpath "$plugin")
work=${GCCPOLY_REDUCTIONS_WORK:-$top/testsuite/work/reductions-random}
rm -rf "$work"
mkdir -p "$work"
python3 "$here/reduction-programs.py" "$work" "$base" $((base + count)) || exit 2

# same_numbers A B: the two outputs are equal, each number within 1e-9.
same_numbers() {
  python3 - "$1" "$2" <<'PY'
import sys
a = open(sys.argv[1]).read().split("\n")
b = open(sys.argv[2]).read().split("\n")
def close(x, y):
    if x == y:
        return True
    try:
        (nx, vx), (ny, vy) = x.split(), y.split()
        fx, fy = float(vx), float(vy)
    except ValueError:
        return False
    return nx == ny and abs(fx - fy) <= 1e-9 * max(1.0, abs(fx))
sys.exit(0 if len(a) == len(b) and all(close(x, y) for x, y in zip(a, b)) else 1)
PY
}

one() {  # SEED: prints a PASS: or FAIL: line per flag set
  local s=$1 d=$work/p$1 fl k=0
  mkdir -p "$d"
  for fl in "-O2" "-O3" "-O3 -ffast-math"; do
    k=$((k + 1))
    local what="seed $s $fl"
    if ! timeout 60 "$cc" $fl -w "$work/p$s.c" -o "$d/plain$k" 2>"$d/plain$k.log"; then
      echo "FAIL: $what (plain build failed)"; continue
    fi
    if ! timeout 60 "$cc" $fl -w -fchecking -ftree-parallelize-loops=2 -fplugin="$plugin" \
        -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-optimized "$work/p$s.c" -o "$d/plugin$k" >"$d/plugin$k.log" 2>&1; then
      echo "FAIL: $what (plugin build failed: $(grep -m1 -o 'internal compiler error.*' "$d/plugin$k.log"))"; continue
    fi
    timeout 20 "$d/plain$k" >"$d/plain$k.out" 2>&1
    OMP_NUM_THREADS=2 timeout 20 "$d/plugin$k" >"$d/plugin$k.out" 2>&1
    if [ $k = 3 ] && same_numbers "$d/plain$k.out" "$d/plugin$k.out"; then
      echo "PASS: $what"
    elif [ $k != 3 ] && cmp -s "$d/plain$k.out" "$d/plugin$k.out"; then
      echo "PASS: $what"
    else
      echo "FAIL: $what (outputs differ: $d/plain$k.out $d/plugin$k.out)"
    fi
  done
}
export -f one same_numbers
export work cc plugin
seq "$base" $((base + count - 1)) | xargs -P "$jobs" -I{} bash -c 'one {}' | sort -V >"$work/results"
cat "$work/results"
p=$(grep -c '^PASS:' "$work/results"); f=$(grep -c '^FAIL:' "$work/results")
echo "reductions-random: $count programs x 3 flag sets, seeds $base..$((base + count - 1)); work: $work"
# What the plugin did to them (its remarks in the builds' logs).
regions=$(cat "$work"/p*/plugin*.log 2>/dev/null | grep -c "region of gccpoly's own" || true)
parloops=$(cat "$work"/p*/plugin*.log 2>/dev/null | grep -c "optimized: parallelizing" || true)
echo "reductions-random: loops run in regions of the plugin's own: $regions; loops parloops parallelized: $parloops"
echo "$p passed, $f failed"
[ "$f" = 0 ]
