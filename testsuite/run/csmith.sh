#!/usr/bin/env bash
# csmith: random C programs (Csmith) built with the plugin and
# -ftree-parallelize-loops=2 must behave as the plain build does.
#
# For seeds SEED-BASE, SEED-BASE+1, ...: generate a program with
#   csmith --seed S --output f.c
# build it plain and with the plugin
#   GCC -O2 -w -I CSMITH-INCLUDE f.c
#   GCC -O2 -w -I CSMITH-INCLUDE -fplugin=PLUGIN -ftree-parallelize-loops=2 f.c
# run both (10 s timeout each) and compare their stdout (the checksum
# line) and exit status.  A program whose plain build fails to compile or
# whose plain binary times out is skipped (a SKIP: line) and does not count:
# further seeds are taken until exactly COUNT programs have been compared,
# so the seeds used, and the result, are the same on every run.  The plugin
# build must compile whatever the plain build compiles, without "internal
# compiler error".  Compilations have a 60 s timeout.  Prints PASS:, FAIL:
# and SKIP: lines and last "N passed, N failed"; exit status 0 only when
# nothing failed.
#
#   csmith.sh [--plugin PATH] [--cc GCC] [--count N] [--seed-base S] [-j N] [--keep]
#
#   --plugin PATH    the plugin (default: build/gccpoly.so of this repository)
#   --cc GCC         the compiler (default: $PLUGIN_CC, else gcc)
#   --count N        programs to compare (default 50)
#   --seed-base S    first seed (default 1000)
#   -j N             programs checked in parallel (default: $GCCPOLY_JOBS, else 2)
#   --keep           keep every program's source, binaries and outputs (by
#                    default only those of failed programs are kept)
#
# Environment: CSMITH (the generator, default csmith), CSMITH_INCLUDE (the
# directory holding csmith.h; default: found under /usr/include and
# /usr/local/include), GCCPOLY_CSMITH_WORK (per-seed files; default
# testsuite/work/csmith).  Needs the Debian packages csmith and
# libcsmith-dev (csmith.h); scripts/install-deps.sh check installs them.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)

status_words() {  # STATUS SECONDS: of a command run under timeout SECONDS
  case $1 in
    124) echo "timed out ($2 s)" ;;
    *) if [ "$1" -gt 128 ]; then echo "died by signal $(( $1 - 128 ))"; else echo "exits $1"; fi ;;
  esac
}

# ------------------------------------------------------------ one program
# csmith.sh --worker SEED...: generates, builds and runs one program and
# writes its verdict (one line: PASS, FAIL REASON or SKIP REASON) to
# WORK/SEED/result.  CC, PLUGIN, CSMITH, CSMITH_INC, WORK and KEEP come
# from the environment.
worker() {
  local s=$1 d=$WORK/$1 verdict prc brc rp rg t0=$EPOCHREALTIME
  rm -rf "$d"
  mkdir -p "$d"
  local base=(-O2 -w -I"$CSMITH_INC")
  verdict=$(
    cd "$d" || { echo "FAIL cannot enter $d"; exit; }
    if ! timeout 60 "$CSMITH" --seed "$s" --output f.c >csmith.log 2>&1; then
      echo "FAIL csmith --seed $s failed: $(head -n1 csmith.log | cut -c1-200)"; exit
    fi
    printf '%q ' "$CC" "${base[@]}" f.c -o plain.exe >plain.cmd
    timeout 60 "$CC" "${base[@]}" f.c -o plain.exe >plain.log 2>&1
    prc=$?
    if [ $prc != 0 ]; then
      echo "SKIP plain build $(status_words $prc 60)"; exit
    fi
    timeout 10 ./plain.exe >plain.out 2>plain.err </dev/null
    rp=$?
    if [ $rp = 124 ]; then
      echo "SKIP plain binary timed out (10 s)"; exit
    fi
    printf '%q ' "$CC" "${base[@]}" "-fplugin=$PLUGIN" -ftree-parallelize-loops=2 f.c -o plugin.exe >plugin.cmd
    timeout 60 "$CC" "${base[@]}" "-fplugin=$PLUGIN" -ftree-parallelize-loops=2 f.c -o plugin.exe >plugin.log 2>&1
    brc=$?
    if grep -q 'internal compiler error' plugin.log; then
      echo "FAIL plugin build: $(grep -m1 'internal compiler error' plugin.log | cut -c1-200)"; exit
    elif [ $brc != 0 ]; then
      echo "FAIL plugin build $(status_words $brc 60) where the plain build compiles, see $d/plugin.log"; exit
    fi
    timeout 10 ./plugin.exe >plugin.out 2>plugin.err </dev/null
    rg=$?
    if [ $rg != $rp ]; then
      echo "FAIL plain binary $(status_words $rp 10), plugin-built binary $(status_words $rg 10)"
    elif ! cmp -s plain.out plugin.out; then
      # The first line that differs, or "(end)" where one output stops first.
      n=$(cmp plain.out plugin.out 2>&1 | sed -n 's/.*EOF on .*line \([0-9]*\).*/\1 + 1/p; s/.*differ: .*line \([0-9]*\).*/\1/p')
      n=$(( ${n:-0} ))
      line_of() { [ "$(grep -c '' "$1")" -ge "$n" ] && sed -n "${n}p" "$1" | cut -c1-100 || echo "(end)"; }
      echo "FAIL stdout differs at line $n: plain '$(line_of plain.out)', plugin-built '$(line_of plugin.out)'"
    else
      echo "PASS"
    fi
  )
  local t1=$EPOCHREALTIME
  printf '%s\nTIME %d ms\n' "$verdict" $(( (${t1/./} - ${t0/./}) / 1000 )) >"$d/result.tmp"
  mv "$d/result.tmp" "$d/result"
  # Keep the files of failures (and everything with --keep).
  case $verdict in
    FAIL*) ;;
    *) [ "$KEEP" = 1 ] || rm -f "$d"/f.c "$d"/platform.info "$d"/*.exe "$d"/*.out "$d"/*.err ;;
  esac
}

if [ "${1:-}" = --worker ]; then
  shift
  for s in "$@"; do worker "$s"; done
  exit 0
fi

# ------------------------------------------------------------ options
plugin=$top/build/gccpoly.so
cc=${PLUGIN_CC:-gcc}
count=50
seed_base=1000
jobs=${GCCPOLY_JOBS:-2}
keep=0
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --plugin=*) plugin=${1#*=}; shift ;;
    --cc) cc=$2; shift 2 ;;
    --cc=*) cc=${1#*=}; shift ;;
    --count) count=$2; shift 2 ;;
    --count=*) count=${1#*=}; shift ;;
    --seed-base) seed_base=$2; shift 2 ;;
    --seed-base=*) seed_base=${1#*=}; shift ;;
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "csmith: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $count$seed_base$jobs in
  *[!0-9]*) echo "csmith: --count, --seed-base and -j take non-negative integers" >&2; exit 2 ;;
esac
if [ ! -f "$plugin" ]; then
  echo "csmith: no plugin at $plugin (run make first)" >&2; exit 2
fi
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
command -v "$cc" >/dev/null || { echo "csmith: no compiler '$cc'" >&2; exit 2; }
csmith=${CSMITH:-csmith}
command -v "$csmith" >/dev/null ||
  { echo "csmith: no '$csmith' (install the csmith package: scripts/install-deps.sh check)" >&2; exit 2; }
inc=${CSMITH_INCLUDE:-}
if [ -z "$inc" ]; then
  for c in /usr/include/csmith /usr/include/csmith-* /usr/local/include/csmith /usr/local/include/csmith-*; do
    [ -f "$c/csmith.h" ] && { inc=$c; break; }
  done
fi
if [ -z "$inc" ] || [ ! -f "$inc/csmith.h" ]; then
  echo "csmith: no csmith.h (install libcsmith-dev: scripts/install-deps.sh check; or set CSMITH_INCLUDE)" >&2; exit 2
fi

work=${GCCPOLY_CSMITH_WORK:-$top/testsuite/work/csmith}
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
# Only what this script writes there: one directory per seed (all digits).
find "$work" -mindepth 1 -maxdepth 1 -type d -regex '.*/[0-9]+' -exec rm -rf {} +
rm -f "$work/slowest.txt"

