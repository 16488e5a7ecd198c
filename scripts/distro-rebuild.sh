#!/bin/bash
# distro-rebuild: Debian source packages rebuilt with gccpoly in every
# compilation, the way a distribution would try the plugin out, beside the
# same rebuild without it.
#
#   scripts/distro-rebuild.sh [--cc GCC] [--flags "FLAGS"] [--plugin-flags "FLAGS"]
#                             [--work DIR] [--jobs N] PACKAGE...
#
# For each source package: `apt-get build-dep` and `apt-get source` (a
# deb-src entry for Debian's archive is added under /etc/apt/sources.list.d
# where there is none), then `dpkg-buildpackage -b -us -uc` twice, plain
# and with the plugin, each in a fresh copy of the unpacked source, its own
# test suite included (dh_auto_test: a failing test fails the build). A
# compiler wrapper first in PATH (gcc, cc, g++, c++, gfortran, under their
# plain, versioned and triplet names) runs the real compiler with FLAGS
# (default "-O2 -ftree-parallelize-loops=2": the distribution's flags come
# from the package, these are added after them) in both builds, and with
# -fplugin=gccpoly and the plugin flags in the second, each compilation's
# report in the work folder; it times each compilation (user + system CPU
# of the compiler and what it ran). The plugin must be installed
# (make deb, dpkg -i): -fplugin=gccpoly names it as a user would.
#
# Prints per package: the two builds' wall times and their ratio, whether
# each built and passed its tests, the compilations, their CPU totals and
# ratio, the five files the plugin slows most and how many it more than
# doubles (of those taking 0.05 s or more plainly), internal compiler
# errors, and what the plugin found (functions analysed, loops proved
# parallel, loops marked for parloops). Exit status 1 when a plugin build
# fails where the plain one did not, or shows an internal compiler error.
set -u
here=$(cd "$(dirname "$0")" && pwd)
cc=gcc
flags="-O2 -ftree-parallelize-loops=2"
pflags=""
work=/tmp/gccpoly-distro
jobs=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
    --cc) cc=$2; shift 2 ;;
    --flags) flags=$2; shift 2 ;;
    --plugin-flags) pflags=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "distro-rebuild.sh: unknown option '$1' (valid: --cc, --flags, --plugin-flags, --work, --jobs)" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: distro-rebuild.sh [--cc GCC] [--flags FLAGS] [--plugin-flags FLAGS] [--work DIR] [--jobs N] PACKAGE..." >&2; exit 2; }
major=$("$cc" -dumpversion | cut -d. -f1)
if ! "$cc" -fplugin=gccpoly -fplugin-arg-gccpoly-version -E -x c /dev/null -o /dev/null 2>/dev/null; then
  echo "distro-rebuild.sh: $cc -fplugin=gccpoly does not load: install the plugin (make deb; dpkg -i build/deb/gccpoly-gcc-${major}_*.deb)" >&2
  exit 2
fi
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "distro-rebuild: adding Debian's source archive (deb-src) to /etc/apt/sources.list.d/gccpoly-deb-src.sources"
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s %s-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$codename" "$codename" | $sudo tee /etc/apt/sources.list.d/gccpoly-deb-src.sources >/dev/null
  $sudo apt-get update -qq
fi
mkdir -p "$work"
work=$(cd "$work" && pwd)

# The wrapper: one script under every compiler name, settings from the
# environment (GCCPOLY_WRAP_FLAGS, GCCPOLY_WRAP_LOG, GCCPOLY_WRAP_ROOT,
# GCCPOLY_WRAP_REPORTS).
wrap=$work/wrap
mkdir -p "$wrap"
cat >"$wrap/compiler" <<'EOF'
#!/bin/bash
name=$(basename "$0")
real=/usr/bin/$name
extra=()
compiles=0
links=0
for a in "$@"; do
  case $a in -c|-S) compiles=1 ;; -o) links=1 ;; esac
done
# The flags go to compilations and links, not to -E, --version and the like.
if [ $compiles = 1 ] || [ $links = 1 ]; then
  read -r -a extra <<<"${GCCPOLY_WRAP_FLAGS:-}"
fi
if [ $compiles = 1 ] && [ -n "${GCCPOLY_WRAP_REPORTS:-}" ]; then
  extra+=("-fplugin-arg-gccpoly-report=$(mktemp "$GCCPOLY_WRAP_REPORTS/XXXXXXXX.json")")
fi
"$real" "$@" "${extra[@]}"
rc=$?
if [ $compiles = 1 ] && [ -n "${GCCPOLY_WRAP_LOG:-}" ]; then
  # The children's user and system time, from the shell's own count
  # (written to a file: in a pipe or $(...) `times` runs in a subshell,
  # which has no children).
  tf=$(mktemp)
  times >"$tf"
  t=$(tail -n 1 "$tf" | sed 's/\([0-9]*\)m\([0-9.]*\)s/\1 \2/g' | awk '{ print $1 * 60 + $2 + $3 * 60 + $4 }')
  rm -f "$tf"
  out=
  prev=
  srcs=()
  for a in "$@"; do
    [ "$prev" = -o ] && out=$a
    case $a in *.c|*.cc|*.cpp|*.cxx|*.C|*.f|*.f90|*.F|*.F90|*.f77|*.for) srcs+=("$a") ;; esac
    prev=$a
  done
  printf '%s\t%s\t%s\t%s\n' "$t" "${PWD#"${GCCPOLY_WRAP_ROOT:-}"}" "${out:-${srcs[*]}}" "$rc" >>"$GCCPOLY_WRAP_LOG"
fi
exit $rc
EOF
chmod +x "$wrap/compiler"
triplet=$("$cc" -dumpmachine)
for tool in gcc cc g++ c++ gfortran f95; do
  for n in "$tool" "$tool-$major" "$triplet-$tool" "$triplet-$tool-$major"; do
    [ -x "/usr/bin/$n" ] && ln -sf compiler "$wrap/$n"
  done
done

status=0
for pkg in "$@"; do
  echo "== $pkg"
  dir=$work/$pkg
  rm -rf "$dir"
  mkdir -p "$dir/src"
  $sudo apt-get build-dep -y -qq "$pkg" >"$dir/build-dep.log" 2>&1 || { echo "build-dep failed: $dir/build-dep.log"; status=1; continue; }
  (cd "$dir/src" && apt-get source -qq "$pkg" >"$dir/source.log" 2>&1) || { echo "apt-get source failed: $dir/source.log"; status=1; continue; }
  tree=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d | head -n1)
  for mode in plain plugin; do
    b=$dir/$mode
    mkdir -p "$b/reports"
    cp -a "$tree" "$b/tree"
    : >"$b/times.tsv"
    wflags=$flags
    reports=
    if [ $mode = plugin ]; then wflags="-fplugin=gccpoly $pflags $flags"; reports=$b/reports; fi
    t0=$(date +%s.%N)
    (cd "$b/tree" && PATH=$wrap:$PATH GCCPOLY_WRAP_FLAGS="$wflags" GCCPOLY_WRAP_LOG="$b/times.tsv" \
       GCCPOLY_WRAP_ROOT="$b/tree" GCCPOLY_WRAP_REPORTS="$reports" DEB_BUILD_OPTIONS="parallel=$jobs" \
       dpkg-buildpackage -b -us -uc >"$b/build.log" 2>&1)
    echo $? >"$b/rc"
    awk "BEGIN { print $(date +%s.%N) - $t0 }" >"$b/wall"
  done
  python3 "$here/distro-report.py" "$dir" || status=1
done
exit $status
