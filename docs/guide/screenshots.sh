#!/usr/bin/env bash
# Regenerates every picture of the user guide with the window's --screenshot mode, in English and
# in Chinese: each renders the window at one instant of a deterministic run, offscreen (no display
# needed), so the same inputs always give the same pictures.
#
# Usage: docs/guide/screenshots.sh [path/to/lockscope]      (default: build/app/lockscope)
# Writes docs/guide/images/en/*.png and docs/guide/images/zh_CN/*.png (1600x1000, light palette;
# workspace-dark.png in the dark palette).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../build/app/lockscope}"
if [ ! -x "$bin" ]; then
    echo "error: $bin not found; build first (./run.sh, or cmake -S . -B build && cmake --build build)" >&2
    exit 1
fi
export QT_QPA_PLATFORM=offscreen

# shot LANG NAME ARGS...: images/LANG/NAME.png
shot() {
    local lang=$1 name=$2
    shift 2
    "$bin" --lang "$lang" --size 1600x1000 "$@" --screenshot "$here/images/$lang/$name.png"
    echo "  images/$lang/$name.png"
}

for lang in en zh_CN; do
    mkdir -p "$here/images/$lang"
    echo "Writing the $lang pictures"
    # getting-started.md: the workspace, in the dark palette (the light one is in scenarios.md).
    shot "$lang" workspace-dark --dark --scenario pause-before-delete --strategy set-nx-px-get-del \
        --at 13500 --tab commands

    # scenarios.md: each scenario with a strategy that fails it, at the telling instant.
    # A dies between SETNX and EXPIRE: the key has no TTL, B and C wait forever.
    shot "$lang" crash-mid-acquire --light --scenario crash-mid-acquire --strategy setnx-expire \
        --at 20000 --tab source
    # A wakes after its lease expired, DELs B's lock (41.004 s); C gets in beside B (41.067 s).
    shot "$lang" pause-after-acquire --light --scenario pause-after-acquire \
        --strategy set-nx-px-del --at 42000 --tab commands
    # A's GET said "mine", A paused, B acquired, A's DEL removed B's lock (13.005 s), C got in.
    shot "$lang" pause-before-delete --light --scenario pause-before-delete \
        --strategy set-nx-px-get-del --at 13500 --tab source
    # A is still working when its 5 s lease runs out; B is inside from 5.055 s.
    shot "$lang" long-task --light --scenario long-task --strategy set-nx-px-lua --at 6000 \
        --tab commands
    # B's clock is ahead: by it A's lock has expired; both inside; A's DEL removes B's lock.
    shot "$lang" client-clock-skew --light --scenario client-clock-skew --strategy setnx-getset \
        --at 810 --tab source
    # The primary dies before replicating A's lock; the replica is promoted; B locks too.
    shot "$lang" failover --light --scenario failover --strategy set-nx-px-lua --at 1000 \
        --view 0:1600 --tab commands
    # Node 1 restarts empty (2.1 s); B gets 3 of 5 (2.322 s) while A holds the lock.
    shot "$lang" node-restart --light --scenario node-restart --strategy redlock --at 2800 \
        --view 0:9000 --tab commands
    # Node 1's clock jumps 20 s (2.0 s) and expires A's key; B gets 3 of 5 (2.004 s).
    shot "$lang" node-clock-jump --light --scenario node-clock-jump --strategy redlock --at 2500 \
        --view 0:9000 --tab commands
    # A wakes at 15 s and reads the OK that arrived before its lease expired; B is inside.
    shot "$lang" pause-replies-in-flight --light --scenario pause-replies-in-flight \
        --strategy set-nx-px-lua --at 15500 --tab commands
    # SETNX succeeded, its reply was lost, no EXPIRE was ever sent: a ghost lock with no TTL.
    shot "$lang" lost-reply --light --scenario lost-reply --strategy setnx-expire --at 5000 \
        --tab commands
    # A asks again for the lock it holds and waits for its own lease to run out.
    shot "$lang" nested-acquire --light --scenario nested-acquire --strategy set-nx-px-lua \
        --at 3000 --tab source
    # Five Redlock clients split the 5 nodes; nobody has a quorum; they back off and retry.
    shot "$lang" split-vote --light --scenario split-vote --strategy redlock --at 80 \
        --view 0:400 --tab commands
    # 100 clients, 1000 increments, no faults.
    shot "$lang" contention --light --scenario contention --strategy set-nx-px-lua --at 2000 \
        --view 1500:2500 --tab commands

    # choosing-a-strategy.md: the Compare page's safety matrix and cost charts (3 seeds a cell).
    shot "$lang" compare-matrix --light --page compare --compare-seeds 3
    shot "$lang" compare-cost --light --page compare --compare-seeds 3 --compare-view cost
done

# debugging-production-locks.md: the Monitor page against a throwaway server with lock keys in
# several formats (../screenshots/demo_redis.sh).
if command -v redis-server >/dev/null && command -v redis-cli >/dev/null; then
    . "$here/../screenshots/demo_redis.sh"
    start_demo_redis
    for lang in en zh_CN; do
        # 6 s of watching first: the History shows the owners' holds and the lock changing hands.
        shot "$lang" monitor --light --page monitor --monitor-url "redis://127.0.0.1:$demo_port" \
            --monitor-seconds 6
    done
    stop_demo_redis
else
    echo "  (no redis-server: the monitor pictures were not made)"
fi
