#!/usr/bin/env bash
# Monitor-mode benchmark (not a test): how long a full snapshot of a big keyspace takes, next to
# what a user would write in minutes and to the bare SCAN floor, and what it costs the server.
#
#   tests/bench/bench_monitor.sh [path/to/lockscope-cli]
#
# Starts its own redis-server on a free loopback port (no persistence, removed at the end),
# loads KEYS keys (default 1,000,000) of which LOCKS (default 100,000) are lock keys with TTLs
# in the formats the monitor recognises (redis-py, node-redlock, go-redsync, LockScope tokens,
# Redisson hashes), with redis-cli --pipe. Then, in the same run, one after the other:
#   a. `lockscope-cli monitor --once --json` (with COUNT set, `--count COUNT`; else the
#      monitor's default): discovery, TYPE/PTTL, the bounded value read and recognition of every
#      match, anomalies, JSON Lines out; with OLD_CLI=path, the same with that binary (a
#      previous build) side by side;
#   b. the redis-py baseline, what a user would write: scan_iter(match='*lock*', count=1000),
#      and for every 1,000 keys one pipeline of TYPE, then one of PTTL + the value (GET for a
#      string, HGETALL for a hash): discovery, TTLs and values, nothing recognised;
#   c. the floor: a bare `SCAN cursor MATCH *lock* COUNT 1000` loop (redis-py), no reads;
# and while each runs, `redis-cli --latency-history -i 0.25` samples the server's latency
# (PING round trips, whole ms). Where `perf` can trace the server (root, or a low
# kernel.perf_event_paranoid), it also records the server's event-loop iterations
# (redis_loop_iterations.py): a request waits at most one of them, and their time on the CPU is
# the server's latency without the scheduler's share, which on a 2-core machine shared with the
# client and the sampler is most of a PING's round trip. Prints a table and the ratios. Targets
# (issue 17): LockScope at most redis-py's time and at most 2x the floor; the server's latency
# not above today's 1 ms (its longest loop iteration on the CPU, else the sampler's PINGs).
#
# Environment: KEYS, LOCKS (LOCKS=KEYS: every key a lock key), COUNT (LockScope's SCAN COUNT;
# default: its own), LOOP_TRACE=0 (no perf tracing), OLD_CLI, REDIS_SERVER, REDIS_CLI, PYTHON_REDIS (a python3 with redis-py,
# default /usr/bin/python3); for the window (part 4): PORT (a server on 127.0.0.1:PORT loaded
# already, as this script would load it: nothing is started or loaded),
# WINDOW_ONLY=1 (parts a-c left out), FOLLOW_MS (default 5000: how long the page follows
# lock_churn.py's CHURN_RATE, default 1,000, lock cycles a second after the scan; 0: not),
# OLD_WINDOW (a previous build's bench_monitor_window, run first, side by side), GAPS=1 (every
# gap above 16 ms with the events that filled it, on stderr).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cli="${1:-${LOCKSCOPE_CLI:-$here/../../build/app/lockscope-cli}}"
keys="${KEYS:-1000000}"
locks="${LOCKS:-100000}"
count="${COUNT:-}"
old_cli="${OLD_CLI:-}"
pyredis="${PYTHON_REDIS:-/usr/bin/python3}" # Debian's python3-redis

[ -x "$cli" ] || { echo "bench_monitor: no lockscope-cli at $cli (build it, or pass its path)" >&2; exit 2; }
[ -z "$old_cli" ] || [ -x "$old_cli" ] || { echo "bench_monitor: no OLD_CLI at $old_cli" >&2; exit 2; }
"$pyredis" -c 'import redis' 2>/dev/null ||
    { echo "bench_monitor: $pyredis cannot import redis (python3-redis)" >&2; exit 2; }
. "$here/bench_redis.sh"
latency_pid=""
bench_on_exit '[ -n "$latency_pid" ] && kill "$latency_pid"'
now_ms() { date +%s%3N; }
if [ -n "${PORT:-}" ]; then
    port="$PORT" # loaded already
    rc ping >/dev/null || { echo "bench_monitor: no server on 127.0.0.1:$port" >&2; exit 2; }
else
    bench_redis_start

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
fi # the load
dbsize=$(rc dbsize)
matches="${matches:-$(rc --scan --pattern '*lock*' | wc -l)}" # PORT: counted here

