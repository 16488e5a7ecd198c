#!/usr/bin/env bash
# make deb: the Debian package of the plugin for the GCC that PLUGIN_CC
# names (default gcc), gccpoly-gcc-N_VERSION_ARCH.deb, in OUT (default
# build/deb), checked by lintian (an error fails).
#
#   scripts/make-deb.sh [OUT]
#
# dpkg-buildpackage builds a copy of the tree's files (those git tracks or
# would track) in OUT/gccpoly-VERSION, so that the build writes nothing
# outside OUT (dpkg-buildpackage's results go to the parent of its tree), with debian/control made from
# debian/control.in for GCC N. The copy's cargo builds go to
# target/deb-gcc-N of the tree, kept from one package build to the next.
# Without dpkg-checkbuilddeps (-d): cargo comes from rustup, not Debian.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cc=${PLUGIN_CC:-gcc}
major=$("$cc" -dumpversion | cut -d. -f1)
out=${1:-$top/build/deb}
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
src=$out/gccpoly-$version

rm -rf "$src"
mkdir -p "$src"
# The tree's files: git's list in a checkout, else all but the builds.
files() {
  if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$top" ls-files -z --cached --others --exclude-standard
  else
    (cd "$top" && find . \( -path ./target -o -path ./build -o -path ./testsuite/work -o -path ./.git \) -prune \
       -o \( -type f -o -type l \) -printf '%P\0')
  fi
}
(cd "$top" && files | while IFS= read -r -d '' f; do
   [ -e "$f" ] && printf '%s\0' "$f"
 done | xargs -0 cp -a --parents -t "$src")
sed "s/@MAJOR@/$major/g" "$top/debian/control.in" >"$src/debian/control"
rm "$src/debian/control.in"

rm -f "$out"/gccpoly-gcc-"$major"_"$version"_*.deb "$out"/gccpoly_"$version"_*.{buildinfo,changes}
echo "make-deb: building gccpoly-gcc-$major $version for $("$cc" -dumpfullversion) in $src"
(cd "$src" && PLUGIN_CC=$cc CARGO_TARGET_DIR="$top/target/deb-gcc-$major" \
   dpkg-buildpackage -b -us -uc -d)
deb=$(ls "$out"/gccpoly-gcc-"$major"_"$version"_*.deb)
echo "make-deb: lintian $deb"
lintian --fail-on error --tag-display-limit 0 "$deb"
rm -rf "$src"
echo "make-deb: built $deb"
