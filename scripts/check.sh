#!/usr/bin/env bash
# make check: the unit tests (cargo test), the DejaGnu testsuite, check-gcc
# (GCC's own loop tests, libgomp's C tests and GCC's torture tests with the
# plugin loaded, at their own options and again at -O3
# -ftree-parallelize-loops=2 -fchecking, the torture tests with
# -fcompare-debug added; the torture tests once more with -fwrapv and, on
# x86-64, once at -m32, these three times the tests in which the plugin
# found a loop; each test built with the plugin, and plain too where the
# plugin build shows anything to compare), the kernels built with
# -ftree-parallelize-loops=4 run at 1, 2 and 4 threads (and again at -O3
# with -ffast-math, each number within a relative 1e-9, or 1e-9 times the
# largest number printed), the kernels' GPU
# offload annotated copies built with -foffload=nvptx-none and run the same
# way (on the host fallback without a GPU), GCC's loop tests annotated the
# same way (built, and the programs run as their plain builds), Csmith
# programs built with -ftree-parallelize-loops=2, random reduction loops and
# random triangular nests (wavefronts), random nests parallel around one
# iteration (index-set splits), random nests updating cells in memory and
# random nests GCC splits on a condition of their counter, the kernels and
# every family of random programs again at -march=native (where GCC fuses
# multiply-adds), the plugin built for the other GCC major (11 or 12) with
# the kernels built by that GCC, the Debian package built, installed, the
# DejaGnu testsuite run against it and purged, with one closing line "N passed, N failed" over all of
# them.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
plugin=$(cd "$(dirname "${1:-$top/build/gccpoly.so}")" && pwd)/$(basename "${1:-gccpoly.so}")
cc=${PLUGIN_CC:-gcc}
work=$top/testsuite/work
mkdir -p "$work"

passed=0
failed=0
# Every part's failure lines, listed again just before the closing line so
# that the end of the output names what failed.
failures=$work/failures.txt
: >"$failures"
problems='^(FAIL|XPASS|UNRESOLVED|ERROR):|^(ICE|NEW FAILURE|NEW DIAGNOSTIC|MISSING REPORT|BAD REPORT|NEW RUN FAILURE|NO VERDICT) '

echo "== cargo test (poly)"
unit_log=$work/cargo-test.log
(cd "$top" && cargo test --release -p poly 2>&1) | tee "$unit_log"
unit_status=${PIPESTATUS[0]}
while read -r p f; do
  passed=$((passed + p)); failed=$((failed + f))
done < <(sed -n 's/^test result: .*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' "$unit_log")
if [ "$unit_status" != 0 ] && ! grep -q "^test result: FAILED" "$unit_log"; then
  echo "cargo test did not run (status $unit_status)"
  failed=$((failed + 1))
fi

echo "== DejaGnu testsuite"
t0=$SECONDS
rm -f "$work"/gccpoly.sum "$work"/gccpoly.log
(cd "$work" && runtest --tool gccpoly --srcdir "$top" \
   GCCPOLY_CC="$cc" GCCPOLY_PLUGIN="$plugin" ${RUNTESTFLAGS:-})
sum=$work/gccpoly.sum
if [ ! -f "$sum" ]; then
  echo "runtest wrote no summary"
  failed=$((failed + 1))
else
  count() { sed -n "s/^# of $1[[:space:]]*\([0-9]*\)$/\1/p" "$sum" | head -n1; }
  dg_pass=$(( $(count 'expected passes' || true) + 0 ))
  dg_fail=0
  for what in 'unexpected failures' 'unexpected successes' 'unresolved testcases'; do
    n=$(count "$what"); dg_fail=$((dg_fail + ${n:-0}))
  done
  # Errors of the harness itself (a broken .exp) count as failures too.
  errors=$(grep -c '^ERROR:' "$sum" || true)
  dg_fail=$((dg_fail + errors))
  passed=$((passed + dg_pass)); failed=$((failed + dg_fail))
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR):' "$sum" | tee -a "$failures" || true
  echo "DejaGnu: $dg_pass passed, $dg_fail failed (details: $sum, ${sum%.sum}.log)"
fi
echo "($((SECONDS - t0)) s)"

