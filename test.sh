#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole CTest suite offscreen.
set -euo pipefail
cd "$(dirname "$0")"
installer/install-deps.sh
installer/build.sh
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "${LOCKSCOPE_BUILD_DIR:-build}" --output-on-failure --parallel 2 "$@"
