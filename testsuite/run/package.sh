#!/bin/bash
# package: the Debian package, built, installed and removed as a user would.
# Builds gccpoly-gcc-N with scripts/make-deb.sh (lintian errors fail it),
# installs it with dpkg, checks that it put both shared objects in the GCC's
# plugin directory and that `CC -fplugin=gccpoly` (by name, as the package's
# users write it) loads it, runs the DejaGnu testsuite against the
# installed plugin, then purges the package and checks that nothing of it
# is left. Needs root or sudo (dpkg); a plugin already in the plugin
# directory (make install, or the package installed before) is left alone
# and the part skipped, saying so. Ends "N passed, N failed".
#
#   package.sh [--cc GCC]
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cc=gcc
while [ $# -gt 0 ]; do
  case $1 in
    --cc) cc=$2; shift 2 ;;
    *) echo "package.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
work=${GCCPOLY_PACKAGE_WORK:-$top/testsuite/work/package}
rm -rf "$work"
mkdir -p "$work"
major=$("$cc" -dumpversion | cut -d. -f1)
name=gccpoly-gcc-$major
dir=$("$cc" -print-file-name=plugin)
passed=0
failed=0
ok() { echo "PASS: package: $1"; passed=$((passed + 1)); }
bad() { echo "FAIL: package: $1"; failed=$((failed + 1)); }
finish() { echo "$passed passed, $failed failed"; exit 0; }

sudo=
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
    bad "installing the package needs root or sudo"
    finish
  fi
fi
if dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q 'ok installed' ||
   [ -e "$dir/gccpoly.so" ] || [ -e "$dir/gccpoly-core.so" ]; then
  echo "SKIP: package: $name or a gccpoly plugin is installed in $dir already; not replaced"
  finish
fi

if PLUGIN_CC=$cc "$top/scripts/make-deb.sh" "$work" >"$work/make-deb.log" 2>&1; then
  ok "make deb built $name, lintian reports no error"
else
  tail -n 20 "$work/make-deb.log"
  bad "make deb failed (log: $work/make-deb.log)"
  finish
fi
deb=$(ls "$work"/"$name"_*.deb)
if $sudo dpkg -i "$deb" >"$work/dpkg-install.log" 2>&1; then
  ok "dpkg -i $(basename "$deb")"
else
  cat "$work/dpkg-install.log"
  bad "dpkg -i $(basename "$deb") failed"
  finish
fi

if [ -f "$dir/gccpoly.so" ] && [ -f "$dir/gccpoly-core.so" ] &&
   dpkg -L "$name" | grep -qx "$dir/gccpoly.so"; then
  ok "$name owns $dir/gccpoly.so and gccpoly-core.so"
else
  bad "$name did not install both shared objects in $dir"
fi
said=$("$cc" -fplugin=gccpoly -fplugin-arg-gccpoly-version -E -x c /dev/null -o /dev/null 2>&1)
if [[ $said == "gccpoly "*"built for GCC $("$cc" -dumpfullversion)"* ]]; then
  ok "$cc -fplugin=gccpoly loads the installed plugin: $said"
else
  bad "$cc -fplugin=gccpoly: $said"
fi
if man -w gccpoly 2>/dev/null | grep -q "man7/gccpoly.7"; then
  ok "man 7 gccpoly is installed"
else
  bad "man 7 gccpoly is not installed"
fi

# The testsuite against the installed plugin, not the build tree's.
dg=$work/dejagnu
mkdir -p "$dg"
(cd "$dg" && runtest --tool gccpoly --srcdir "$top" GCCPOLY_CC="$cc" GCCPOLY_PLUGIN="$dir/gccpoly.so" \
   ${RUNTESTFLAGS:-} >runtest.out 2>&1)
sum=$dg/gccpoly.sum
if [ -f "$sum" ]; then
  count() { n=$(sed -n "s/^# of $1[[:space:]]*\([0-9]*\)$/\1/p" "$sum" | head -n1); echo "${n:-0}"; }
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR):' "$sum"
  passed=$((passed + $(count 'expected passes')))
  failed=$((failed + $(count 'unexpected failures') + $(count 'unexpected successes') \
    + $(count 'unresolved testcases') + $(grep -c '^ERROR:' "$sum")))
  echo "DejaGnu against the installed plugin: $(count 'expected passes') expected passes (details: $sum)"
else
  bad "runtest against the installed plugin wrote no summary"
fi

if $sudo dpkg --purge "$name" >"$work/dpkg-purge.log" 2>&1; then
  ok "dpkg --purge $name"
else
  cat "$work/dpkg-purge.log"
  bad "dpkg --purge $name failed"
fi
left=$(ls -d "$dir"/gccpoly* /usr/share/doc/"$name" /usr/share/man/man7/gccpoly.7* 2>/dev/null)
if [ -z "$left" ] && ! dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q 'installed'; then
  ok "nothing of $name is left after the purge"
else
  bad "left after the purge: ${left:-its dpkg status says installed}"
fi
finish
