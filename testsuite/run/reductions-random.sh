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
# With --programs wavefront: the triangular nests of
# testsuite/run/wavefront-programs.py instead, at -O2 and -O3 -g (no
# -ffast-math: the outputs must be equal), each run at 2 and 4 threads;
# it counts the nests run by wavefronts.  With --programs split: so for
# the nests of testsuite/run/split-programs.py, parallel around one
# iteration; it counts the loops split.  With --programs cells: so for the
# nests of testsuite/run/cells-programs.py, which update cells in memory
# through pointers that may overlap, also at -O3 without threads
# (-ftree-parallelize-loops=1); it counts the cells carried in registers.
# With --programs guards: so for the nests of
# testsuite/run/guards-programs.py, whose inner loops GCC splits on a
# condition of their counter at -O3, at -O2, -O3 and -O3 -g; it counts the
# outer loops parloops parallelized.  With --programs skew: so for the
# stencils of testsuite/run/skew-programs.py swept in place, at -O3, -O3 -g
# and -O3 without threads (the pairs run by diagonals at -O3 either way);
# it counts the pairs run by diagonals.  With --programs jam: so for the
# loops around inner loops of testsuite/run/jam-programs.py, at the same
# flag sets (the jam is made at -O3 either way); it counts the loops
# unrolled and jammed.  With --programs shift: so for the loops of
# testsuite/run/shift-programs.py whose first inner loop carries a chain,
# at the same flag sets; it counts the loops shifted.  With --programs
# rows: so for the loops around rows whose length is read from memory of
# testsuite/run/rows-programs.py, at -O2 and -O3 -g; it counts the row
# loops marked parallel around such a row.
#
# With --add-flags FLAGS, both builds get FLAGS after each flag set's own:
# `--add-flags -march=native' builds for this processor, where GCC fuses
# multiplications with additions (FMA, at the default -ffp-contract=fast)
# and the plugin's build must fuse the same ones (docs/codegen.md,
# Fused multiply-adds).
#
#   reductions-random.sh [--programs reduction|wavefront|split|cells|guards|skew|jam|shift|rows] [--add-flags FLAGS] [--plugin PATH] [--cc GCC] [--count N] [--seed-base S] [-j N]
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
plugin=$top/build/gccpoly.so
cc=${PLUGIN_CC:-gcc}
count=40
base=1
programs=reduction
add_flags=
jobs=${GCCPOLY_JOBS:-2}
while [ $# -gt 0 ]; do
  case $1 in
    --programs) programs=$2; shift 2 ;;
    --add-flags) add_flags=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --seed-base) base=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    *) echo "reductions-random.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
plugin=$(realpath "$plugin")
case $programs in
  reduction) flagsets="-O2;-O3;-O3 -ffast-math"; threads="2"; info="" ;;
  wavefront|split|rows) flagsets="-O2;-O3 -g"; threads="2 4"; info="-missed" ;;
  # Also without threads (=1, given after the plugin build's =2): at -O3
  # the pass before parloops still carries cells.
  cells) flagsets="-O2;-O3 -g;-O3 -ftree-parallelize-loops=1"; threads="2 4"; info="-missed" ;;
  guards) flagsets="-O2;-O3;-O3 -g"; threads="2 4"; info="-missed" ;;
  skew|jam|shift) flagsets="-O3;-O3 -g;-O3 -ftree-parallelize-loops=1"; threads="2 4"; info="-missed" ;;
  *) echo "reductions-random.sh: unknown programs '$programs' (reduction, wavefront, split, cells, guards, skew, jam, shift, rows)" >&2; exit 2 ;;
esac
if [ -n "$add_flags" ]; then
  flagsets=$(printf '%s\n' "${flagsets//;/$'\n'}" | sed "s|\$| $add_flags|" | paste -sd';')
