#!/usr/bin/env bash
# Interchange against GCC's own -floop-interchange on bench/extra/matmul.c
# (the i-j-k product), sequential (no threads), plain pointers and restrict:
#   -O3 -fno-loop-interchange        neither interchange
#   -O3                              GCC's -floop-interchange (on at -O3)
#   -O3 -fplugin=gccpoly             GCC's, then the plugin's
# Prints the median of R runs (default 5) of each, interleaved, and checks
# that every build prints the same checksum.
#   interchange.sh [PLUGIN [N [R]]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
plugin=${1:-$here/../../build/gccpoly.so}
n=${2:-1000}
runs=${3:-5}
cc=${PLUGIN_CC:-gcc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
names=()
for v in pointers restrict; do
  def=(); [ $v = restrict ] && def=(-DRESTRICT)
  "$cc" -O3 -fno-loop-interchange "${def[@]}" "$here/matmul.c" -o "$out/none.$v"
  "$cc" -O3 "${def[@]}" "$here/matmul.c" -o "$out/gcc.$v"
  "$cc" -O3 -fplugin="$plugin" "${def[@]}" "$here/matmul.c" -o "$out/gccpoly.$v"
  names+=("none.$v" "gcc.$v" "gccpoly.$v")
done
for r in $(seq "$runs"); do
  for b in "${names[@]}"; do
    s=$EPOCHREALTIME
    "$out/$b" "$n" >"$out/$b.out"
    e=$EPOCHREALTIME
    echo "$b $(( (${e/./} - ${s/./}) / 1000 ))" >>"$out/times"
  done
done
sums=$(cat "$out"/*.out | sort -u | wc -l)
echo "matmul n=$n, median of $runs runs (ms), $(nproc) CPUs; outputs identical: $([ "$sums" = 1 ] && echo yes || echo NO)"
printf '%-10s %12s %12s %12s\n' "" "-fno-loop-interchange" "-O3 (GCC's)" "+ gccpoly"
for v in pointers restrict; do
  row=()
  for c in none gcc gccpoly; do
    row+=("$(awk -v b="$c.$v" '$1 == b {print $2}' "$out/times" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')")
  done
  printf '%-10s %12s %12s %12s\n' "$v" "${row[@]}"
done
