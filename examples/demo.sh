#!/usr/bin/env bash
# make demo: compile examples/demo.c with gccpoly and show what it found,
# loop by loop, then run the program built with and without the plugin.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
plugin=$(cd "$(dirname "${1:-$top/build/gccpoly.so}")" && pwd)/$(basename "${1:-gccpoly.so}")
cc=${PLUGIN_CC:-gcc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
src=$top/examples/demo.c

echo "== $cc -O2 -fplugin=gccpoly -fopt-info-loop-all (gccpoly's remarks, loop by loop)"
(cd "$top" && "$cc" -O2 -fplugin="$plugin" \
   -fplugin-arg-gccpoly-report="$out/demo.json" \
   -fplugin-arg-gccpoly-dump="$out/demo.dump" \
   -fopt-info-loop-all examples/demo.c -o "$out/demo") 2>&1 | grep 'gccpoly' || true
echo
echo "== the analysis dump (-fplugin-arg-gccpoly-dump=FILE)"
cat "$out/demo.dump"
echo "== the JSON report (-fplugin-arg-gccpoly-report=FILE): $(grep -c '"depth"' "$out/demo.json") loops in $(grep -c '"name"' "$out/demo.json") functions"
head -c 600 "$out/demo.json"; echo "..."
echo
"$cc" -O2 "$src" -o "$out/demo-plain"
echo "== run, plain -O2:       $("$out/demo-plain")"
echo "== run, -O2 with gccpoly: $("$out/demo")"
