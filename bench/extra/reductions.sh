#!/usr/bin/env bash
# Reductions GCC's parloops declines by itself, and loops it does not run
# (bench/extra/reductions.c),
# side by side in one run, on T threads (default 2):
#   O3        -O3
#   autopar   -O3 -ftree-parallelize-loops=T
#   graphite  -O3 -floop-nest-optimize -floop-parallelize-all -ftree-parallelize-loops=T
#   gccpoly   -O3 -fplugin=gccpoly -ftree-parallelize-loops=T
#   nowide    gccpoly with -fplugin-arg-gccpoly-no-wide-counters
#   noregions gccpoly with -fplugin-arg-gccpoly-no-own-regions
# Each binary runs R times (default 5), the builds taking turns; per kernel
# the median of its times (ms, as the program measures them) and the
# speed-up over O3.  Every build must print the same checksums.
#   reductions.sh [PLUGIN [N [REPS [R [T]]]]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
plugin=$(realpath "${1:-$here/../../build/gccpoly.so}")
n=${2:-4000000}
reps=${3:-80}
runs=${4:-5}
threads=${5:-2}
cc=${PLUGIN_CC:-gcc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
src=$here/reductions.c
par=-ftree-parallelize-loops=$threads
"$cc" -O3 "$src" -o "$out/O3"
"$cc" -O3 "$par" "$src" -o "$out/autopar"
"$cc" -O3 -floop-nest-optimize -floop-parallelize-all "$par" "$src" -o "$out/graphite"
"$cc" -O3 -fplugin="$plugin" "$par" "$src" -o "$out/gccpoly"
"$cc" -O3 -fplugin="$plugin" -fplugin-arg-gccpoly-no-wide-counters "$par" "$src" -o "$out/nowide"
"$cc" -O3 -fplugin="$plugin" -fplugin-arg-gccpoly-no-own-regions "$par" "$src" -o "$out/noregions"
builds=(O3 autopar graphite gccpoly nowide noregions)
for r in $(seq "$runs"); do
  for k in "${!builds[@]}"; do
    b=${builds[$(( (k + r) % ${#builds[@]} ))]}
    OMP_NUM_THREADS=$threads "$out/$b" "$n" "$reps" >"$out/$b.$r"
  done
done
same=yes
for b in "${builds[@]}"; do
  for r in $(seq "$runs"); do
    cmp -s <(awk '{print $1, $3}' "$out/O3.1") <(awk '{print $1, $3}' "$out/$b.$r") || same=NO
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "reductions.c N=$n REPS=$reps, median of $runs runs, $threads threads, $(nproc) CPUs; checksums identical: $same"
printf '| kernel | O3 (ms) |'; for b in "${builds[@]:1}"; do printf ' %s |' "$b"; done; echo
printf '|---|---:|'; for b in "${builds[@]:1}"; do printf -- '---:|'; done; echo
for kernel in $(awk '{print $1}' "$out/O3.1"); do
  base=$(cat "$out"/O3.* | awk -v k="$kernel" '$1 == k {print $2}' | median)
  printf '| %s | %s |' "$kernel" "$base"
  for b in "${builds[@]:1}"; do
    t=$(cat "$out/$b".* | awk -v k="$kernel" '$1 == k {print $2}' | median)
    printf ' %s |' "$(awk -v a="$base" -v b="$t" 'BEGIN {printf "%.2f", a / b}')"
  done
  echo
done
echo "(speed-up over O3: above 1 is faster)"
