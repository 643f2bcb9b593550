#!/usr/bin/env bash
# Monitor-mode benchmark (not a test): how long a full snapshot of a big keyspace takes, and
# what it costs the server while it runs.
#
#   tests/bench/bench_monitor.sh [path/to/lockscope-cli]
#
# Starts its own redis-server on a free loopback port (no persistence, removed at the end),
# loads KEYS keys (default 1,000,000) of which LOCKS (default 100,000) are lock keys with TTLs
# in the formats the monitor recognises (redis-py, node-redlock, go-redsync, LockScope tokens,
# Redisson hashes), with redis-cli --pipe. Then, in the same run:
#   1. `lockscope-cli monitor --once --json`: SCAN MATCH *lock* COUNT 500, pipelined TYPE/PTTL,
#      the bounded value read and recognition of every match, JSON Lines out;
#   2. the baseline: `redis-cli --scan --pattern '*lock*'`, then one pipelined PTTL per match
#      (redis-cli --pipe): discovery and TTLs only;
# and while each runs, `redis-cli --latency-history -i 0.25` samples the server's latency
# (PING round trips). Prints a table. Target: the max latency never above 5 ms.
#
# Environment: KEYS, LOCKS, COUNT (SCAN COUNT, default 500), REDIS_SERVER, REDIS_CLI,
# PYTHON_REDIS (a python3 with redis-py, default /usr/bin/python3).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cli="${1:-${LOCKSCOPE_CLI:-$here/../../build/app/lockscope-cli}}"
keys="${KEYS:-1000000}"
locks="${LOCKS:-100000}"
count="${COUNT:-500}"
pyredis="${PYTHON_REDIS:-/usr/bin/python3}" # Debian's python3-redis

[ -x "$cli" ] || { echo "bench_monitor: no lockscope-cli at $cli (build it, or pass its path)" >&2; exit 2; }
. "$here/bench_redis.sh"
latency_pid=""
bench_on_exit '[ -n "$latency_pid" ] && kill "$latency_pid"'
bench_redis_start

now_ms() { date +%s%3N; }

echo "loading $keys keys ($locks lock keys) into redis-server on 127.0.0.1:$port ..." >&2
python3 - "$keys" "$locks" >"$work/load.resp" <<'PY'
import base64, os, sys, uuid
keys, locks = int(sys.argv[1]), int(sys.argv[2])
out = sys.stdout.buffer
def cmd(*args):
    parts = [b'*%d\r\n' % len(args)]
    for a in args:
        a = a if isinstance(a, bytes) else str(a).encode()
        parts.append(b'$%d\r\n%s\r\n' % (len(a), a))
    out.write(b''.join(parts))
every = keys // locks
lock = 0
for i in range(keys):
    if i % every == 0 and lock < locks:
        ttl = 600000 + (lock % 1000) * 100
        kind = lock % 5
        if kind == 0:
            cmd('SET', 'lock:py:%d' % lock, uuid.uuid1().hex, 'PX', ttl)
        elif kind == 1:
            cmd('SET', 'lock:redlock:%d' % lock, os.urandom(16).hex(), 'PX', ttl)
        elif kind == 2:
            cmd('SET', 'lock:redsync:%d' % lock, base64.b64encode(os.urandom(16)), 'PX', ttl)
        elif kind == 3:
            cmd('SET', 'lock:ls:%d' % lock, 'c%d:%d:%08x' % (lock % 50, lock, lock), 'PX', ttl)
        else:
            name = 'orders-lock:%d' % lock
            cmd('HSET', name, '%s:%d' % (uuid.UUID(bytes=os.urandom(16), version=4), lock % 64), 1)
            cmd('PEXPIRE', name, ttl)
        lock += 1
    else:
        cmd('SET', 'data:%d' % i, 'v%d' % i)
PY
t0=$(now_ms)
rc --pipe <"$work/load.resp" >"$work/load.out" 2>&1 || { cat "$work/load.out" >&2; exit 1; }
t1=$(now_ms)
dbsize=$(rc dbsize)
matches=$(rc --scan --pattern '*lock*' | wc -l)
echo "loaded $dbsize keys in $(( t1 - t0 )) ms; $matches match *lock*" >&2

# Runs "$@" while redis-cli --latency-history samples the server (a PING every 10 ms; without a
# terminal it prints "min max avg samples" after each sample, in whole ms); echoes the wall time.
with_latency() {
    local out="$1"; shift
    stdbuf -oL "$redis_cli" -p "$port" --latency-history -i 0.25 >"$out" 2>&1 &
    latency_pid=$!
    sleep 0.6 # a quiet sample first
    local start end
    start=$(now_ms)
    "$@"
    end=$(now_ms)
    sleep 0.4
    kill "$latency_pid" 2>/dev/null || true
    wait "$latency_pid" 2>/dev/null || true
    latency_pid=""
    echo $(( end - start ))
}
max_latency() { awk 'NF == 4 { if ($2 > m) m = $2 } END { printf "%s", m + 0 }' "$1"; }
samples() { awk 'NF == 4 { n++ } END { print n + 0 }' "$1"; }
calls() { rc info commandstats | tr -d '\r' | awk -F'[:=,]' '/^cmdstat_/ { s += $3 } END { print s + 0 }'; }