# ------------------------------------------------------------ run
echo "csmith: $count programs from seed $seed_base; $jobs jobs; cc $cc; plugin $plugin; -I$inc"
echo "csmith: per-seed files in $work/SEED/"
export CC=$cc PLUGIN=$plugin CSMITH=$csmith CSMITH_INC=$inc WORK=$work KEEP=$keep
# Passive waiting for libgomp's threads: see check-gcc.sh.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
start=$(date +%s%N)
passed=0
failed=0
skipped=0
next=$seed_base
# Skipped seeds are replaced by the next ones, a batch at a time; give up
# (one failure) when more than COUNT + 20 seeds are skipped.
max_seed=$(( seed_base + 2 * count + 20 ))
while [ $((passed + failed)) -lt "$count" ] && [ $next -lt $max_seed ]; do
  need=$(( count - passed - failed ))
  [ $((next + need)) -le $max_seed ] || need=$(( max_seed - next ))
  seq "$next" $((next + need - 1)) | xargs -r -P "$jobs" -n 1 "$here/csmith.sh" --worker
  for s in $(seq "$next" $((next + need - 1))); do
    r=$work/$s/result
    v=$(head -n1 "$r" 2>/dev/null)
    printf '%8d ms  seed %s\n' "$(sed -n 's/^TIME \([0-9]*\) ms$/\1/p' "$r" 2>/dev/null)" "$s" >>"$work/slowest.txt"
    case $v in
      PASS) passed=$((passed + 1)); echo "PASS: csmith seed $s" ;;
      SKIP*) skipped=$((skipped + 1)); echo "SKIP: csmith seed $s (${v#SKIP }; not counted, one more seed is taken)" ;;
      FAIL*) failed=$((failed + 1)); echo "FAIL: csmith seed $s (${v#FAIL }; files in $work/$s)" ;;
      *) failed=$((failed + 1)); echo "FAIL: csmith seed $s (the worker wrote no verdict)" ;;
    esac
  done
  next=$((next + need))
done
compared=$((passed + failed))
if [ $compared -lt "$count" ]; then
  echo "FAIL: csmith (only $((passed + failed)) of $count programs compared: $skipped of seeds $seed_base..$((next - 1)) skipped)"
  failed=$((failed + 1))
fi
sort -rn "$work/slowest.txt" -o "$work/slowest.txt" 2>/dev/null
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
printf 'csmith: %d compared (seeds %s..%s), %d skipped; wall time %d.%d s with %s jobs; slowest seeds: %s\n' \
  $compared "$seed_base" $((next - 1)) "$skipped" $((ms / 1000)) $((ms % 1000 / 100)) "$jobs" "$work/slowest.txt"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
