#!/usr/bin/env bash
# gpu.sh: the kernel suite offloaded to a GPU (docs/offload.md), its output
# and its run time against the host's -O3, in two steps:
#
#   bench/gpu.sh build [--plugin PATH] [--cc GCC] [--out DIR] [NAME...]
#       here, with gcc-12-offload-nvptx: for every kernel of
#       bench/kernels/kernels.list (or the NAMEs) builds into DIR (default
#       bench/out/gpu)
#         NAME.O3    gcc -std=gnu11 -ffp-contract=off -O3 NAME.c -lm
#         NAME.gpu   the annotated copy (-fplugin-arg-gccpoly-annotate at -O2,
#                    the default minimum work per construct), built with
#                    -O3 -fopenmp -foffload=nvptx-none
#         NAME.gpu1  the same with offload-min-iterations=1: every written
#                    construct runs, for the comparison of outputs
#         NAME.mini.ref, NAME.small.ref  NAME.O3 --print at MINI and SMALL
#       and copies GCC's libgomp and its nvptx plugin into DIR/lib, so that
#       DIR runs on a machine with an NVIDIA driver and no GCC.
#   DIR/gpu.sh run [-r R] [--deadline S] [--outputs-only | --times-only] [--builds LIST] [NAME...]
#       there: prints the GPU, a probe's answer (a target region that asks
#       omp_is_initial_device, and the time of the first one), then
#       - per kernel, NAME.gpu1's --print output at MINI and SMALL against
#         the references (PASS only when byte-identical), with the number of
#         kernel launches libgomp's debug output shows at MINI;
#       - per kernel, R rounds (default 3) of NAME.O3, NAME.gpu and
#         NAME.gpu1 at the BENCH sizes, side by side, wall time of the whole
#         program (start, initialization, kernel, checksum), and whether the
#         checksums agree with NAME.O3's.
#       Timing stops when S seconds (default 400) have passed since the
#       start; each run has a timeout of 60 s (30 s at the BENCH sizes).
#       --outputs-only and --times-only do one part; --builds times only
#       the builds of LIST (comma-separated, default O3,gpu,gpu1, O3 first
#       for the checksums); NAMEs limit both to
#       those kernels. libgomp's GOMP_NVPTX_JIT (the CUDA JIT's -O level)
#       passes through. Output: the lines on stdout,
#       and with $OUT set, $OUT/gpu-runs.tsv (one line per run).
set -uo pipefail

cmd=${1:-}
shift || true

if [ "$cmd" = build ]; then
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  top=$(cd "$here/.." && pwd)
  kdir=$top/bench/kernels
  plugin=$top/build/gccpoly.so cc=${PLUGIN_CC:-gcc} out=$top/bench/out/gpu
  names=()
  while [ $# -gt 0 ]; do
    case $1 in
      --plugin) plugin=$2; shift 2 ;;
      --cc) cc=$2; shift 2 ;;
      --out) out=$2; shift 2 ;;
      -*) echo "gpu.sh build: unknown option $1" >&2; exit 2 ;;
      *) names+=("$1"); shift ;;
    esac
  done
  [ -f "$plugin" ] || { echo "gpu.sh build: no plugin at $plugin (make plugin)" >&2; exit 1; }
  mkdir -p "$out/lib"
  base=(-std=gnu11 -ffp-contract=off -I"$kdir")
  offload=(-O3 -fopenmp -foffload=nvptx-none -foffload-options=-lm -no-pie)
  # The probe: where a target region runs, and what the first one costs.
  cat >"$out/probe.c" <<'EOF'
#include <omp.h>
#include <stdio.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void)
{
    int initial = -1;
    double t0 = now();
    #pragma omp target map(from: initial)
    initial = omp_is_initial_device();
    double t1 = now();
    #pragma omp target map(from: initial)
    initial = omp_is_initial_device();
    double t2 = now();
    printf("devices %d; target region ran on the %s; first region %.3f s, second %.6f s\n",
           omp_get_num_devices(), initial ? "host" : "device", t1 - t0, t2 - t1);
    return initial != 0;
}
EOF
  "$cc" "${offload[@]}" "$out/probe.c" -o "$out/probe" || exit 1
  for so in libgomp.so.1 libgomp-plugin-nvptx.so.1; do
    f=$("$cc" -print-file-name="$so")
    [ -f "$f" ] || f=$(ldconfig -p | awk -v n="$so" '$1 == n { print $NF; exit }')
    [ -f "$f" ] || { echo "gpu.sh build: no $so (apt-get install libgomp-plugin-nvptx1)" >&2; exit 1; }
    cp -L "$f" "$out/lib/$so"
  done
  cp "${BASH_SOURCE[0]}" "$out/gpu.sh"
  : >"$out/kernels.txt"
  while read -r name mini small bench _; do
    case $name in ''|'#'*) continue ;; esac
    if [ ${#names[@]} -gt 0 ] && ! printf '%s\n' "${names[@]}" | grep -qx "$name"; then continue; fi
    src=$kdir/$name.c
    echo "build $name"
    "$cc" "${base[@]}" -O3 "$src" -o "$out/$name.O3" -lm || exit 1
    "$out/$name.O3" --print ${mini//,/ } >"$out/$name.mini.ref" || exit 1
    "$out/$name.O3" --print ${small//,/ } >"$out/$name.small.ref" || exit 1
    for v in gpu gpu1; do
      min=()
      [ $v = gpu1 ] && min=(-fplugin-arg-gccpoly-offload-min-iterations=1)
      "$cc" "${base[@]}" -O2 "-fplugin=$plugin" "-fplugin-arg-gccpoly-annotate=$out/$name.$v.c" \
        "${min[@]}" -c "$src" -o /dev/null || exit 1
      "$cc" "${base[@]}" "${offload[@]}" "$out/$name.$v.c" -o "$out/$name.$v" -lm || exit 1
    done
    echo "$name $mini $small $bench $(grep -c '^ *#pragma omp target' "$out/$name.gpu.c") $(grep -c '^ *#pragma omp target' "$out/$name.gpu1.c")" >>"$out/kernels.txt"
  done <"$kdir/kernels.list"
  echo "built $(wc -l <"$out/kernels.txt") kernels into $out"
  exit 0
fi

if [ "$cmd" != run ]; then
  echo "usage: gpu.sh build [--plugin PATH] [--cc GCC] [--out DIR] [NAME...] | DIR/gpu.sh run [-r R] [--deadline S]" >&2
  exit 2
fi

dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rounds=3 deadline=400 outputs=1 times=1 builds="O3 gpu gpu1"
only=()
while [ $# -gt 0 ]; do
  case $1 in
    -r) rounds=$2; shift 2 ;;
    --deadline) deadline=$2; shift 2 ;;
    --outputs-only) times=0; shift ;;
    --times-only) outputs=0; shift ;;
    --builds) builds=${2//,/ }; shift 2 ;;
    -*) echo "gpu.sh run: unknown argument $1" >&2; exit 2 ;;
    *) only+=("$1"); shift ;;
  esac