# 1. LockScope.
lockscope() {
    "$cli" monitor --redis "127.0.0.1:$port" --once --json --count "$count" --timeout 10000 \
        >"$work/snapshot.jsonl"
}
rc config resetstat >/dev/null
lockscope_ms=$(with_latency "$work/lat-lockscope.txt" lockscope)
lockscope_keys=$(wc -l <"$work/snapshot.jsonl")
lockscope_calls=$(( $(calls) - 1 )) # not the INFO just sent
lockscope_scans=$(rc info commandstats | tr -d '\r' | awk -F'[:=,]' '/^cmdstat_scan:/ { print $3 }')
lockscope_lat=$(max_latency "$work/lat-lockscope.txt")
lockscope_samples=$(samples "$work/lat-lockscope.txt")
recognised=$(grep -vc '"format":"unknown"' "$work/snapshot.jsonl" || true)

# 2. redis-cli: SCAN (redis-cli 7.0 has no --count: its SCAN uses the server's default, 10),
#    then one pipelined PTTL per match.
baseline() {
    "$redis_cli" -p "$port" --scan --pattern '*lock*' >"$work/keys.txt"
    awk '{ printf "*2\r\n$4\r\nPTTL\r\n$%d\r\n%s\r\n", length($0), $0 }' "$work/keys.txt" |
        "$redis_cli" -p "$port" --pipe >"$work/pttl.out" 2>&1
}
rc config resetstat >/dev/null
baseline_ms=$(with_latency "$work/lat-baseline.txt" baseline)
baseline_keys=$(wc -l <"$work/keys.txt")
baseline_calls=$(( $(calls) - 1 ))
baseline_lat=$(max_latency "$work/lat-baseline.txt")
baseline_samples=$(samples "$work/lat-baseline.txt")

# 3. The same with the same COUNT as LockScope, when redis-py is there (python3-redis):
#    scan_iter(match, count) and one pipeline of PTTLs.
py_ms="-"; py_keys="-"; py_calls="-"; py_scans="-"; py_lat="-"; py_samples="-"
if "$pyredis" -c 'import redis' 2>/dev/null; then
    pybase() {
        "$pyredis" - "$port" "$count" >"$work/py.out" <<'PY'
import sys, redis
r = redis.Redis(host='127.0.0.1', port=int(sys.argv[1]))
keys = list(r.scan_iter(match='*lock*', count=int(sys.argv[2])))
p = r.pipeline(transaction=False)
for k in keys:
    p.pttl(k)
ttls = p.execute()
print(len(keys))
PY
    }
    rc config resetstat >/dev/null
    py_ms=$(with_latency "$work/lat-py.txt" pybase)
    py_keys=$(cat "$work/py.out")
    py_calls=$(( $(calls) - 1 ))
    py_scans=$(rc info commandstats | tr -d '\r' | awk -F'[:=,]' '/^cmdstat_scan:/ { print $3 }')
    py_lat=$(max_latency "$work/lat-py.txt")
    py_samples=$(samples "$work/lat-py.txt")
fi

echo
echo "monitor snapshot of $dbsize keys, $matches lock keys, SCAN COUNT $count ($(nproc) cores)"
row() { printf '%-40s %15s %21s %21s\n' "$@"; }
row "" "lockscope-cli" "redis-cli --scan" "redis-py scan_iter"
row "" "monitor --once" "+ pipelined PTTL" "+ pipelined PTTL"
row "SCAN COUNT" "$count" "10 (default)" "$count"
row "wall time (ms)" "$lockscope_ms" "$baseline_ms" "$py_ms"
row "lock keys found" "$lockscope_keys" "$baseline_keys" "$py_keys"
row "  in a recognised format" "$recognised" "-" "-"
row "commands sent to the server" "$lockscope_calls" "$baseline_calls" "$py_calls"
row "  of which SCAN" "$lockscope_scans" "$(( baseline_calls - baseline_keys ))" "$py_scans"
row "max PING latency during the run (ms)" "$lockscope_lat" "$baseline_lat" "$py_lat"
row "  latency samples" "$lockscope_samples" "$baseline_samples" "$py_samples"
echo
if awk -v m="$lockscope_lat" 'BEGIN { exit !(m <= 5) }'; then
    echo "target met: the server's latency stayed at or below 5 ms while LockScope scanned"
else
    echo "target missed: the server's latency reached $lockscope_lat ms while LockScope scanned"
fi

# 4. The window: the monitor page (offscreen) snapshotting the same server; the event loop's
#    worst stall and p99 gap while it scans (bench_monitor_window, built with the window).
window_bench="${BENCH_MONITOR_WINDOW:-$(dirname "$cli")/../tests/bench/bench_monitor_window}"
if [ -x "$window_bench" ]; then
    echo
    # The default settings: anomalies judged as keys arrive and on the 1 s tick (anomaly_index.h).
    QT_QPA_PLATFORM=offscreen "$window_bench" "redis://127.0.0.1:$port" --after 5000 ||
        echo "bench_monitor_window failed" >&2
else
    echo "(no $window_bench: build bench_monitor_window for the window's figures)"
fi
