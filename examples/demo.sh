#!/usr/bin/env bash
# make demo: compile examples/demo.c with gccpoly (and
# -ftree-parallelize-loops=2) and show what it found and did, loop by loop,
# then run the program built plain, with GCC's autopar alone and with the
# plugin, and print the speed-ups.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
plugin=$(cd "$(dirname "${1:-$top/build/gccpoly.so}")" && pwd)/$(basename "${1:-gccpoly.so}")
cc=${PLUGIN_CC:-gcc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
src=$top/examples/demo.c

threads=2
echo "== $cc -O3 -fplugin=gccpoly -ftree-parallelize-loops=$threads -fopt-info-loop-all (gccpoly's remarks, loop by loop; parloops' own)"
(cd "$top" && "$cc" -O3 -fplugin="$plugin" -ftree-parallelize-loops=$threads \
   -fplugin-arg-gccpoly-report="$out/demo.json" \
   -fplugin-arg-gccpoly-dump="$out/demo.dump" \
   -fopt-info-loop-all examples/demo.c -o "$out/demo") 2>&1 | grep -E 'gccpoly|parallelizing' || true
echo
echo "== the analysis dump (-fplugin-arg-gccpoly-dump=FILE)"
cat "$out/demo.dump"
echo "== the JSON report (-fplugin-arg-gccpoly-report=FILE): $(grep -c '"depth"' "$out/demo.json") loops in $(grep -c '"name"' "$out/demo.json") functions"
head -c 600 "$out/demo.json"; echo "..."
echo
"$cc" -O3 "$src" -o "$out/demo-plain"
"$cc" -O3 -ftree-parallelize-loops=$threads "$src" -o "$out/demo-autopar"
# Best of three runs each, interleaved (the machine may be shared).
size=900
run_time() { "$1" "$size" | sed -n 's/.*time \([0-9.]*\) s.*/\1/p'; }
best() { printf '%s\n' "$@" | sort -g | head -n1; }
p=(); a=(); g=()
for r in 1 2 3; do
  p+=("$(run_time "$out/demo-plain")"); a+=("$(run_time "$out/demo-autopar")"); g+=("$(run_time "$out/demo")")
done
tp=$(best "${p[@]}"); ta=$(best "${a[@]}"); tg=$(best "${g[@]}")
echo "== run, plain -O3:                                 $("$out/demo-plain" "$size" | sed 's/  time.*//')  ${tp} s"
echo "== run, -O3 -ftree-parallelize-loops=$threads (autopar):   $("$out/demo-autopar" "$size" | sed 's/  time.*//')  ${ta} s  (x$(echo "$tp $ta" | awk '{printf "%.2f", $1/$2}'))"
echo "== run, -O3 -ftree-parallelize-loops=$threads with gccpoly: $("$out/demo" "$size" | sed 's/  time.*//')  ${tg} s  (x$(echo "$tp $tg" | awk '{printf "%.2f", $1/$2}'))"
echo "   (n = $size; speed-ups over plain -O3, best of 3 runs; $(nproc) CPUs)"