done
kernels() {  # kernels.txt, or its lines of the NAMEs given
  if [ ${#only[@]} = 0 ]; then cat "$dir/kernels.txt"
  else grep -E "^($(IFS='|'; echo "${only[*]}")) " "$dir/kernels.txt"; fi
}
export LD_LIBRARY_PATH=$dir/lib:/usr/local/nvidia/lib64:/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMP_TARGET_OFFLOAD=MANDATORY
start=$EPOCHREALTIME
tsv=${OUT:-/tmp}/gpu-runs.tsv
printf 'kernel\tbuild\tround\tseconds\tstatus\tchecksum\n' >"$tsv"
us() { local t=${1/./}; echo $(( 10#$t )); }   # EPOCHREALTIME in microseconds

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -2
nproc
"$dir/probe"
echo "probe exit status $?"

if [ $outputs = 1 ]; then
echo "== outputs at MINI and SMALL (gpu1: every construct runs)${GOMP_NVPTX_JIT:+, GOMP_NVPTX_JIT=$GOMP_NVPTX_JIT}"
pass=0 fail=0 failed=()
while read -r name mini small bench nc nc1; do
  GOMP_DEBUG=1 timeout 60 "$dir/$name.gpu1" ${mini//,/ } >/dev/null 2>"/tmp/$name.gomp-debug"
  launches=$(grep -c ': launch \[' "/tmp/$name.gomp-debug")
  [ -n "${OUT:-}" ] && [ "$name" = gemm ] && head -c 20000 "/tmp/$name.gomp-debug" >"$OUT/gomp-debug-gemm.txt"
  for s in mini small; do
    sz=$mini; [ $s = small ] && sz=$small
    timeout 60 "$dir/$name.gpu1" --print ${sz//,/ } >"/tmp/$name.$s.out" 2>"/tmp/$name.$s.err"
    rc=$?
    if [ $rc = 0 ] && cmp -s "/tmp/$name.$s.out" "$dir/$name.$s.ref"; then
      echo "PASS: $name $s ($nc1 constructs, $launches launches at MINI)"; pass=$((pass + 1))
    else
      echo "FAIL: $name $s (exit $rc; $(cmp "/tmp/$name.$s.out" "$dir/$name.$s.ref" 2>&1 | head -1); $(head -c 200 "/tmp/$name.$s.err"))"
      fail=$((fail + 1)); failed+=("$name.$s.out" "$name.$s.err")
    fi
  done
done < <(kernels)
echo "outputs: $pass passed, $fail failed"
[ -n "${OUT:-}" ] && [ $fail -gt 0 ] && tar -C /tmp -czf "$OUT/failed-outputs.tgz" "${failed[@]}"
fi
[ $times = 1 ] || exit 0

echo "== run time at the BENCH sizes, $rounds rounds"
for ((r = 1; r <= rounds; r++)); do
  while read -r name mini small bench nc nc1; do
    if [ $(( ($(us $EPOCHREALTIME) - $(us $start)) / 1000000 )) -ge "$deadline" ]; then
      echo "deadline: $deadline s passed; timing stopped in round $r at $name"
      break 2
    fi
    line="$name r$r"
    for b in $builds; do
      t0=$EPOCHREALTIME
      sum=$(timeout 30 "$dir/$name.$b" ${bench//,/ } 2>/dev/null | head -1)
      rc=$?
      t1=$EPOCHREALTIME
      secs=$(awk -v a="$(us "$t0")" -v b="$(us "$t1")" 'BEGIN { printf "%.3f", (b - a) / 1e6 }')
      printf '%s\t%s\t%d\t%s\t%d\t%s\n' "$name" "$b" "$r" "$secs" "$rc" "$sum" >>"$tsv"
      line="$line $b=$secs"
      if [ $b = O3 ]; then ref=$sum
      elif [ $rc != 0 ]; then line="$line (exit $rc)"
      elif [ "$sum" != "$ref" ]; then line="$line (checksum DIFFERS: $sum)"
      fi
    done
    echo "$line"
  done < <(kernels)
done
echo "done in $(( ($(us $EPOCHREALTIME) - $(us $start)) / 1000000 )) s"
