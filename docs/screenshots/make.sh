#!/usr/bin/env bash
# Regenerates the screenshots in this folder with the window's --screenshot mode: each renders
# the window at one instant of a deterministic run, without showing it (no display needed), in
# the light and the dark palette. The same inputs always give the same pictures.
#
# Usage: docs/screenshots/make.sh [path/to/lockscope]      (default: build/app/lockscope)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../build/app/lockscope}"
if [ ! -x "$bin" ]; then
    echo "error: $bin not found; build first (cmake -S . -B build && cmake --build build)" >&2
    exit 1
fi
export QT_QPA_PLATFORM=offscreen

# shot NAME ARGS...: NAME.png (light) and NAME-dark.png
shot() {
    local name=$1
    shift
    "$bin" "$@" --light --size 1600x1000 --screenshot "$here/$name.png"
    "$bin" "$@" --dark --size 1600x1000 --screenshot "$here/$name-dark.png"
    echo "  $name.png, $name-dark.png"
}

echo "Writing screenshots to $here"
# A dies between SETNX and EXPIRE: the key has no TTL, B and C wait forever.
shot crash-mid-acquire --scenario crash-mid-acquire --strategy setnx-expire --at 20000 --tab source
# A's lease expires during its pause; B gets the lock; A wakes up and DELs B's lock; C gets in.
shot pause-after-acquire --scenario pause-after-acquire --strategy set-nx-px-del --at 42000 \
    --tab commands
# A's GET says "mine", A pauses, B acquires, A's DEL removes B's lock, C gets in beside B.
shot pause-before-delete --scenario pause-before-delete --strategy set-nx-px-get-del --at 13500 \
    --tab source
# The primary dies before replicating A's lock; the replica is promoted; B locks too.
shot failover --scenario failover --strategy set-nx-px-lua --at 1000 --view 0:1600 \
    --tab commands

# The monitor page: a throwaway redis-server on a free port with lock keys in several formats
# (redis-py, Redisson reentrant and fair locks, node-redlock, go-redsync, LockScope, one without
# TTL), a lock changing hands while the page watches; keyspace notifications off, so the page
# shows the CONFIG SET that would turn them on. Wall-clock times: these two pictures differ a
# little from run to run.
if command -v redis-server >/dev/null && command -v redis-cli >/dev/null; then
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    redis_dir="$(mktemp -d)"
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$redis_dir" \
        --logfile "$redis_dir/redis.log" --daemonize no &
    redis_pid=$!
    churn_pid=""
    stop_redis() {
        [ -n "$churn_pid" ] && kill "$churn_pid" 2>/dev/null || true
        kill "$redis_pid" 2>/dev/null || true
        wait 2>/dev/null || true
        rm -rf "$redis_dir"
    }
    trap stop_redis EXIT
    r() { redis-cli -p "$port" "$@" >/dev/null; }
    for _ in $(seq 100); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.05; done
    r SET lock:invoice:42 55fd200007b211ef92340242ac110002 PX 30000
    r HSET orders-lock 8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:1 2
    r PEXPIRE orders-lock 45000
    r HSET fair-lock d1e2f3a4-b5c6-47d8-99aa-bbccddeeff00:5 1
    r PEXPIRE fair-lock 28000
    r RPUSH 'redisson_lock_queue:{fair-lock}' 8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:7 \
        8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:8
    r SET locks:payments 3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091 PX 20000
    r SET lock:redsync:report AAECAwQFBgcICQoLDA0ODw== PX 12000
    r SET lock:stock A:3:0badc0de PX 25000
    r SET lock:stock:fence 7
    r SET lock:legacy-cron host-7/pid-4411
    r SET session:1 'not a lock'
    (for i in $(seq 40); do
        r SET lock:jobs:nightly "w$((i % 3)):1:$(printf '%08x' "$i")" PX 3000
        sleep 0.3
        r DEL lock:jobs:nightly
        sleep 0.1
    done) &
    churn_pid=$!
    sleep 1
    shot monitor-page --page monitor --monitor-url "redis://127.0.0.1:$port"
    stop_redis
    trap - EXIT
else
    echo "  (no redis-server: monitor screenshots skipped)"
fi
# The compare page: the safety matrix of every scenario x strategy (3 seeds a cell), and the cost.
shot compare-matrix --page compare --compare-seeds 3
shot compare-cost --page compare --compare-seeds 3 --compare-view cost
