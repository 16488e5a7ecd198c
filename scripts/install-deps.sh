#!/usr/bin/env bash
# Installs what building and testing gccpoly needs and is missing; installs
# nothing when everything is there. Debian/Ubuntu (apt-get), as root or
# through sudo.
#
#   scripts/install-deps.sh [build|check|bench|deb]
#
# build: the plugin headers of the target GCC, its g++, libclang (bindgen),
#        autotools (isl is built from source by the isl-rs crate).
# check: build's, plus DejaGnu and python3 (the testsuite), GCC's source
#        (GCC's own tests), gcc-11 (the version-refusal test), Csmith
#        with its headers (testsuite/run/csmith.sh) and the nvptx offload
#        compiler (gcc -fopenmp -foffload=nvptx-none on the OpenMP-target
#        annotated output; without a GPU libgomp runs it on the host), the
#        target GCC's gfortran (the plugin in f951: gccpoly.misc/fortran),
#        and on x86-64 its 32-bit libraries (-m32); deb's (make check
#        builds the package and tests it installed); and the plugin headers
#        and g++ of the other GCC major the plugin supports (11 or 12), whose
#        build make check tests too.
# deb:   build's, plus dpkg-dev, debhelper, fakeroot and lintian (make deb).
# bench: build's, plus Debian's clang-19 with Polly linked in and its
#        OpenMP runtime (make bench's Polly configuration).
set -euo pipefail

what=${1:-build}
cc=${PLUGIN_CC:-gcc}
major=$("$cc" -dumpversion 2>/dev/null | cut -d. -f1) || true
if [ -z "$major" ]; then
  echo "install-deps: cannot run the target compiler '$cc' (set PLUGIN_CC)" >&2
  exit 1
fi

pkgs=(gcc-"$major"-plugin-dev g++-"$major" libclang-dev autoconf automake libtool make pkg-config)
case $what in build|check|bench|deb) ;; *)
  echo "install-deps: unknown set '$what' (valid: build, check, bench, deb)" >&2
  exit 2
esac
if [ "$what" = bench ]; then
  pkgs+=(clang-19 libpolly-19-dev libomp-19-dev)
fi
if [ "$what" = deb ] || [ "$what" = check ]; then
  pkgs+=(dpkg-dev debhelper fakeroot lintian)
fi
# The other GCC major the shim builds against (plugin/shim/gcc-compat.h).
other=11
[ "$major" != 11 ] || other=12
if [ "$what" = check ]; then
  pkgs+=(dejagnu python3 gcc-"$major"-source csmith libcsmith-dev)
  # The OpenMP offload compiler for NVPTX; pulls nvptx-tools and
  # libgomp-plugin-nvptx1 in.
  pkgs+=(gcc-"$major"-offload-nvptx)
  # Another GCC release, to check that the plugin refuses it by name, with
  # what building the plugin for it takes.
  pkgs+=(gcc-"$other" gcc-"$other"-plugin-dev g++-"$other")
  # The same GCC's Fortran compiler: a -fplugin in CFLAGS often reaches
  # gfortran too.
  pkgs+=(gfortran-"$major")
  # On x86-64, the 32-bit libraries: GCC's torture tests and
  # gccpoly.dg/m32-run.c are built and run at -m32 as well.
  [ "$(dpkg --print-architecture 2>/dev/null)" != amd64 ] || pkgs+=(gcc-"$major"-multilib)
fi

missing=()
for p in "${pkgs[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: nothing to install ($what)"
else
  echo "install-deps: installing ${missing[*]}"
  sudo=
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null; then sudo=sudo; else
      echo "install-deps: not root and no sudo; install: ${missing[*]}" >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v cargo >/dev/null; then
  echo "install-deps: cargo is missing: install Rust (https://rustup.rs) first" >&2
  exit 1
fi
