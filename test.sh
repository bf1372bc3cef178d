#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole CTest suite offscreen. Then the tests
# of the services and the window run again in a build with AddressSanitizer, which catches
# use-after-free and leaks the plain run cannot see (LOCKSCOPE_SKIP_ASAN=1 skips it).
set -euo pipefail
cd "$(dirname "$0")"
installer/install-deps.sh
installer/build.sh
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "${LOCKSCOPE_BUILD_DIR:-build}" --output-on-failure --parallel 2 "$@"

[[ "${LOCKSCOPE_SKIP_ASAN:-0}" == 1 ]] && exit 0
asan=${LOCKSCOPE_ASAN_BUILD_DIR:-build-asan}
export LOCKSCOPE_BUILD_DIR=$asan
export LOCKSCOPE_CMAKE_ARGS="-DCMAKE_BUILD_TYPE=Debug -DLOCKSCOPE_SANITIZE=address -DLOCKSCOPE_BUILD_BENCHMARKS=OFF"
installer/build.sh lockscope # configures, and the binary the CLI tests run
# Only what the app and ui tests need: each test is an executable of the same name.
mapfile -t tests < <(ctest --test-dir "$asan" -N -L 'app|ui' | sed -n 's/^ *Test *#[0-9]*: \(tst_[a-z_]*\)$/\1/p')
installer/build.sh "${tests[@]}"
# print_suppressions=0: a suppressed leak (libssh's OpenSSL) must not add its statistics to a
# lockscope child's stderr, which the CLI tests read line by line.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0" ctest --test-dir "$asan" --output-on-failure --parallel 2 -L 'app|ui'