# The server's main thread (its process id), for perf; empty when perf cannot trace it.
server_main=""
if [ "${LOOP_TRACE:-1}" != 0 ] && command -v perf >/dev/null; then
    server_main=$(rc info server | tr -d '\r' | awk -F: '/^process_id:/ { print $2 }')
    perf record -q -e syscalls:sys_enter_epoll_wait -t "$server_main" -o "$work/probe.perf" \
        -- sleep 0.2 >/dev/null 2>&1 || server_main=""
fi
perf_pid=""
bench_on_exit '[ -n "$perf_pid" ] && kill -INT "$perf_pid"'

# Runs "$@" while redis-cli --latency-history samples the server (a PING every 10 ms; without a
# terminal it prints "min max avg samples" after each sample, in whole ms), and perf records the
# server's loop (into "$out.perf"); echoes the wall time.
with_latency() {
    local out="$1"; shift
    stdbuf -oL "$redis_cli" -p "$port" --latency-history -i 0.25 >"$out" 2>&1 &
    latency_pid=$!
    if [ -n "$server_main" ]; then
        perf record -q --switch-events -e syscalls:sys_enter_epoll_wait \
            -e syscalls:sys_exit_epoll_wait -t "$server_main" -o "$out.perf" >/dev/null 2>&1 &
        perf_pid=$!
    fi
    sleep 0.6 # a quiet sample first, and perf under way
    local start end
    start=$(now_ms)
    "$@"
    end=$(now_ms)
    sleep 0.4
    kill "$latency_pid" 2>/dev/null || true
    wait "$latency_pid" 2>/dev/null || true
    latency_pid=""
    if [ -n "$perf_pid" ]; then
        kill -INT "$perf_pid" 2>/dev/null || true
        wait "$perf_pid" 2>/dev/null || true
        perf_pid=""
    fi
    echo $(( end - start ))
}
max_latency() { awk 'NF == 4 { if ($2 > m) m = $2 } END { printf "%s", m + 0 }' "$1"; }
# "iterations N max_wall_ms X max_cpu_ms Y p99_cpu_ms Z over_1ms K" of a with_latency run.
loop_iterations() {
    if [ -s "$1.perf" ]; then
        perf script -i "$1.perf" --show-switch-events 2>/dev/null | python3 "$here/redis_loop_iterations.py"
    else
        echo "iterations - max_wall_ms - max_cpu_ms - p99_cpu_ms - over_1ms -"
    fi
}
samples() { awk 'NF == 4 { n++ } END { print n + 0 }' "$1"; }
calls() { rc info commandstats | tr -d '\r' | awk -F'[:=,]' '/^cmdstat_/ && !/^cmdstat_ping:/ { s += $3 } END { print s + 0 }'; } # not the sampler's PINGs

scans() { rc info commandstats | tr -d '\r' | awk -F'[:=,]' '/^cmdstat_scan:/ { print $3 + 0 }'; }

# One measurement: resets the server's command statistics, runs "$@" under with_latency, and
# sets r_ms, r_calls, r_scans, r_lat, r_samples, and from the server's loop r_loop_max (its
# longest iteration on the CPU, ms), r_loop_p99 and r_loop_over (iterations above 1 ms).
measure() {
    local name="$1"; shift
    rc config resetstat >/dev/null
    r_ms=$(with_latency "$work/lat-$name.txt" "$@")
    r_calls=$(( $(calls) - 1 )) # not the INFO just sent
    r_scans=$(scans)
    r_lat=$(max_latency "$work/lat-$name.txt")
    r_samples=$(samples "$work/lat-$name.txt")
    local loop
    read -r -a loop <<<"$(loop_iterations "$work/lat-$name.txt")"
    r_loop_max=${loop[5]}; r_loop_p99=${loop[7]}; r_loop_over=${loop[9]}
}

