#!/bin/bash
# same-object: the plugin's builds are deterministic. Compiles each of the
# files that its rewrites (the jam, growing inner loops, the shift, pairs
# run by diagonals, interchange) change, and kernels of the suite, four
# times with the plugin and compares the objects byte for byte: the names
# the rewrites make (SSA versions) decide later passes' choices, so names
# made in the order of a hash set of pointers gave different objects from
# one compilation to the next (the jam's copies, until 2548e45).
#
#   same-object.sh [--plugin PATH] [--cc GCC] [--times N]
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
plugin=$top/build/gccpoly.so
cc=gcc
times=4
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --times) times=$2; shift 2 ;;
    *) echo "same-object.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
plugin=$(realpath "$plugin")
work=${GCCPOLY_SAME_OBJECT_WORK:-$top/testsuite/work/same-object}
rm -rf "$work"
mkdir -p "$work"
dg=$top/testsuite/gccpoly.dg
kernels=$top/bench/kernels
# FILE FLAGS... per line.
cases="$dg/jam-run.c -O3 -ftree-parallelize-loops=2
$dg/jam-growing-run.c -O3 -fno-math-errno
$dg/jam-growing-run.c -O3 -ftree-parallelize-loops=2 -fno-math-errno
$dg/shift-run.c -O3 -ftree-parallelize-loops=2
$dg/skew-run.c -O3
$dg/ix-matmul-run.c -O3 -ftree-parallelize-loops=2
$kernels/cholesky.c -O3 -ftree-parallelize-loops=2 -I$kernels
$kernels/durbin.c -O3 -ftree-parallelize-loops=2 -I$kernels
$kernels/lu.c -O3 -ftree-parallelize-loops=2 -I$kernels
$kernels/atax.c -O3 -ftree-parallelize-loops=2 -I$kernels"
p=0 f=0 n=0
while read -r file flags; do
  n=$((n + 1))
  what="$(basename "$file") $flags"
  first=
  bad=
  for t in $(seq 1 "$times"); do
    o=$work/c$n.$t.o
    if ! "$cc" $flags -w -fplugin="$plugin" -c "$file" -o "$o" 2>"$work/c$n.$t.log"; then
      bad="build $t failed ($work/c$n.$t.log)"
      break
    fi
    if [ -z "$first" ]; then
      first=$o
    elif ! cmp -s "$first" "$o"; then
      bad="build $t differs from build 1 ($first, $o)"
      break
    fi
  done
  if [ -z "$bad" ]; then
    echo "PASS: $what, $times builds the same"; p=$((p + 1))
  else
    echo "FAIL: $what: $bad"; f=$((f + 1))
  fi
done <<<"$cases"
echo "$p passed, $f failed"
[ "$f" = 0 ]
