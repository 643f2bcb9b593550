#!/usr/bin/env bash
# Quick start: installs what is missing, builds, and starts LockScope on the embedded Redis
# engine (no Redis server needed). Without a display, or before the window exists, it plays a
# narrated demonstration in the terminal instead.
set -euo pipefail
cd "$(dirname "$0")"
installer/install-build-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"

if [ -x build/app/lockscope ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
    exec build/app/lockscope "$@"
fi
if [ ! -x build/app/lockscope ]; then
    echo "(The window is not part of this build yet, so here is the terminal demonstration.)"
else
    echo "(No display found, so here is the terminal demonstration; the window needs X11 or Wayland.)"
fi
exec build/app/lockscope-cli demo "$@"
