#!/bin/bash
# package-compile-time.sh - what loading gccpoly adds to the compile time of
# a whole package, file by file, and whether any file builds worse with it.
#
#   bench/package-compile-time.sh --plugin P [--plugin P2 ...] [--cc GCC]
#       [--cflags "FLAGS"] [--plugin-flags "FLAGS"] [--jobs N] [--work DIR]
#       [--check TARGET] SRCDIR [CONFIGURE-ARG...]
#
# SRCDIR is an unpacked autoconf package (./configure, make).  It is copied
# to DIR (default: a new temporary folder), configured with CC set to a
# wrapper and the given CFLAGS (default "-O2 -g -ftree-parallelize-loops=2",
# Debian's build flags plus autopar), and built with make -k -jN (default 2).
# For every compilation to an object the wrapper runs, one at a time:
#   plain     GCC with the package's own arguments, the object thrown away
#   plugin K  the same plus -fplugin=PK (K = 1, 2, ...) and the
#             --plugin-flags (-fplugin-arg-gccpoly-*, say)
# and times each (user + system CPU of the compiler and what it ran).  The
# object the build keeps is plugin 1's.  Configure's own test compilations
# are not counted.  Afterwards it prints the number of files, the totals,
# the ratio of the totals and the geometric mean of the per-file ratios for
# each plugin, the ten files to which plugin 1 adds the most seconds, and
# every file on which a plugin build failed where the plain one did not or
# said "internal compiler error".  With --check, it then runs the package's
# own tests (`make TARGET`, its programs compiled the same way) on the
# build plugin 1 made, and says how they ended (some refuse to run as
# root: FLAC's metadata test).  Exit status 1 when a file failed so, or
# the tests did.
set -u
plugins=(); cc=gcc; cflags="-O2 -g -ftree-parallelize-loops=2"; pflags=""; jobs=2; work=""; check=""
while [ $# -gt 0 ]; do
    case "$1" in
        --plugin) plugins+=("$(realpath "$2")"); shift 2 ;;
        --cc) cc="$2"; shift 2 ;;
        --cflags) cflags="$2"; shift 2 ;;
        --plugin-flags) pflags="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        --check) check="$2"; shift 2 ;;
        -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "package-compile-time.sh: unknown option '$1' (valid: --plugin, --cc, --cflags, --plugin-flags, --jobs, --work, --check)" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 1 ] || [ ${#plugins[@]} -eq 0 ]; then
    echo "usage: package-compile-time.sh --plugin P [--plugin P2 ...] [--cc GCC] [--cflags FLAGS] [--plugin-flags FLAGS] [--jobs N] [--work DIR] [--check TARGET] SRCDIR [CONFIGURE-ARG...]" >&2
    exit 2
fi
src=$(realpath "$1"); shift
[ -x "$src/configure" ] || { echo "package-compile-time.sh: no executable configure in $src" >&2; exit 2; }
for p in "${plugins[@]}"; do
    [ -f "$p" ] || { echo "package-compile-time.sh: no plugin $p" >&2; exit 2; }
done
[ -n "$work" ] || work=$(mktemp -d /tmp/pkg-compile-time.XXXXXX)
mkdir -p "$work"
work=$(realpath "$work")
rm -rf "$work/src" "$work/times" "$work/failures"
cp -a "$src" "$work/src"
mkdir -p "$work/times"

# The wrapper: its settings come from the environment, so that libtool's
# and make's re-invocations see them.
cat > "$work/cc" <<'EOF'
#!/bin/bash
compile=0; src=""
for a in "$@"; do
    case "$a" in
        -c) compile=1 ;;
        *.c|*.cc|*.cpp|*.f|*.f90) src="$a" ;;
    esac
done
if [ "$PCT_COUNT" != 1 ] || [ $compile = 0 ] || [ -z "$src" ]; then
    exec $PCT_CC "$@"
fi
# The plain compilation writes to a scratch object.
plain_args=(); next_is_out=0
for a in "$@"; do
    if [ $next_is_out = 1 ]; then plain_args+=("$PCT_WORK/scratch.$$.o"); next_is_out=0; continue; fi
    [ "$a" = "-o" ] && next_is_out=1
    plain_args+=("$a")
