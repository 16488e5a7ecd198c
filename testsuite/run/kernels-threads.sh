#!/usr/bin/env bash
# kernels-threads: the kernels of bench/kernels, built with the plugin and
# -ftree-parallelize-loops=4, must print exactly what the plain build prints,
# at 1, 2 and 4 threads, at -O2 and at -O3 (where the plugin also
# interchanges loops).
#
# For every kernel of bench/kernels/kernels.list and LEVEL in O2, O3: build
# it plain
#   GCC -std=gnu11 -ffp-contract=off -I bench/kernels -LEVEL K.c -lm
# and with the plugin
#   GCC -std=gnu11 -ffp-contract=off -I bench/kernels -LEVEL \
#       -fplugin=PLUGIN -ftree-parallelize-loops=4 \
#       -fplugin-arg-gccpoly-min-trips=1 K.c -lm
# (min-trips=1: the inner loops that run in parallel only with enough
# iterations at run time do so at these small sizes too)
# run the plain binary with --print at the kernel's MINI and SMALL sizes,
# and the plugin-built one the same way with OMP_NUM_THREADS=1, 2 and 4.
# Each (kernel, level, sizes, threads) is one test: PASS when the
# plugin-built binary exits 0 and its output is byte-identical (cmp) to the
# plain one's.  A plugin build that fails or says "internal compiler error"
# fails all six tests of its kernel at that level.  Every compilation and
# run has a 60 s timeout.
# Prints PASS:/FAIL: lines and last "N passed, N failed"; exit status 0
# only when nothing failed.
#
# With --fast-math, both builds get -ffast-math, at -O3 only, which allows
# reductions to be reassociated (floating-point sums in parallel, a sum
# into an array from per-thread copies): each printed number must then be
# within a relative 1e-9 of the plain build's, or within 1e-9 times the
# largest number the plain build prints (a value that is zero up to
# rounding, as covariance's at its MINI size, is rounding noise in both),
# the other words the same, instead of byte-identical.
#
# With --options FLAGS (given once or more), each FLAGS takes the place of
# the levels: both builds get FLAGS ("-O1", "-Os", "-O2 -ftrapv", ...), the
# plugin build the plugin's flags above as well, and the outputs must be
# byte-identical.  FLAGS come after -ffp-contract=off: "-O3 -march=native
# -ffp-contract=fast" builds as users do, where GCC fuses multiply-adds.  What GCC's options change (no PRE at -O1, a trap for
# signed overflow, instrumentation inside the loops) changes the GIMPLE the
# plugin gets and what it may do with it.
#
# With --offload, the plugin-built binary is instead the GPU-offload
# annotated source (-fplugin-arg-gccpoly-annotate, docs/offload.md), at -O2
# only, with the minimum-work test off so that every written construct
# runs (on the host fallback when there is no GPU):
#   GCC -std=gnu11 -ffp-contract=off -I bench/kernels -O2 -fplugin=PLUGIN \
#       -fplugin-arg-gccpoly-annotate=K.ann.c \
#       -fplugin-arg-gccpoly-offload-min-iterations=1 -c K.c -o /dev/null
#   GCC -std=gnu11 -ffp-contract=off -I bench/kernels -O2 -fopenmp \
#       -foffload=nvptx-none -foffload-options=-lm -no-pie K.ann.c -lm
# and its PASS lines say how many constructs the kernel's copy has. The
# offload binaries run with testsuite/run/map-check.c preloaded, a
# stand-in device that gives each region copies of its mapped sections
# only (garbage for `from'), so that a section too small or mapped the
# wrong way changes the output.
#
#   kernels-threads.sh [--offload | --fast-math | --options FLAGS...] [--plugin PATH] [--cc GCC] [-j N] [--keep] [NAME...]
#
#   --plugin PATH  the plugin (default: build/gccpoly.so of this repository)
#   --cc GCC       the compiler (default: $PLUGIN_CC, else gcc)
#   -j N           kernels checked in parallel (default: $GCCPOLY_JOBS, else 2)
#   --keep         keep every kernel's binaries and outputs (by default only
#                  those of kernels with a failure are kept)
#   NAME...        only these kernels of kernels.list
#
# Environment: GCCPOLY_KERNELS_WORK (binaries, outputs and logs; default
# testsuite/work/kernels-threads).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
kdir=$top/bench/kernels
threads=(1 2 4)
levels=(-O2 -O3)