# a. LockScope (and a previous build, when OLD_CLI is given).
count_args=()
[ -n "$count" ] && count_args=(--count "$count")
lockscope() {
    "$1" monitor --redis "127.0.0.1:$port" --once --json "${count_args[@]}" --timeout 10000 \
        >"$work/snapshot.jsonl"
}
declare -A ms calls_ scans_ lat samples_ found recognised loop_max loop_p99 loop_over
loop_fields() { loop_max[$1]=$r_loop_max; loop_p99[$1]=$r_loop_p99; loop_over[$1]=$r_loop_over; }
run_lockscope() {
    local name="$1" bin="$2"
    measure "$name" lockscope "$bin"
    ms[$name]=$r_ms; calls_[$name]=$r_calls; scans_[$name]=$r_scans
    lat[$name]=$r_lat; samples_[$name]=$r_samples; loop_fields "$name"
    found[$name]=$(wc -l <"$work/snapshot.jsonl")
    recognised[$name]=$(grep -vc '"format":"unknown"' "$work/snapshot.jsonl" || true)
}
names=()
if [ "${WINDOW_ONLY:-}" != 1 ]; then
if [ -n "$old_cli" ]; then
    run_lockscope old "$old_cli"
    names+=(old)
fi
run_lockscope new "$cli"
names+=(new)

# b. redis-py: discovery, TYPE, then PTTL + the value, pipelined per 1,000 keys.
pybase() {
    "$pyredis" - "$port" >"$work/py.out" <<'PY'
import sys, redis
r = redis.Redis(host='127.0.0.1', port=int(sys.argv[1]))
found = 0
def read(batch):
    p = r.pipeline(transaction=False)
    for k in batch:
        p.type(k)
    types = p.execute()
    p = r.pipeline(transaction=False)
    for k, t in zip(batch, types):
        p.pttl(k)
        if t == b'string':
            p.get(k)
        elif t == b'hash':
            p.hgetall(k)
    p.execute()
batch = []
for k in r.scan_iter(match='*lock*', count=1000):
    batch.append(k)
    if len(batch) == 1000:
        read(batch)
        found += len(batch)
        batch = []
if batch:
    read(batch)
    found += len(batch)
print(found)
PY
}
measure py pybase
ms[py]=$r_ms; calls_[py]=$r_calls; scans_[py]=$r_scans; lat[py]=$r_lat; samples_[py]=$r_samples
loop_fields py
found[py]=$(cat "$work/py.out"); recognised[py]="-"

# c. The floor: SCAN ... COUNT 1000 until the cursor comes back to 0, nothing else.
floor() {
    "$pyredis" - "$port" >"$work/floor.out" <<'PY'
import sys, redis
r = redis.Redis(host='127.0.0.1', port=int(sys.argv[1]))
cursor, found = 0, 0
while True:
    cursor, keys = r.scan(cursor, match='*lock*', count=1000)
    found += len(keys)
    if cursor == 0:
        break
print(found)
PY
}
measure floor floor
ms[floor]=$r_ms; calls_[floor]=$r_calls; scans_[floor]=$r_scans; lat[floor]=$r_lat
samples_[floor]=$r_samples; found[floor]=$(cat "$work/floor.out"); recognised[floor]="-"
loop_fields floor

echo
echo "monitor snapshot of $dbsize keys, $matches lock keys ($(nproc) cores)"
row() { printf '%-34s' "$1"; shift; printf ' %22s' "$@"; printf '\n'; }
cols=("${names[@]}" py floor)
title() {
    case "$1" in
    old) echo "lockscope-cli (OLD_CLI)" ;;
    new) echo "lockscope-cli" ;;
    py) echo "redis-py" ;;
    floor) echo "bare SCAN floor" ;;
    esac
}
what() {
    case "$1" in
    old | new) echo "monitor --once --json" ;;
    py) echo "TYPE+PTTL+value" ;;
    floor) echo "COUNT 1000, no reads" ;;
    esac
}
field() { local -n a="$1"; local c out=(); for c in "${cols[@]}"; do out+=("${a[$c]}"); done; echo "${out[@]}"; }
heads=(); whats=(); for c in "${cols[@]}"; do heads+=("$(title "$c")"); whats+=("$(what "$c")"); done
row "" "${heads[@]}"
row "" "${whats[@]}"
# shellcheck disable=SC2046
row "wall time (ms)" $(field ms)
# shellcheck disable=SC2046
row "lock keys found" $(field found)
# shellcheck disable=SC2046
row "  in a recognised format" $(field recognised)
# shellcheck disable=SC2046
row "commands sent to the server" $(field calls_)
# shellcheck disable=SC2046
row "  of which SCAN" $(field scans_)
# shellcheck disable=SC2046
row "max PING latency (ms)" $(field lat)
# shellcheck disable=SC2046
row "  latency samples" $(field samples_)
# shellcheck disable=SC2046
row "server loop: longest on CPU (ms)" $(field loop_max)
# shellcheck disable=SC2046
row "  p99 of its iterations (ms)" $(field loop_p99)
# shellcheck disable=SC2046
row "  iterations above 1 ms" $(field loop_over)
echo
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }
for n in "${names[@]}"; do
    echo "$(title "$n"): $(ratio "${ms[$n]}" "${ms[py]}")x redis-py, $(ratio "${ms[$n]}" "${ms[floor]}")x the floor"
