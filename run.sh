#!/usr/bin/env bash
# Installs what is missing, builds, and starts LockScope. With no arguments it starts its
# own redis-server with sample locks; pass connection options (e.g. -h HOST -p PORT) to
# watch a real server. Without a display it shows the locks in the terminal instead.
set -euo pipefail
cd "$(dirname "$0")"
installer/install-deps.sh
installer/build.sh
exec "${LOCKSCOPE_BUILD_DIR:-build}/app/lockscope" "$@"
