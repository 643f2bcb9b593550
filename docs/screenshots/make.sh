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
    "$bin" --light --size 1600x1000 "$@" --screenshot "$here/$name.png"
    "$bin" --dark --size 1600x1000 "$@" --screenshot "$here/$name-dark.png"
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

# The monitor page against a throwaway server (demo_redis.sh). Wall-clock times: these two
# pictures differ a little from run to run.
if command -v redis-server >/dev/null && command -v redis-cli >/dev/null; then
    . "$here/demo_redis.sh"
    start_demo_redis
    # 6 s of watching first: the History shows the owners' holds and the lock changing hands.
    shot monitor-page --page monitor --monitor-url "redis://127.0.0.1:$demo_port" --monitor-seconds 6
    stop_demo_redis
    # The lease chart: two watchdogs, one of which stalls (a late renewal, then an expiry); the
    # stalled key selected after 14 s of watching. Also in Chinese.
    start_lease_demo_redis
    shot monitor-lease --page monitor --monitor-url "redis://127.0.0.1:$demo_port" \
        --monitor-seconds 14 --monitor-key payments:lock
    "$bin" --light --lang zh_CN --size 1600x1000 --page monitor \
        --monitor-url "redis://127.0.0.1:$demo_port" --monitor-seconds 8 \
        --monitor-key payments:lock --screenshot "$here/monitor-lease-zh.png"
    echo "  monitor-lease-zh.png"
    stop_demo_redis
    # Run on Real Redis: the same cell played on local redis-server processes, beside and
    # overlaid on its simulation (wall-clock timing: a millisecond or two moves between runs).
    # Beside needs room for two timelines: a taller window.
    shot live-beside --scenario pause-before-delete --strategy set-nx-px-del --live beside \
        --at 13100 --size 1600x1250
    shot live-overlaid --scenario pause-before-delete --strategy set-nx-px-del --live overlaid \
        --at 13100
else
    echo "  (no redis-server: monitor screenshots skipped)"
fi
# A what-if comparison: every strategy on the workload of a real recording (three redis-py
# workers taking lock:orders:42 in turn; whatif-orders.json was written by
# `lockscope-cli whatif --recording ... --fault pause@3s+5s --anonymize --scenario-out`).
shot compare-whatif --page compare --compare-scenario-file "$here/whatif-orders.json" \
    --compare-seeds 1
"$bin" --light --lang zh_CN --size 1600x1000 --page compare \
    --compare-scenario-file "$here/whatif-orders.json" --compare-seeds 1 \
    --screenshot "$here/compare-whatif-zh.png"
echo "  compare-whatif-zh.png"
# The compare page: the safety matrix of every scenario x strategy (3 seeds a cell), and the cost.
shot compare-matrix --page compare --compare-seeds 3
shot compare-cost --page compare --compare-seeds 3 --compare-view cost
# The On real Redis tab: every cell played once on local redis-server (about 2.5 minutes each).
if command -v redis-server >/dev/null; then
    shot compare-agreement --page compare --compare-view agreement
fi
# The Explore page: every built-in strategy searched with up to 2 faults (Break Them All; a few
# minutes on two cores), the row of the strategy in the picker shown with its counterexamples.
shot explore --page explore --explore-all