done
[ -n "$old_cli" ] && echo "lockscope-cli / OLD_CLI: $(ratio "${ms[new]}" "${ms[old]}")x"
verdict() { if awk -v c="$2" 'BEGIN { exit !c }'; then echo "met: $1"; else echo "missed: $1"; fi; }
verdict "lockscope-cli no slower than redis-py" "$(awk -v a="${ms[new]}" -v b="${ms[py]}" 'BEGIN { print (a <= b) }')"
verdict "lockscope-cli within 2x the floor" "$(awk -v a="${ms[new]}" -v b="${ms[floor]}" 'BEGIN { print (a <= 2 * b) }')"
if [ "${loop_max[new]}" != - ]; then
    verdict "server's loop at most 1 ms on the CPU while lockscope-cli scanned" \
        "$(awk -v m="${loop_max[new]}" 'BEGIN { print (m <= 1) }')"
else
    verdict "server latency (PING) at most 1 ms while lockscope-cli scanned" \
        "$(awk -v m="${lat[new]}" 'BEGIN { print (m <= 1) }')"
fi
fi # WINDOW_ONLY

# 4. The window: the monitor page (offscreen) snapshotting the same server; the event loop's
#    worst stall and p99 gap while it scans, for 5 s after it (re-reads), and while it follows
#    CHURN_RATE lock cycles a second (bench_monitor_window, built with the window); beside it
#    the CLI's snapshot of the same server just before, and the ratio (issue 17: at most 1.2x).
window_bench="${BENCH_MONITOR_WINDOW:-$(dirname "$cli")/../tests/bench/bench_monitor_window}"
follow_ms="${FOLLOW_MS:-5000}"
churn_rate="${CHURN_RATE:-1000}"
window_args=("redis://127.0.0.1:$port" --after 5000)
[ "$follow_ms" -gt 0 ] && window_args+=(--follow "$follow_ms" --churn
    "$pyredis $here/lock_churn.py --port $port --rate $churn_rate --keys 10000 --names fixed")
[ "${GAPS:-}" = 1 ] && window_args+=(--gaps)
run_window() { # name, bench binary, CLI binary
    local start end cli_ms page_ms
    start=$(now_ms)
    "$3" monitor --redis "127.0.0.1:$port" --once --json --timeout 10000 >"$work/window-cli.jsonl"
    end=$(now_ms)
    cli_ms=$(( end - start ))
    echo "== $1: $(basename "$2") (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    # The default settings: anomalies judged as keys arrive and on the 1 s tick (anomaly_index.h).
    QT_QPA_PLATFORM=offscreen "$2" "${window_args[@]}" | tee "$work/window-$1.txt" ||
        echo "bench_monitor_window failed" >&2
    page_ms=$(awk '/full scan/ { for (i = 1; i < NF; i++) if ($i == "scan") print $(i + 1) }' "$work/window-$1.txt")
    echo "page's full scan ${page_ms:-?} ms, lockscope-cli monitor --once $cli_ms ms" \
        "($(wc -l <"$work/window-cli.jsonl") keys): $(ratio "${page_ms:-0}" "$cli_ms")x the CLI (target: at most 1.20x)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }
if [ -x "$window_bench" ]; then
    echo
    [ -n "${OLD_WINDOW:-}" ] && run_window old "$OLD_WINDOW" "${old_cli:-$cli}"
    run_window new "$window_bench" "$cli"
else
    echo "(no $window_bench: build bench_monitor_window for the window's figures)"
fi