echo "== check-gcc: GCC's own graphite, autopar, loop-interchange, vect, libgomp and torture tests"
gcc_log=$work/check-gcc.log
# Its reports tell the later torture passes which tests have a loop.
first_pass=$work/gcc-check
t0=$SECONDS
GCCPOLY_GCC_CHECK_WORK=$first_pass "$top/testsuite/gcc/check-gcc.sh" --plugin "$plugin" --cc "$cc" 2>&1 | tee "$gcc_log" |
  grep -E "$problems" | tee -a "$failures"
sed -n '/^== check-gcc summary/,$p' "$gcc_log"
read -r gp gf < <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$gcc_log" | tail -n1)
if [ -z "${gp:-}" ]; then
  echo "check-gcc did not finish"
  failed=$((failed + 1))
else
  passed=$((passed + gp)); failed=$((failed + gf))
fi
echo "($((SECONDS - t0)) s)"

# run_part TITLE LOG SCRIPT ARGS...: one more part that ends with
# "N passed, N failed" (as check-gcc does); its FAIL: and SKIP: lines (and
# check-gcc's problem lines, which name the test) and its last two lines are
# shown, its counts added; a part that does not get to that line counts as
# one failure.
run_part() {
  local title=$1 log=$2 p f t0=$SECONDS; shift 2
  echo "== $title"
  "$@" 2>&1 | tee "$log" | grep -E "$problems|^SKIP:"
  grep -E "$problems" "$log" >>"$failures"
  tail -n 2 "$log"
  echo "($((SECONDS - t0)) s)"
  read -r p f < <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log" | tail -n1)
  if [ -z "${p:-}" ]; then
    echo "$(basename "$1") did not finish (log: $log)"
    failed=$((failed + 1))
  else
    passed=$((passed + p)); failed=$((failed + f))
  fi
}

# GCC's tests once more at -O3 with threads, where the plugin also
# interchanges loops and GCC's own interchange runs before it; vect tests
# without a dg-do run too.  The torture tests get these options in the
# next pass, with -fcompare-debug added.
run_part "check-gcc at -O3 -ftree-parallelize-loops=2 -fchecking (all but the torture tests)" "$work/check-gcc-o3.log" \
  env GCCPOLY_GCC_CHECK_WORK="$top/testsuite/work/gcc-check-o3" \
  "$top/testsuite/gcc/check-gcc.sh" --plugin "$plugin" --cc "$cc" --vect-run \
  --only graphite,autopar,loop-interchange,vect,libgomp \
  --add-flags "-O3 -ftree-parallelize-loops=2 -fchecking"
# The torture tests' later passes take only the tests in which the first
# pass's report lists a loop, and those with no report (1,499 of 4,426):
# the others give the plugin nothing to do at any options; they ran with
# it there.
# GCC's torture tests a second time, at -O3 with threads and -fchecking,
# each compiled with and without -g and the code compared
# (-fcompare-debug; the binary that runs is the one without -g): debug
# statements the plugin's regions could not take crashed the compiler at
# -g (pr104814.c, and fold-bopcond-1.c through gcc.target/i386/pr94283.c),
# and -g must not change the code.
run_part "check-gcc's torture tests at -O3 -ftree-parallelize-loops=2 -fchecking -fcompare-debug" "$work/check-gcc-debug.log" \
  env GCCPOLY_GCC_CHECK_WORK="$top/testsuite/work/gcc-check-debug" \
  "$top/testsuite/gcc/check-gcc.sh" --plugin "$plugin" --cc "$cc" --only torture --loops-from "$first_pass" \
  --add-flags "-O3 -ftree-parallelize-loops=2 -fchecking -fcompare-debug"
# And a third time with -fwrapv: signed overflow defined, so that GCC reads
# other facts from the plugin's run-time tests (in the copy run where a
# test failed, VRP found a constant count and warned of undefined behaviour
# plain GCC did not see: pr47744-1.c).
run_part "check-gcc's torture tests at -O2 -fwrapv -ftree-parallelize-loops=2" "$work/check-gcc-wrapv.log" \
  env GCCPOLY_GCC_CHECK_WORK="$top/testsuite/work/gcc-check-wrapv" \
  "$top/testsuite/gcc/check-gcc.sh" --plugin "$plugin" --cc "$cc" --only torture --loops-from "$first_pass" \
  --add-flags "-O2 -fwrapv -ftree-parallelize-loops=2"
