#!/usr/bin/env bash
# check.sh - build and cross-check every kernel of kernels.list.
#
# For each kernel: build at -O0, -O3, -O3 -DKERNEL_RESTRICT and
# -O1 -fsanitize=address,undefined (all with -ffp-contract=off, warnings
# are errors), run each with --print at the MINI sizes and require
# bit-identical output, no nan/inf, and a clean sanitizer run; then run
# -O0 and -O3 at the default (SMALL) sizes and require equal checksums.
# Builds go to a temporary directory.  Usage: check.sh [NAME...]
set -u
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CC="${CC:-gcc}"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/gccpoly-kernels.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
BASE=(-std=gnu11 -Wall -Wextra -Werror -ffp-contract=off)
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

pass=0
fail=0
failed=()

check_one() {
    local name=$1 mini=$2 src="$DIR/$1.c" v out
    local sizes=(${mini//,/ })
    declare -A flags=(
        [O0]="-O0"
        [O3]="-O3"
        [O3r]="-O3 -DKERNEL_RESTRICT"
        [san]="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
    )
    [ -f "$src" ] || { echo "$name: missing $src"; return 1; }
    for v in O0 O3 O3r san; do
        # shellcheck disable=SC2086
        if ! "$CC" "${BASE[@]}" ${flags[$v]} -I"$DIR" "$src" -o "$TMP/$name.$v" -lm \
                >"$TMP/$name.$v.log" 2>&1; then
            echo "$name: build failed ($v)"; sed 's/^/    /' "$TMP/$name.$v.log" | head -20
            return 1
        fi
        if ! "$TMP/$name.$v" --print "${sizes[@]}" >"$TMP/$name.$v.out" 2>"$TMP/$name.$v.err"; then
            echo "$name: run failed ($v, sizes ${sizes[*]})"; sed 's/^/    /' "$TMP/$name.$v.err" | head -20
            return 1
        fi
        if [ -s "$TMP/$name.$v.err" ]; then
            echo "$name: stderr output ($v)"; sed 's/^/    /' "$TMP/$name.$v.err" | head -20
            return 1
        fi
    done
    if grep -qiE 'nan|inf' "$TMP/$name.O0.out"; then
        echo "$name: nan/inf in output"; return 1
    fi
    if ! head -1 "$TMP/$name.O0.out" | grep -q '^checksum: '; then
        echo "$name: no checksum line"; return 1
    fi
    for v in O3 O3r san; do
        if ! cmp -s "$TMP/$name.O0.out" "$TMP/$name.$v.out"; then
            echo "$name: output differs between O0 and $v"
            diff "$TMP/$name.O0.out" "$TMP/$name.$v.out" | head -6 | sed 's/^/    /'
            return 1
        fi
    done
    # default (SMALL) sizes: checksums must agree too
    local c0 c3
    c0="$("$TMP/$name.O0")" || { echo "$name: run failed (O0, SMALL)"; return 1; }
    c3="$("$TMP/$name.O3")" || { echo "$name: run failed (O3, SMALL)"; return 1; }
    if [ "$c0" != "$c3" ] || echo "$c0" | grep -qiE 'nan|inf'; then
        echo "$name: SMALL checksum O0 '$c0' vs O3 '$c3'"; return 1
    fi
    return 0
}

while read -r name mini _rest; do
    case "$name" in ''|'#'*) continue ;; esac
    if [ $# -gt 0 ]; then
        want=0
        for a in "$@"; do [ "$a" = "$name" ] && want=1; done
        [ $want = 1 ] || continue
    fi
    if check_one "$name" "$mini"; then
        pass=$((pass + 1))
        echo "ok   $name"
    else
        fail=$((fail + 1))
        failed+=("$name")
        echo "FAIL $name"
    fi
done <"$DIR/kernels.list"

echo "$pass passed, $fail failed"
if [ $fail -gt 0 ]; then
    echo "failed: ${failed[*]}"
    exit 1
fi
exit 0
