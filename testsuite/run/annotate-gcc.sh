#!/usr/bin/env bash
# annotate-gcc: the GPU-offload annotation (docs/offload.md) on GCC's own
# loop tests, the ones check-gcc extracts (testsuite/work/gcc-tests): the
# annotated copy of every test that gets a construct must build, and where
# the test is a program, run as the plain build does.
#
# For every C file under the extracted graphite, autopar, loop-interchange
# and vect test directories, annotate it with every construct run (no
# minimum work)
#   GCC -O2 -w -I DIR -fplugin=PLUGIN -fplugin-arg-gccpoly-annotate=T.ann.c \
#       -fplugin-arg-gccpoly-offload-min-iterations=1 -c T.c -o /dev/null
# (where that fails, a file whose plain compile GCC -O2 -w -I DIR -c T.c
# fails too does not count)
# and, when T.ann.c has a `#pragma omp target', build it as docs/offload.md
# says
#   GCC -O2 -w -I DIR -fopenmp -foffload=nvptx-none -foffload-options=-lm \
#       -no-pie T.ann.c -lm          (-c for tests that are not programs)
# A test that is a program (a main, and no dg-do compile/assemble/link)
# then runs, plain and annotated (OMP_NUM_THREADS=2, on libgomp's host
# fallback without a GPU; 20 s each), and must give the same exit status
# and output. TSVC's tests (vect/tsvc) are built, not run: their
# constructs inside repeated loops make them slow on the host fallback.
# One PASS:/FAIL: line per test with a construct; files with none, or
# whose plain build fails, do not count. Last line "N passed, N failed";
# exit status 0 only when nothing failed.
#
#   annotate-gcc.sh [--plugin PATH] [--cc GCC] [-j N] [--keep]
#
# Environment: GCCPOLY_GCC_TESTS (the extracted tests, default
# testsuite/work/gcc-tests; check-gcc.sh extracts them), GCCPOLY_ANNOTATE_WORK
# (default testsuite/work/annotate-gcc).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)

if [ "${1:-}" = --worker ]; then
  f=$2
  rel=${f#"$TESTS"/}
  b=$WORK/$(printf '%s' "$rel" | tr '/.' '__')
  inc=(-I"$(dirname "$f")")
  # The plain compile only when the plugin's fails: a file plain GCC
  # cannot compile either does not count.
  if ! timeout 60 "$CC" -O2 -w "${inc[@]}" "-fplugin=$PLUGIN" "-fplugin-arg-gccpoly-annotate=$b.ann.c" \
       -fplugin-arg-gccpoly-offload-min-iterations=1 -c "$f" -o /dev/null 2>"$b.err"; then
    if timeout 60 "$CC" -O2 -w "${inc[@]}" -c "$f" -o /dev/null 2>/dev/null; then
      echo "FAIL: $rel (the plugin build fails: $(grep -m1 -i 'error' "$b.err"))"
    else
      rm -f "$b".*
    fi
    exit 0
  fi
  n=$(grep -c '^ *#pragma omp target' "$b.ann.c")
  if [ "$n" = 0 ]; then
    rm -f "$b.ann.c" "$b.err"
    exit 0
  fi
  # libm on the device: GCC 12's -foffload-options, GCC 11's -foffload=TARGET=OPTIONS.
  offload=(-fopenmp -foffload=nvptx-none -foffload-options=-lm -no-pie)
  [ "$("$CC" -dumpversion | cut -d. -f1)" -ge 12 ] || offload=(-fopenmp -foffload=nvptx-none=-lm -no-pie)
  program=0
  if grep -q 'main *(' "$f" && ! grep -q 'dg-do *\(compile\|assemble\|link\|preprocess\)' "$f"; then
    program=1
  fi
  if [ $program = 0 ]; then
    if timeout 120 "$CC" -O2 -w "${inc[@]}" "${offload[@]}" -c "$b.ann.c" -o /dev/null 2>"$b.err"; then
      echo "PASS: $rel ($n constructs, built)"
      rm -f "$b".*
    else
      echo "FAIL: $rel (the annotated copy does not build: $(grep -m1 -i 'error' "$b.err"))"
    fi
    exit 0
  fi
  timeout 60 "$CC" -O2 -w "${inc[@]}" "$f" -o "$b.plain" -lm 2>/dev/null || exit 0
  if ! timeout 120 "$CC" -O2 -w "${inc[@]}" "${offload[@]}" "$b.ann.c" -o "$b.ann" -lm 2>"$b.err"; then
    echo "FAIL: $rel (the annotated copy does not build: $(grep -m1 -i 'error\|unresolved' "$b.err"))"
    exit 0
  fi
  case $rel in
    */vect/tsvc/*)
      echo "PASS: $rel ($n constructs, built)"
      rm -f "$b".*
      exit 0 ;;
  esac
  timeout 20 "$b.plain" >"$b.out1" 2>/dev/null
  r1=$?
  OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive timeout 20 "$b.ann" >"$b.out2" 2>/dev/null
  r2=$?
  if [ $r1 = $r2 ] && cmp -s "$b.out1" "$b.out2"; then
    echo "PASS: $rel ($n constructs, ran)"
    [ "$KEEP" = 1 ] || rm -f "$b".*
  else
    echo "FAIL: $rel (the annotated copy exits $r2 where the plain build exits $r1, or prints something else)"
  fi
  exit 0
fi

PLUGIN=$top/build/gccpoly.so CC=${PLUGIN_CC:-gcc} JOBS=${GCCPOLY_JOBS:-2} KEEP=0
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) PLUGIN=$2; shift 2 ;;
    --cc) CC=$2; shift 2 ;;
    -j) JOBS=$2; shift 2 ;;
    --keep) KEEP=1; shift ;;
    *) echo "annotate-gcc.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
TESTS=${GCCPOLY_GCC_TESTS:-$top/testsuite/work/gcc-tests}
WORK=${GCCPOLY_ANNOTATE_WORK:-$top/testsuite/work/annotate-gcc}
export PLUGIN CC KEEP TESTS WORK
dirs=()
for d in gcc.dg/graphite gcc.dg/autopar gcc.dg/tree-ssa gcc.dg/vect; do
  [ -d "$TESTS/src/gcc/testsuite/$d" ] && dirs+=("$TESTS/src/gcc/testsuite/$d")
done
if [ ${#dirs[@]} = 0 ]; then
  echo "annotate-gcc: no extracted tests in $TESTS (testsuite/gcc/check-gcc.sh extracts them)"
  echo "0 passed, 1 failed"
  exit 1
fi
rm -rf "$WORK"
mkdir -p "$WORK"
start=$EPOCHREALTIME
find "${dirs[@]}" -name '*.c' | LC_ALL=C sort >"$WORK/files"
xargs -P "$JOBS" -n 1 "$0" --worker <"$WORK/files" | tee "$WORK/results"
pass=$(grep -c '^PASS:' "$WORK/results")
fail=$(grep -c '^FAIL:' "$WORK/results")
end=$EPOCHREALTIME
echo "annotate-gcc: $(wc -l <"$WORK/files") files, $((pass + fail)) with constructs; wall time $(( (${end/./} - ${start/./}) / 1000000 )) s"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