# On x86-64, a fourth time at -m32, where the target has no 128-bit
# arithmetic for the run-time tests (they stopped GCC at expansion: 24
# tests).  The 32-bit libraries come with scripts/install-deps.sh check;
# without them the pass counts as one failure rather than testing nothing.
case $("$cc" -dumpmachine) in
  x86_64-*)
    m32_probe=$work/m32-probe
    if printf 'int main (void) { return 0; }\n' | "$cc" -m32 -x c - -o "$m32_probe" 2>/dev/null \
       && "$m32_probe"; then
      run_part "check-gcc's torture tests at -m32 -O3 -ftree-parallelize-loops=2 -fchecking" "$work/check-gcc-m32.log" \
        env GCCPOLY_GCC_CHECK_WORK="$top/testsuite/work/gcc-check-m32" \
        "$top/testsuite/gcc/check-gcc.sh" --plugin "$plugin" --cc "$cc" --only torture --loops-from "$first_pass" \
        --add-flags "-m32 -O3 -ftree-parallelize-loops=2 -fchecking"
      # The kernels at -m32 too: x87 arithmetic rounded where C says
      # (-fexcess-precision=standard; with GNU C's default, fast, a value
      # kept in an 80-bit register or stored as a double depends on the
      # schedule: seidel-2d run by diagonals then prints other digits), and
      # SSE arithmetic with -ftrapv.
      run_part "kernels at -m32, at 1, 2 and 4 threads" "$work/kernels-m32.log" \
        env GCCPOLY_KERNELS_WORK="$top/testsuite/work/kernels-m32" \
        "$top/testsuite/run/kernels-threads.sh" --plugin "$plugin" --cc "$cc" \
        --options "-m32 -O3 -fexcess-precision=standard" --options "-m32 -O2 -msse2 -mfpmath=sse -ftrapv"
    else
      echo "FAIL: $cc -m32 cannot build and run a program: run scripts/install-deps.sh check" | tee -a "$failures"
      failed=$((failed + 1))
    fi ;;
esac
run_part "kernels at 1, 2 and 4 threads" "$work/kernels-threads.log" \
  "$top/testsuite/run/kernels-threads.sh" --plugin "$plugin" --cc "$cc"
# The plugin for the other GCC major the shim builds against, so that the
# port stays whole: built, refused by this GCC, and its kernels run as
# that GCC's plain build at 1, 2 and 4 threads.
case $("$cc" -dumpversion | cut -d. -f1) in 11) other_gcc=gcc-12 ;; *) other_gcc=gcc-11 ;; esac
run_part "the plugin built for $other_gcc: refused by $cc, its kernels at 1, 2 and 4 threads" "$work/other-gcc.log" \
  "$top/testsuite/run/other-gcc.sh" --cc "$cc" --other "$other_gcc"
run_part "kernels with -ffast-math at 1, 2 and 4 threads, within 1e-9" "$work/kernels-fast-math.log" \
  "$top/testsuite/run/kernels-threads.sh" --fast-math --plugin "$plugin" --cc "$cc"
# Options that change the GIMPLE the plugin gets: no PRE at -O1, -Os's
# sizes, traps on signed overflow (an internal compiler error once),
# wrapping, PHIs the dominator optimizations would have removed (a row
# pointer under a name a scalar shares: a miscompile once), exceptions from
# any instruction, instrumented loops, and the pass in lto1 at an -flto
# link, each function its own partition.
run_part "kernels at other options, at 1, 2 and 4 threads" "$work/kernels-options.log" \
  "$top/testsuite/run/kernels-threads.sh" --plugin "$plugin" --cc "$cc" \
  --options -O1 --options -Os --options "-O2 -ftrapv" --options "-O3 -ftrapv" \
  --options "-O2 -fwrapv" --options "-O2 -fno-tree-pre" \
  --options "-O2 -fno-tree-dominator-opts" \
  --options "-O3 -fnon-call-exceptions" \
  --options "-O2 -fsanitize=undefined -fno-sanitize-recover" \
  --options "-O3 -flto -flto-partition=max"
