#!/usr/bin/env bash
# capture-behaviour: what a plugin build does to a fixed set of programs, for
# comparing two builds of the plugin (a refactor must change nothing).
# Compiles the kernel suite (plain and -DKERNEL_RESTRICT), gccpoly.dg's C
# files and GCC's gcc.dg/graphite and gcc.dg/autopar tests at several option
# sets with the plugin, and keeps each compilation's object, JSON report,
# opt-info remarks, diagnostics and exit status under OUT.  Two captures are
# compared with `diff -r OUT1 OUT2` (no output: the same behaviour).
# gccpoly.dg's files are compiled once more at their own dg-options.
#
#   capture-behaviour.sh --plugin PATH --out DIR [--cc GCC] [--gcc-tests DIR] [-j N]
#
# --gcc-tests: the gcc/testsuite directory of GCC's source (default: the
# one check-gcc extracts, testsuite/work/gcc-tests/gcc/testsuite).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
cc=${PLUGIN_CC:-gcc}
plugin= out= jobs=2
tests=$top/testsuite/work/gcc-tests/gcc/testsuite
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$(realpath "$2"); shift 2 ;;
    --out) out=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --gcc-tests) tests=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    *) echo "capture-behaviour.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$plugin" ] || [ -z "$out" ]; then
  echo "usage: capture-behaviour.sh --plugin PATH --out DIR [--cc GCC] [--gcc-tests DIR] [-j N]" >&2
  exit 2
fi
if [ ! -d "$tests/gcc.dg/graphite" ]; then
  echo "capture-behaviour.sh: no GCC tests in $tests (run make check-gcc once, or give --gcc-tests)" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
kernels=$top/bench/kernels
flagsets=("-O2 -ftree-parallelize-loops=2" "-O3 -ftree-parallelize-loops=2" "-O2" "-O3"
          "-O3 -march=native -ftree-parallelize-loops=2")
# One line per compilation: TAG<TAB>FLAGS<TAB>FILE.
plan=$out/plan.tsv
: >"$plan"
add() {  # GROUP FILE EXTRA-FLAGS
  local i=0 f
  for f in "${flagsets[@]}"; do
    i=$((i + 1))
    printf '%s/%s.f%d\t%s %s\t%s\n' "$1" "$(basename "$2" .c)" "$i" "$f" "$3" "$2" >>"$plan"
  done
}
for f in "$kernels"/*.c; do
  add kernels "$f" "-I$kernels"
  add kernels-restrict "$f" "-I$kernels -DKERNEL_RESTRICT"
done
for f in "$top"/testsuite/gccpoly.dg/*.c; do
  add gccpoly.dg "$f" ""
  # Once more at the test's own dg-options (the plugin's options among
  # them), less what would write outside OUT or name the build directory.
  own=$(sed -n 's/.*dg-options "\([^"]*\)".*/\1/p' "$f" | head -n1 |
        tr ' ' '\n' | { grep -Ev '^(-g|-fdump-.*|-fopt-info.*)$' || true; } | tr '\n' ' ')
  printf '%s/%s.own\t%s\t%s\n' gccpoly.dg "$(basename "$f" .c)" "$own" "$f" >>"$plan"
done
for f in "$tests"/gcc.dg/graphite/*.c; do add graphite "$f" ""; done
for f in "$tests"/gcc.dg/autopar/*.c; do add autopar "$f" ""; done
export cc plugin out
one() {
  local tag=$1 flags=$2 file=$3 d=$out/$1
  mkdir -p "$(dirname "$d")"
  # The report and remarks name no file of OUT: each compilation writes
  # them in a directory of its own, as "r.json" and "r.txt".  The random
  # seed is fixed, for the names GCC derives from it (the contents of
  # -fopenmp's offload sections still differ from one compilation to the
  # next, without the plugin too: compare such objects' machine code).
  local w
  w=$(mktemp -d)
  (cd "$w" && $cc -fplugin="$plugin" $flags -w -frandom-seed=0 -fplugin-arg-gccpoly-report=r.json \
     -fopt-info-loop-all=r.txt -c "$file" -o r.o >r.err 2>&1; echo "status $?" >r.status) || true
  # The vectorizer's notes print its nodes' addresses, which differ from
  # one run to the next; errors name the plugin's path.
  for x in txt err; do
    [ -f "$w/r.$x" ] && sed -i -e 's/0x[0-9a-f]\{4,\}/0xADDR/g' -e "s|$plugin|PLUGIN|g" "$w/r.$x"
  done
  for x in json txt err status; do [ -f "$w/r.$x" ] && mv "$w/r.$x" "$d.$x"; done
  [ -f "$w/r.o" ] && mv "$w/r.o" "$d.o"
  rm -rf "$w"
}
export -f one
tr '\t' '\037' <"$plan" | xargs -P "$jobs" -d '\n' -n 1 bash -c 'IFS=$'"'"'\037'"'"' read -r t f s <<<"$1"; one "$t" "$f" "$s"' _
echo "capture-behaviour: $(wc -l <"$plan") compilations under $out"
