#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs the whole test suite through ctest.
# Tests that need Redis start their own redis-server processes on free loopback ports.
set -euo pipefail
cd "$(dirname "$0")"
installer/install-build-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
