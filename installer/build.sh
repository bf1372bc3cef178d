#!/usr/bin/env bash
# Configures and builds LockScope into ./build (Ninja, optimised with debug info).
# LOCKSCOPE_BUILD_DIR picks another directory, LOCKSCOPE_CMAKE_ARGS adds configure options
# (test.sh's sanitizer build), and arguments name the targets to build (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${LOCKSCOPE_BUILD_DIR:-build}
if [[ ! -f "$build_dir/build.ninja" ]]; then
    # shellcheck disable=SC2086 # the extra options are meant to split into words
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${LOCKSCOPE_CMAKE_ARGS:-}
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$build_dir" --parallel "$(nproc)" "${targets[@]}"
