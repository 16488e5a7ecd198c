#!/bin/bash
# other-gcc: the plugin built for the other GCC major it supports (11 for
# 12, 12 for 11; plugin/shim/gcc-compat.h), so that the port does not rot
# between the runs of make check PLUGIN_CC=gcc-11: `make plugin
# PLUGIN_CC=OTHER` builds it (into build/OTHER), the first compiler refuses
# it naming both versions (the other direction is the DejaGnu test
# gccpoly.misc/version-refusal), and the kernels built by OTHER with it at
# -ftree-parallelize-loops=4 print what OTHER's plain build prints at 1, 2
# and 4 threads (testsuite/run/kernels-threads.sh). Ends "N passed, N
# failed".
#
#   other-gcc.sh --cc GCC --other OTHER-GCC
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cc=gcc
other=
while [ $# -gt 0 ]; do
  case $1 in
    --cc) cc=$2; shift 2 ;;
    --other) other=$2; shift 2 ;;
    *) echo "other-gcc.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
work=${GCCPOLY_OTHER_GCC_WORK:-$top/testsuite/work/other-gcc}
rm -rf "$work"
mkdir -p "$work"
passed=0
failed=0
finish() { echo "$passed passed, $failed failed"; exit 0; }

if ! command -v "$other" >/dev/null || [ ! -f "$("$other" -print-file-name=plugin)/include/plugin-version.h" ]; then
  echo "FAIL: other-gcc: $other or its plugin headers are missing: run scripts/install-deps.sh check"
  failed=1
  finish
fi
if make -C "$top" --no-print-directory plugin PLUGIN_CC="$other" >"$work/build.log" 2>&1; then
  echo "PASS: other-gcc: make plugin PLUGIN_CC=$other"
  passed=$((passed + 1))
else
  tail -n 30 "$work/build.log"
  echo "FAIL: other-gcc: make plugin PLUGIN_CC=$other failed (log: $work/build.log)"
  failed=$((failed + 1))
  finish
fi
plugin=$top/$(make -C "$top" --no-print-directory -s print-build PLUGIN_CC="$other")/gccpoly.so

printf 'int f (int x) { return x; }\n' >"$work/refusal.c"
said=$("$cc" -O2 -fplugin="$plugin" -c "$work/refusal.c" -o "$work/refusal.o" 2>&1)
status=$?
want="built for GCC $("$other" -dumpfullversion) .*loaded into GCC $("$cc" -dumpfullversion)"
if [ $status != 0 ] && [[ $said =~ $want ]] && [[ $said != *"internal compiler error"* ]]; then
  echo "PASS: other-gcc: $cc refuses the plugin built for $other, naming both versions"
  passed=$((passed + 1))
else
  echo "FAIL: other-gcc: $cc given the plugin built for $other (status $status): $said"
  failed=$((failed + 1))
fi

GCCPOLY_KERNELS_WORK=$work/kernels "$here/kernels-threads.sh" --plugin "$plugin" --cc "$other" >"$work/kernels.log" 2>&1
grep -E '^(FAIL|ICE|NEW RUN FAILURE)' "$work/kernels.log"
read -r p f < <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$work/kernels.log" | tail -n1)
if [ -z "${p:-}" ]; then
  echo "FAIL: other-gcc: the kernels built by $other did not finish (log: $work/kernels.log)"
  failed=$((failed + 1))
else
  echo "kernels built by $other with its plugin: $p passed, $f failed (log: $work/kernels.log)"
  passed=$((passed + p)); failed=$((failed + f))
fi
finish