# At -march=native, as HPC users build: on this processor GCC fuses
# multiplications with additions (FMA, at the default -ffp-contract=fast;
# the other runs are at the generic target or -ffp-contract=off, where it
# fuses none), and the plugin's rewrites must leave it fusing the same
# ones (docs/codegen.md, Fused multiply-adds): the kernels bit for bit at
# -O3 and -O2, and each family of random programs (seeds of their own).
# Skipped, with a message, where -march=native gives no FMA.
fma_probe='#if !defined __FMA__ && !defined __ARM_FEATURE_FMA\n#error no FMA\n#endif\n'
if printf "$fma_probe" | "$cc" -march=native -E -x c - -o /dev/null 2>/dev/null; then
  run_part "kernels at -march=native (fused multiply-adds), at 1, 2 and 4 threads" "$work/kernels-native.log" \
    env GCCPOLY_KERNELS_WORK="$top/testsuite/work/kernels-native" \
    "$top/testsuite/run/kernels-threads.sh" --plugin "$plugin" --cc "$cc" \
    --options "-O3 -march=native -ffp-contract=fast" --options "-O2 -march=native -ffp-contract=fast"
  for family in reduction wavefront split cells guards skew jam shift rows; do
    run_part "random $family programs at -march=native (fused multiply-adds)" "$work/$family-native.log" \
      env GCCPOLY_REDUCTIONS_WORK="$top/testsuite/work/$family-native" \
      "$top/testsuite/run/reductions-random.sh" --programs "$family" --add-flags -march=native \
      --count 20 --seed-base 41 --plugin "$plugin" --cc "$cc"
  done
else
  echo "SKIP: -march=native gives $cc no fused multiply-add on this processor: the kernels and random programs at -march=native are not run"
fi
run_part "kernels annotated for GPU offload, on the host fallback" "$work/kernels-offload.log" \
  "$top/testsuite/run/kernels-threads.sh" --offload --plugin "$plugin" --cc "$cc"
run_part "GCC's loop tests annotated for GPU offload: built, and run as the plain build" "$work/annotate-gcc.log" \
  "$top/testsuite/run/annotate-gcc.sh" --plugin "$plugin" --cc "$cc"
run_part "csmith" "$work/csmith.log" \
  "$top/testsuite/run/csmith.sh" --plugin "$plugin" --cc "$cc"
run_part "random reduction loops" "$work/reductions-random.log" \
  "$top/testsuite/run/reductions-random.sh" --plugin "$plugin" --cc "$cc"
run_part "random triangular nests (wavefronts) at 2 and 4 threads" "$work/wavefront-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs wavefront --plugin "$plugin" --cc "$cc"
run_part "random nests parallel around one iteration (index-set splits) at 2 and 4 threads" "$work/split-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs split --plugin "$plugin" --cc "$cc"
run_part "random nests updating cells in memory through pointers that may overlap, at 2 and 4 threads" "$work/cells-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs cells --plugin "$plugin" --cc "$cc"
run_part "random nests GCC splits on a condition of their counter, at 2 and 4 threads" "$work/guards-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs guards --plugin "$plugin" --cc "$cc"
run_part "random loops around rows whose length is read from memory (CSR, jagged), at 2 and 4 threads" "$work/rows-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs rows --plugin "$plugin" --cc "$cc"
run_part "random stencils swept in place (pairs run by diagonals), at -O3 with 2 and 4 threads and without" "$work/skew-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs skew --plugin "$plugin" --cc "$cc"
run_part "random loops around inner loops that carry chains (unroll-and-jam), at -O3 with 2 and 4 threads and without" "$work/jam-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs jam --plugin "$plugin" --cc "$cc"
run_part "a large generated solver file: compile time within a bound of the plain build's, and its runs at 1, 2 and 4 threads" "$work/large-file.log" \
  "$top/testsuite/run/large-file.sh" --plugin "$plugin" --cc "$cc"
run_part "the same object from each of four builds of the files the rewrites change" "$work/same-object.log" \
  "$top/testsuite/run/same-object.sh" --plugin "$plugin" --cc "$cc"
run_part "random loops whose first inner loop carries a chain (shift and fusion), at -O3 with 2 and 4 threads and without" "$work/shift-random.log" \
  "$top/testsuite/run/reductions-random.sh" --programs shift --plugin "$plugin" --cc "$cc"

# The Debian package (make deb), installed with dpkg, the DejaGnu
# testsuite run against the installed plugin, then purged.
run_part "the Debian package: built (lintian), installed, the DejaGnu testsuite against it, purged" "$work/package.log" \
  "$top/testsuite/run/package.sh" --cc "$cc"

if [ -s "$failures" ]; then
  echo "== what failed (also in $failures)"
  cat "$failures"
fi
echo "the tests took $((SECONDS / 60)) min $((SECONDS % 60)) s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