done
TIMEFORMAT="%U %S"
t=$( { time $PCT_CC "${plain_args[@]}" >/dev/null 2>&1; } 2>&1 ); prc=$?
line="$PWD/$src plain $prc $t"
IFS=: read -r -a plugins <<< "$PCT_PLUGINS"
k=0; keep_rc=0
for p in "${plugins[@]}"; do
    k=$((k + 1))
    # Plugin 1 writes the object the build keeps, the others the scratch one.
    if [ $k = 1 ]; then args=("$@"); else args=("${plain_args[@]}"); fi
    t=$( { time $PCT_CC -fplugin="$p" $PCT_PLUGIN_FLAGS "${args[@]}" >/dev/null 2>"$PCT_WORK/err.$$"; } 2>&1 ); rc=$?
    if [ $k = 1 ]; then
        cat "$PCT_WORK/err.$$" >&2
        keep_rc=$rc
    fi
    if grep -q "internal compiler error" "$PCT_WORK/err.$$" || { [ $rc != 0 ] && [ $prc = 0 ]; }; then
        { echo "== plugin $k rc $rc (plain $prc): $PWD/$src"; tail -20 "$PCT_WORK/err.$$"; } >> "$PCT_WORK/failures"
    fi
    rm -f "$PCT_WORK/err.$$"
    line="$line plugin$k $rc $t"
done
rm -f "$PCT_WORK/scratch.$$.o"
echo "$line" >> "$PCT_WORK/times/$$.log"
exit $keep_rc
EOF
chmod +x "$work/cc"

export PCT_CC="$cc" PCT_WORK="$work" PCT_PLUGINS PCT_PLUGIN_FLAGS="$pflags"
PCT_PLUGINS=$(IFS=:; echo "${plugins[*]}")
cd "$work/src"
echo "package-compile-time.sh: $(basename "$src") in $work, CFLAGS '$cflags', plugin flags '$pflags', $(date -u '+%Y-%m-%d %H:%M') UTC, $($cc --version | head -1), nproc $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg)"
PCT_COUNT=0 ./configure CC="$work/cc" CFLAGS="$cflags" "$@" > "$work/configure.log" 2>&1 || {
    echo "package-compile-time.sh: configure failed (see $work/configure.log)" >&2; exit 2; }
start=$(date +%s)
PCT_COUNT=1 make -k -j"$jobs" > "$work/make.log" 2>&1
make_rc=$?
echo "make -k -j$jobs: exit status $make_rc, $(( $(date +%s) - start )) s wall (see $work/make.log)"
cat "$work"/times/*.log > "$work/times.log" 2>/dev/null || true
if [ ! -s "$work/times.log" ]; then
    echo "package-compile-time.sh: no compilation was timed" >&2; exit 2
fi
awk -v n=${#plugins[@]} '
    { plain = $4 + $5; files++; P += plain
      for (k = 1; k <= n; k++) { q = $(4 * k + 4) + $(4 * k + 5); Q[k] += q
        if (plain > 0 && q > 0) { L[k] += log(q / plain); cnt[k]++ } } }
    END {
      printf "%d compilations; plain GCC %.1f s CPU\n", files, P
      for (k = 1; k <= n; k++)
        printf "plugin %d: %.1f s CPU, %.2f times plain; geometric mean of the per-file ratios %.2f\n", k, Q[k], Q[k] / P, exp(L[k] / cnt[k])
    }' "$work/times.log"
echo "the ten files to which plugin 1 adds the most (seconds: plain, plugin 1, ratio):"
awk '{ p = $4 + $5; q = $8 + $9; printf "%.3f %.2f %.2f %.1f %s\n", q - p, p, q, (p > 0 ? q / p : 0), $1 }' "$work/times.log" \
    | sort -g -r | awk '!seen[$5]++' | head -10 | awk '{ printf "  %s: %s s, %s s, %s\n", $5, $2, $3, $4 }' | sed "s#$work/src/##"
i=1
for p in "${plugins[@]}"; do echo "plugin $i: $p"; i=$((i + 1)); done
status=0
if [ -n "$check" ]; then
    PCT_COUNT=1 make -k -j"$jobs" "$check" > "$work/check.log" 2>&1
    check_rc=$?
    echo "make $check on plugin 1's build: exit status $check_rc (see $work/check.log)"
    [ $check_rc = 0 ] || status=1
fi
if [ -s "$work/failures" ]; then
    echo "FAILURES (a plugin build failed where the plain one did not, or an internal compiler error):"
    cat "$work/failures"
    exit 1
fi
echo "no compilation failed with a plugin where it did without, no internal compiler error"
exit $status
