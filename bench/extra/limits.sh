#!/usr/bin/env bash
# limits.sh: where issue 6's "ahead of GRAPHITE on every kernel" stops on
# this machine.  atax, durbin, seidel-2d and cholesky (bench/kernels)
# built as `make bench` builds them (O3, graphite, gccpoly), side by side
# with the best rewrites by hand found for them (bench/extra/atax-by-hand.c,
# durbin-by-hand.c, seidel-by-hand.c, cholesky-by-hand.c):
#   atax-hand      row blocks: tmp sums shared per block, y by columns
#   atax-jam2, -jam4  no threads: the i loop unrolled-and-jammed, 2 or 4 rows
#   durbin-threads the z and copy loops in one region per k, from k >= T
#   durbin-region  one region around the k loop, z and copy shared from k >= T
#   durbin-rotated no threads: the next sum fused with the copy loop
#   durbin-fused   no threads: the next sum inside the z loop
#   seidel-diagonals  no threads: each time step by the diagonals 2i + j
#   seidel-threads    the same, each diagonal shared by the threads
#   cholesky-rows2, -rows4  no threads: the chains of 2 or 4 rows run at once
#   cholesky-cells2, -cells4  no threads: the chains of 2 or 4 cells of a row
# Each binary runs R times (default 5) at the BENCH sizes, the builds
# taking turns; prints the median wall time of the whole program (s),
# the speed-up over O3 and whether the checksum is O3's.
#   limits.sh [PLUGIN [R [T]]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kdir=$here/../kernels
plugin=$(realpath "${1:-$here/../../build/gccpoly.so}")
runs=${2:-5}
from=${3:-15000}
cc=${PLUGIN_CC:-gcc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
common=(-std=gnu11 -ffp-contract=off -falign-functions=64 -I "$kdir")
par=-ftree-parallelize-loops=2
kernels=(atax durbin seidel-2d cholesky)
for k in "${kernels[@]}"; do
  "$cc" "${common[@]}" -O3 "$kdir/$k.c" -o "$out/$k.O3" -lm
  "$cc" "${common[@]}" -O3 -floop-nest-optimize -floop-parallelize-all $par "$kdir/$k.c" -o "$out/$k.graphite" -lm
  "$cc" "${common[@]}" -O3 -fplugin="$plugin" $par "$kdir/$k.c" -o "$out/$k.gccpoly" -lm
done
"$cc" "${common[@]}" -O3 -fopenmp "$here/atax-by-hand.c" -o "$out/atax.hand" -lm
"$cc" "${common[@]}" -O3 -fopenmp -DJAM=2 "$here/atax-by-hand.c" -o "$out/atax.jam2" -lm
"$cc" "${common[@]}" -O3 -fopenmp -DJAM=4 "$here/atax-by-hand.c" -o "$out/atax.jam4" -lm
"$cc" "${common[@]}" -O3 -fopenmp -DTHREADS_FROM="$from" "$here/durbin-by-hand.c" -o "$out/durbin.threads" -lm
"$cc" "${common[@]}" -O3 -fopenmp -DREGION_FROM="$from" "$here/durbin-by-hand.c" -o "$out/durbin.region" -lm
"$cc" "${common[@]}" -O3 -DROTATED "$here/durbin-by-hand.c" -o "$out/durbin.rotated" -lm
"$cc" "${common[@]}" -O3 -DFUSED "$here/durbin-by-hand.c" -o "$out/durbin.fused" -lm
"$cc" "${common[@]}" -O3 "$here/seidel-by-hand.c" -o "$out/seidel-2d.diagonals" -lm
"$cc" "${common[@]}" -O3 -fopenmp -DTHREADS "$here/seidel-by-hand.c" -o "$out/seidel-2d.threads" -lm
"$cc" "${common[@]}" -O3 -DROWS=2 "$here/cholesky-by-hand.c" -o "$out/cholesky.rows2" -lm
"$cc" "${common[@]}" -O3 -DROWS=4 "$here/cholesky-by-hand.c" -o "$out/cholesky.rows4" -lm
"$cc" "${common[@]}" -O3 -DCELLS=2 "$here/cholesky-by-hand.c" -o "$out/cholesky.cells2" -lm
"$cc" "${common[@]}" -O3 -DCELLS=4 "$here/cholesky-by-hand.c" -o "$out/cholesky.cells4" -lm
declare -A size=([atax]="10000 10000" [durbin]="40000" [seidel-2d]="200 1000" [cholesky]="2000")
declare -A builds=([atax]="O3 graphite gccpoly hand jam2 jam4" [durbin]="O3 graphite gccpoly threads region rotated fused" [seidel-2d]="O3 graphite gccpoly diagonals threads" [cholesky]="O3 graphite gccpoly rows2 rows4 cells2 cells4")
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "limits.sh: median of $runs runs, OMP_NUM_THREADS=2, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "| kernel | build | seconds | speed-up over O3 | checksum = O3's |"
echo "|---|---|---:|---:|---|"
for k in "${kernels[@]}"; do
  read -r -a bs <<<"${builds[$k]}"
  for r in $(seq "$runs"); do
    for i in "${!bs[@]}"; do
      b=${bs[$(( (i + r) % ${#bs[@]} ))]}
      s=$(date +%s.%N)
      # shellcheck disable=SC2086
      OMP_NUM_THREADS=2 "$out/$k.$b" ${size[$k]} >"$out/$k.$b.out.$r"
      echo "$(date +%s.%N) - $s" | bc >>"$out/$k.$b.times"
    done
  done
  base=$(median <"$out/$k.O3.times")
  for b in "${bs[@]}"; do
    t=$(median <"$out/$k.$b.times")
    same=yes
    for r in $(seq "$runs"); do cmp -s "$out/$k.O3.out.1" "$out/$k.$b.out.$r" || same=NO; done
    printf '| %s | %s | %.3f | %.2f | %s |\n' "$k" "$b" "$t" "$(echo "$base / $t" | bc -l)" "$same"
  done
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