fi
work=${GCCPOLY_REDUCTIONS_WORK:-$top/testsuite/work/$programs-random}
rm -rf "$work"
mkdir -p "$work"
kind=; [ "$programs" = reduction ] || kind="--kind $programs"
python3 "$here/reduction-programs.py" $kind "$work" "$base" $((base + count)) || exit 2

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
  local IFS=';'
  for fl in $flagsets; do
    IFS=' '
    k=$((k + 1))
    local what="seed $s $fl"
    if ! timeout 60 "$cc" $fl -w "$work/p$s.c" -o "$d/plain$k" 2>"$d/plain$k.log"; then
      echo "FAIL: $what (plain build failed)"; continue
    fi
    if ! timeout 60 "$cc" -w -fchecking -ftree-parallelize-loops=2 $fl -fplugin="$plugin" \
        -fplugin-arg-gccpoly-min-trips=1 -fopt-info-loop-optimized$info "$work/p$s.c" -o "$d/plugin$k" >"$d/plugin$k.log" 2>&1; then
      echo "FAIL: $what (plugin build failed: $(grep -m1 -o 'internal compiler error.*' "$d/plugin$k.log"))"; continue
    fi
    timeout 20 "$d/plain$k" >"$d/plain$k.out" 2>&1
    local t differ=
    for t in $threads; do
      OMP_NUM_THREADS=$t timeout 20 "$d/plugin$k" >"$d/plugin$k.$t.out" 2>&1
      case $fl in
        *fast-math*) same_numbers "$d/plain$k.out" "$d/plugin$k.$t.out" || differ="$differ $d/plugin$k.$t.out" ;;
        *) cmp -s "$d/plain$k.out" "$d/plugin$k.$t.out" || differ="$differ $d/plugin$k.$t.out" ;;
      esac
    done
    if [ -z "$differ" ]; then
      echo "PASS: $what"
    else
      echo "FAIL: $what (outputs differ: $d/plain$k.out,$differ)"
    fi
    IFS=';'
  done
}
export -f one same_numbers
export work cc plugin flagsets threads info
seq "$base" $((base + count - 1)) | xargs -P "$jobs" -I{} bash -c 'one {}' | sort -V >"$work/results"
cat "$work/results"
p=$(grep -c '^PASS:' "$work/results"); f=$(grep -c '^FAIL:' "$work/results")
echo "reductions-random: $count $programs programs x flag sets '$flagsets', seeds $base..$((base + count - 1)); work: $work"
# What the plugin did to them (its remarks in the builds' logs).
logs() { cat "$work"/p*/plugin*.log 2>/dev/null; }
regions=$(logs | grep -c "region of gccpoly's own" || true)
parloops=$(logs | grep -c "optimized: parallelizing" || true)
echo "reductions-random: loops run in regions of the plugin's own: $regions; loops parloops parallelized: $parloops"
if [ "$programs" = wavefront ]; then
  echo "reductions-random: nests run by wavefronts: $(logs | grep -c 'optimized: gccpoly: loops at lines .* run by wavefronts' || true); not run by wavefronts: $(logs | grep -c 'missed: gccpoly: loops at lines .* not run by wavefronts' || true)"
fi
if [ "$programs" = split ]; then
  echo "reductions-random: loops split around one iteration: $(logs | grep -c 'optimized: gccpoly: loop split around' || true); not split: $(logs | grep -c 'missed: gccpoly: loop not split around' || true)"
fi
if [ "$programs" = cells ]; then
  echo "reductions-random: cells carried in registers: $(logs | grep -c 'optimized: gccpoly: the running value of the cell of' || true)"
fi
if [ "$programs" = skew ]; then
  echo "reductions-random: pairs run by diagonals: $(logs | grep -c 'optimized: gccpoly: loops at lines .* run by diagonals' || true); not run by diagonals: $(logs | grep -c 'missed: gccpoly: loops at lines .* not run by diagonals' || true)"
fi
if [ "$programs" = jam ]; then
  echo "reductions-random: loops unrolled and jammed: $(logs | grep -c 'optimized: gccpoly: loop at line .* unrolled and jammed' || true); not unrolled and jammed: $(logs | grep -c 'missed: gccpoly: loop at line .* not unrolled and jammed' || true)"
fi
if [ "$programs" = shift ]; then
  echo "reductions-random: loops shifted: $(logs | grep -c 'optimized: gccpoly: loop at line .* shifted' || true); not shifted: $(logs | grep -c 'missed: gccpoly: loop at line .* not shifted' || true)"
fi
if [ "$programs" = rows ]; then
  echo "reductions-random: row loops marked parallel around rows read from memory: $(logs | grep -c 'optimized: gccpoly: loop marked parallel' || true); rows without a verdict of their own: $(logs | grep -c 'its iteration count is read from memory in the region' || true)"
fi
if [ "$programs" = guards ]; then
  echo "reductions-random: outer loops parloops parallelized: $(logs | grep -c 'optimized: parallelizing outer loop' || true)"
fi
echo "$p passed, $f failed"
[ "$f" = 0 ]