status_words() {  # STATUS of a command run under timeout
  case $1 in
    124) echo "timed out (60 s)" ;;
    *) if [ "$1" -gt 128 ]; then echo "died by signal $(( $1 - 128 ))"; else echo "exits $1"; fi ;;
  esac
}

# ------------------------------------------------------------ one kernel
# kernels-threads.sh --worker "NAME MINI SMALL"...: builds and runs one
# kernel and writes its verdicts (six per level), in order, to WORK/NAME/result.
# CC, PLUGIN, WORK and KEEP come from the environment.
worker() {
  local name mini small
  read -r name mini small _ <<<"$1"
  local d=$WORK/$name src=$kdir/$name.c t0=$EPOCHREALTIME
  rm -rf "$d"
  mkdir -p "$d"
  local bad=0
  {
    local level sets
    readarray -t sets <<<"$LEVELS"
    for level in "${sets[@]}"; do
      build_and_run "$level" || bad=1
    done
    local t1=$EPOCHREALTIME
    echo "TIME $(( (${t1/./} - ${t0/./}) / 1000 )) ms"
  } >"$d/result.tmp"
  mv "$d/result.tmp" "$d/result"

  # Binaries and outputs go unless a test failed or --keep.
  if [ "$KEEP" != 1 ] && [ $bad = 0 ]; then
    rm -f "$d"/*.exe "$d"/*.out "$d"/*.err
  fi
}

# same_within REF OUT: whether OUT's words are REF's, numbers within a
# relative 1e-9 or within 1e-9 times REF's largest number; else says where
# they part.
same_within() {
  awk -v tol=1e-9 '
    NR == FNR { for (i = 1; i <= NF; i++) ref[++n] = $i; next }
    { for (i = 1; i <= NF; i++) got[++m] = $i }
    END {
      if (n != m) { printf "%d words against %d\n", m, n; exit 1 }
      num = "^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$"
      scale = 0
      for (k = 1; k <= n; k++)
        if (ref[k] ~ num) { v = ref[k] + 0; if (v < 0) v = -v; if (v > scale) scale = v }
      for (k = 1; k <= n; k++) {
        a = ref[k]; b = got[k]
        if (a == b) continue
        if (a !~ num || b !~ num) { printf "word %d: %s against %s\n", k, b, a; exit 1 }
        d = a - b; if (d < 0) d = -d
        s = (a < 0 ? -a : a); t = (b < 0 ? -b : b); if (t > s) s = t
        if (d > tol * s && d > tol * scale) { printf "word %d: %s against %s\n", k, b, a; exit 1 }
      }
    }' "$1" "$2"
}

# build_and_run FLAGS: one kernel (the worker's name, mini, small, d, src)
# built with FLAGS (-O2, -O3, or one of --options): its six verdicts on
# stdout; fails when one failed.
build_and_run() {
  local flags=$1
  # A name for the files: "-O2" gives O2, "-O2 -ftrapv" O2_ftrapv.
  local lv=${flags#-}
  lv=${lv// -/_}
  lv=${lv//[^A-Za-z0-9_]/_}
  local base=(-std=gnu11 -ffp-contract=off -I"$kdir") words
  read -r -a words <<<"$flags"
  base+=("${words[@]}")
  [ "$MODE" = fastmath ] && base+=(-ffast-math)
  local prc=0 brc=0 why_build= constructs=
  local plain=$d/plain.$lv plug=$d/plugin.$lv
  if [ ! -f "$src" ]; then
    why_build="no $src"
  else
    printf '%q ' "$CC" "${base[@]}" "$src" -o "$plain.exe" -lm >"$plain.cmd"
    timeout 60 "$CC" "${base[@]}" "$src" -o "$plain.exe" -lm >"$plain.log" 2>&1
    prc=$?
    if [ "$MODE" = offload ]; then
      local annotate=("-fplugin=$PLUGIN" "-fplugin-arg-gccpoly-annotate=$plug.ann.c"
                      -fplugin-arg-gccpoly-offload-min-iterations=1 -c "$src" -o /dev/null)
      # libm on the device: GCC 12's -foffload-options, GCC 11's -foffload=TARGET=OPTIONS.
      local lm=(-foffload=nvptx-none -foffload-options=-lm)
      [ "$("$CC" -dumpversion | cut -d. -f1)" -ge 12 ] || lm=(-foffload=nvptx-none=-lm)
      local offload=(-fopenmp "${lm[@]}" -no-pie "$plug.ann.c" -o "$plug.exe" -lm)
      { printf '%q ' "$CC" "${base[@]}" "${annotate[@]}"; echo; printf '%q ' "$CC" "${base[@]}" "${offload[@]}"; } >"$plug.cmd"
      timeout 60 "$CC" "${base[@]}" "${annotate[@]}" >"$plug.log" 2>&1 &&
        timeout 120 "$CC" "${base[@]}" "${offload[@]}" >>"$plug.log" 2>&1
      brc=$?
      constructs=" ($(grep -c '^ *#pragma omp target' "$plug.ann.c" 2>/dev/null) constructs)"
    else
      printf '%q ' "$CC" "${base[@]}" "-fplugin=$PLUGIN" -ftree-parallelize-loops=4 \
        -fplugin-arg-gccpoly-min-trips=1 "$src" -o "$plug.exe" -lm >"$plug.cmd"
      timeout 60 "$CC" "${base[@]}" "-fplugin=$PLUGIN" -ftree-parallelize-loops=4 \
        -fplugin-arg-gccpoly-min-trips=1 "$src" -o "$plug.exe" -lm >"$plug.log" 2>&1
      brc=$?
    fi
    if [ "$prc" != 0 ]; then
      why_build="plain build $(status_words "$prc"), see $plain.log"
    elif grep -q 'internal compiler error' "$plug.log"; then
      why_build="plugin build: $(grep -m1 'internal compiler error' "$plug.log" | cut -c1-200)"
    elif [ "$brc" != 0 ]; then
      why_build="plugin build $(status_words "$brc"), see $plug.log"
    fi
  fi

  local bad=0 cls sizes t rc where
  for cls in MINI SMALL; do
    if [ $cls = MINI ]; then sizes=${mini//,/ }; else sizes=${small//,/ }; fi
    local label="$name $flags $cls ($sizes)"
    local ref=$plain.$cls.out prun=0
    if [ -z "$why_build" ]; then
      # shellcheck disable=SC2086
      timeout 60 "$plain.exe" --print $sizes >"$ref" 2>"$plain.$cls.err" </dev/null
      prun=$?
    fi
    for t in "${threads[@]}"; do
      local tn="$label OMP_NUM_THREADS=$t" out=$plug.$cls.t$t.out
      if [ -n "$why_build" ]; then
        echo "FAIL: $tn ($why_build)"; bad=1; continue
      fi
      if [ "$prun" != 0 ]; then
        echo "FAIL: $tn (plain binary $(status_words "$prun"), see $plain.$cls.err)"; bad=1; continue
      fi
      # shellcheck disable=SC2086
      OMP_NUM_THREADS=$t LD_PRELOAD=${MAPCHECK:-} timeout 60 "$plug.exe" --print $sizes >"$out" 2>"$plug.$cls.t$t.err" </dev/null
      rc=$?
      if [ "$rc" != 0 ]; then
        echo "FAIL: $tn (plugin-built binary $(status_words "$rc"), see $plug.$cls.t$t.err)"; bad=1
      elif [ "$MODE" = fastmath ] && ! where=$(same_within "$ref" "$out"); then
        echo "FAIL: $tn (output not within 1e-9 of the plain build's: $where; $ref vs $out)"; bad=1
      elif [ "$MODE" != fastmath ] && ! where=$(cmp "$ref" "$out" 2>&1); then
        # "differ: byte B, line L" or "EOF on FILE after byte B, line L"
        where=${where##*: }; where=${where/"EOF on $ref"/"the plain output ends"}
        where=${where/"EOF on $out"/"the plugin-built output ends"}
        echo "FAIL: $tn (output differs from the plain build's: ${where:-cmp failed}; $ref vs $out)"; bad=1
      else
        echo "PASS: $tn$constructs"
      fi
    done
  done
  return $bad
}

if [ "${1:-}" = --worker ]; then
  shift
  for k in "$@"; do worker "$k"; done
  exit 0
fi

# ------------------------------------------------------------ options
plugin=$top/build/gccpoly.so
cc=${PLUGIN_CC:-gcc}
jobs=${GCCPOLY_JOBS:-2}
keep=0
mode=threads
only=()
option_sets=()
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --plugin=*) plugin=${1#*=}; shift ;;
    --cc) cc=$2; shift 2 ;;
    --cc=*) cc=${1#*=}; shift ;;
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --keep) keep=1; shift ;;
    --offload) mode=offload; shift ;;
    --fast-math) mode=fastmath; shift ;;
    --options) mode=options; option_sets+=("$2"); shift 2 ;;
    --options=*) mode=options; option_sets+=("${1#*=}"); shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "kernels-threads: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    *) only+=("$1"); shift ;;
  esac
done
if [ ! -f "$plugin" ]; then
  echo "kernels-threads: no plugin at $plugin (run make first)" >&2; exit 2
fi
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
command -v "$cc" >/dev/null || { echo "kernels-threads: no compiler '$cc'" >&2; exit 2; }

if [ $mode = offload ]; then
  levels=(-O2)
  work=${GCCPOLY_KERNELS_WORK:-$top/testsuite/work/kernels-offload}
elif [ $mode = options ]; then
  levels=("${option_sets[@]}")
  for f in "${levels[@]}"; do
    case $f in
      *$'\n'*|'') echo "kernels-threads: --options '$f': empty, or over several lines" >&2; exit 2 ;;
    esac
  done
  work=${GCCPOLY_KERNELS_WORK:-$top/testsuite/work/kernels-options}
elif [ $mode = fastmath ]; then
  levels=(-O3)
  work=${GCCPOLY_KERNELS_WORK:-$top/testsuite/work/kernels-fast-math}
else
  work=${GCCPOLY_KERNELS_WORK:-$top/testsuite/work/kernels-threads}
fi
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2

# The kernels, in kernels.list order: "NAME MINI SMALL".
list=()
while read -r name mini small _rest; do
  case $name in ''|'#'*) continue ;; esac
  if [ ${#only[@]} -gt 0 ]; then
    want=0
    for a in "${only[@]}"; do [ "$a" = "$name" ] && want=1; done
    [ $want = 1 ] || continue
  fi
  list+=("$name $mini $small")
done <"$kdir/kernels.list"
if [ ${#only[@]} -gt 0 ] && [ ${#list[@]} != ${#only[@]} ]; then
  echo "kernels-threads: not all of '${only[*]}' are in kernels.list" >&2; exit 2
fi
for k in "${list[@]}"; do rm -rf "$work/${k%% *}"; done

# ------------------------------------------------------------ run
sets=$(printf ', %s' "${levels[@]}")
extra=; [ $mode != threads ] && extra=" ($mode)"
echo "kernels-threads: ${#list[@]} kernels x ${sets:2} x MINI, SMALL x OMP_NUM_THREADS=${threads[*]}${extra}; $jobs jobs; cc $cc; plugin $plugin"
echo "kernels-threads: per-kernel logs in $work/NAME/"
start=$(date +%s%N)
LEVELS=$(printf '%s\n' "${levels[@]}")
export CC=$cc PLUGIN=$plugin WORK=$work KEEP=$keep MODE=$mode LEVELS
if [ $mode = offload ]; then
  "$cc" -O2 -shared -fPIC "$here/map-check.c" -o "$work/map-check.so" -ldl ||
    { echo "kernels-threads: cannot build map-check.so" >&2; exit 2; }
  export MAPCHECK=$work/map-check.so
fi
# Passive waiting for libgomp's threads: see check-gcc.sh.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
printf '%s\n' "${list[@]}" | xargs -r -d '\n' -P "$jobs" -n 1 "$here/kernels-threads.sh" --worker

passed=0
failed=0
: >"$work/slowest.txt"
for k in "${list[@]}"; do
  name=${k%% *}
  r=$work/$name/result
  if [ ! -f "$r" ]; then
    echo "FAIL: $name (the worker wrote no verdict)"
    failed=$((failed + 1))
    continue
  fi
  while read -r line; do
    case $line in
      PASS:*) passed=$((passed + 1)); echo "$line" ;;
      FAIL:*) failed=$((failed + 1)); echo "$line" ;;
      TIME*) ms=${line#TIME }; printf '%8d ms  %s\n' "${ms% ms}" "$name" >>"$work/slowest.txt" ;;
    esac
  done <"$r"
done
sort -rn "$work/slowest.txt" -o "$work/slowest.txt"
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
printf 'kernels-threads: wall time %d.%d s with %s jobs; slowest kernels: %s\n' \
  $((ms / 1000)) $((ms % 1000 / 100)) "$jobs" "$work/slowest.txt"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
