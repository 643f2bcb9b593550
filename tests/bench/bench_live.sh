#!/usr/bin/env bash
# bench_live.sh — LockScope's live benchmark against the server's own ceiling and two peers.
#
# Not a test (the test suite never depends on the peers). In one run, on one fresh local
# redis-server (started here on a free port, stopped on exit) and the same number of clients C:
#
#   (a) redis-benchmark's rate, at concurrency C, for each command one lock cycle sends:
#       SET k v NX PX ttl, GET, SET, and EVALSHA of the compare-and-delete release script
#       (loaded first with SCRIPT LOAD); the ceiling for cycles is 1 / sum(1 / rate);
#   (b) lockscope-cli bench --strategy set-nx-px-lua --clients C --keys K --json;
#   (c) redis-py's Lock (Debian's python3-redis, run with /usr/bin/python3; installed with
#       apt-get when missing) in C threads, one connection each;
#   (d) node-redlock 4.x with ioredis (installed with npm into a temporary directory), C
#       concurrent async workers, one ioredis connection each.
#
# Every client runs the same cycle: acquire lock:<i mod K> (TTL 10 s), GET the counter of
# that lock, SET it to value + 1, release; each reports cycles per second, the p99 of its
# acquire latency, and whether its counters kept every increment. With K = C (the default)
# nobody waits for a lock, so the run measures what each client costs the server and itself;
# with K = 1 it is seed 001's contention experiment.
#
# Usage: tests/bench/bench_live.sh            (from anywhere in the repository)
# Environment:
#   CLIENTS=50  KEYS=$CLIENTS  DURATION_MS=5000  TTL_MS=10000  REQUESTS=200000 (per command)
#   LOCKSCOPE_CLI=path/to/lockscope-cli (default: the newest build*/app/lockscope-cli)
#   SKIP_PY=1 / SKIP_NODE=1 to leave a peer out.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLIENTS="${CLIENTS:-50}"
KEYS="${KEYS:-$CLIENTS}"
DURATION_MS="${DURATION_MS:-5000}"
TTL_MS="${TTL_MS:-10000}"
REQUESTS="${REQUESTS:-200000}"
PY=/usr/bin/python3

if [[ -z "${LOCKSCOPE_CLI:-}" ]]; then
    LOCKSCOPE_CLI="$(ls -t "$ROOT"/build*/app/lockscope-cli 2>/dev/null | head -n1 || true)"
fi
if [[ -z "$LOCKSCOPE_CLI" || ! -x "$LOCKSCOPE_CLI" ]]; then
    echo "bench_live.sh: no lockscope-cli found; build it or set LOCKSCOPE_CLI" >&2
    exit 2
fi
for tool in redis-server redis-benchmark redis-cli jq; do
    command -v "$tool" >/dev/null || { echo "bench_live.sh: $tool is missing" >&2; exit 2; }
done

WORK="$(mktemp -d /tmp/lockscope-bench-live.XXXXXX)"
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# --- the server ---------------------------------------------------------------------------------
PORT="$($PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
    --dir "$WORK" --logfile "$WORK/redis.log" &
SERVER_PID=$!
for _ in $(seq 100); do
    redis-cli -p "$PORT" ping >/dev/null 2>&1 && break
    sleep 0.05
done
redis-cli -p "$PORT" ping >/dev/null
CLI=(redis-cli -p "$PORT")
echo "redis-server $(redis-server --version | sed -n 's/.*v=\([^ ]*\).*/\1/p') on 127.0.0.1:$PORT;" \
     "$CLIENTS clients, $KEYS lock keys, ${DURATION_MS} ms per run, $(nproc) CPUs"

# --- (a) redis-benchmark -------------------------------------------------------------------------
SHA="$("${CLI[@]}" SCRIPT LOAD "$(cat "$ROOT/resources/scripts/compare_and_delete.lua")")"
rate() { # prints the requests per second redis-benchmark measured for one command
    redis-benchmark -h 127.0.0.1 -p "$PORT" -c "$CLIENTS" -n "$REQUESTS" -r 100000 --csv "$@" \
        | tail -n1 | cut -d, -f2 | tr -d '"'
}
"${CLI[@]}" FLUSHALL >/dev/null
R_SETNX="$(rate SET 'bench:lock:__rand_int__' token NX PX "$TTL_MS")"
R_GET="$(rate GET 'bench:counter:__rand_int__')"
R_SET="$(rate SET 'bench:counter:__rand_int__' 1)"
R_EVALSHA="$(rate EVALSHA "$SHA" 1 'bench:lock:__rand_int__' token)"
"${CLI[@]}" FLUSHALL >/dev/null
CEILING="$($PY -c "print(1.0 / sum(1.0 / float(r) for r in ['$R_SETNX', '$R_GET', '$R_SET', '$R_EVALSHA']))")"

# --- (b) LockScope -------------------------------------------------------------------------------
"$LOCKSCOPE_CLI" bench --redis "127.0.0.1:$PORT" --strategy set-nx-px-lua --clients "$CLIENTS" \
    --keys "$KEYS" --ttl "$TTL_MS" --duration "$DURATION_MS" --json >"$WORK/lockscope.json"
LS_RATE="$(jq '.cycles_per_s' "$WORK/lockscope.json")"
LS_P99="$(jq '.acquire_latency_ms.p99' "$WORK/lockscope.json")"
LS_OK="$(jq 'if .lost_updates == 0 and .counter_actual == .counter_expected then "yes" else "NO (\(.lost_updates) lost)" end' -r "$WORK/lockscope.json")"
LS_ERR="$(jq '.error_count' "$WORK/lockscope.json")"
[[ "$("${CLI[@]}" DBSIZE)" == 0 ]] || echo "warning: lockscope-cli left keys behind" >&2

# --- (c) redis-py ---------------------------------------------------------------------------------
PY_RATE="-" PY_P99="-" PY_OK="-" PY_NOTE="skipped"
if [[ -z "${SKIP_PY:-}" ]]; then
    if ! $PY -c 'import redis' 2>/dev/null; then
        echo "installing Debian's python3-redis ..." >&2
        SUDO=""; [[ "$(id -u)" == 0 ]] || SUDO=sudo
        $SUDO apt-get update -qq >/dev/null && $SUDO apt-get install -y -qq python3-redis >/dev/null
    fi
    cat >"$WORK/pybench.py" <<'EOF'
# redis-py's Lock: C threads, one connection each, the same cycle as lockscope-cli bench.
import json, sys, threading, time
import redis

host, port, clients, keys, duration_ms, ttl_ms = sys.argv[1], int(sys.argv[2]), *map(int, sys.argv[3:7])
prefix = "pybench:"
conns = [redis.Redis(host=host, port=port) for _ in range(clients)]
for c in conns:
    c.ping()  # connect before the clock starts
results = [None] * clients
start_at = time.perf_counter() + 0.2
deadline = start_at + duration_ms / 1000.0

def worker(i):
    r = conns[i]
    key, counter = f"{prefix}lock:{i % keys}", f"{prefix}counter:{i % keys}"
    cycles, increments, lat = 0, 0, []
    time.sleep(max(0.0, start_at - time.perf_counter()))
    while time.perf_counter() < deadline:
        lock = r.lock(key, timeout=ttl_ms / 1000.0, sleep=0.001)
        t0 = time.perf_counter()
        if not lock.acquire(blocking=True, blocking_timeout=max(0.001, deadline - t0)):
            continue
        lat.append(time.perf_counter() - t0)
        value = int(r.get(counter) or 0)
        r.set(counter, value + 1)
        increments += 1
        lock.release()
        cycles += 1
    results[i] = (cycles, increments, lat)

threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
for t in threads:
    t.start()
for t in threads:
    t.join()
end = time.perf_counter()
cycles = sum(r[0] for r in results)
expected = sum(r[1] for r in results)
lat = sorted(x for r in results for x in r[2])
p99 = lat[max(0, -(-len(lat) * 99 // 100) - 1)] * 1000 if lat else 0
actual = sum(int(conns[0].get(f"{prefix}counter:{k}") or 0) for k in range(keys))
stale = list(conns[0].scan_iter(match=prefix + "*", count=1000))
if stale:
    conns[0].delete(*stale)
print(json.dumps({"cycles_per_s": cycles / (end - start_at), "p99_ms": p99,
                  "counter_expected": expected, "counter_actual": actual}))
EOF
    $PY "$WORK/pybench.py" 127.0.0.1 "$PORT" "$CLIENTS" "$KEYS" "$DURATION_MS" "$TTL_MS" \
        >"$WORK/py.json"
    PY_RATE="$(jq '.cycles_per_s' "$WORK/py.json")"
    PY_P99="$(jq '.p99_ms' "$WORK/py.json")"
    PY_OK="$(jq -r 'if .counter_actual == .counter_expected then "yes" else "NO" end' "$WORK/py.json")"
    PY_NOTE="redis-py $($PY -c 'import redis; print(redis.__version__)'), $CLIENTS threads"
fi

# --- (d) node-redlock --------------------------------------------------------------------------------
NODE_RATE="-" NODE_P99="-" NODE_OK="-" NODE_NOTE="skipped"
if [[ -z "${SKIP_NODE:-}" ]]; then
    (cd "$WORK" && npm init -y >/dev/null 2>&1 &&
        npm install --silent --no-audit --no-fund redlock@4 ioredis >/dev/null 2>&1) || {
        echo "bench_live.sh: npm install redlock@4 ioredis failed" >&2
        exit 1
    }
    cat >"$WORK/nodebench.js" <<'EOF'
// node-redlock 4 with ioredis: C async workers, one connection each, the same cycle.
const Redis = require("ioredis");
const Redlock = require("redlock");
const { performance } = require("perf_hooks");

const [host, portText, clientsText, keysText, durationText, ttlText] = process.argv.slice(2);
const [port, clients, keys, durationMs, ttlMs] =
    [portText, clientsText, keysText, durationText, ttlText].map(Number);
const prefix = "nodebench:";

async function main() {
    const conns = Array.from({ length: clients }, () => new Redis({ host, port }));
    await Promise.all(conns.map((c) => c.ping()));
    const start = performance.now();
    const deadline = start + durationMs;
    let cycles = 0, increments = 0;
    const lat = [];
    async function worker(i) {
        const c = conns[i];
        const redlock = new Redlock([c], { driftFactor: 0.01, retryCount: -1, retryDelay: 2,
                                           retryJitter: 2 });
        redlock.on("clientError", () => {});
        const key = `${prefix}lock:${i % keys}`, counter = `${prefix}counter:${i % keys}`;
        while (performance.now() < deadline) {
            const t0 = performance.now();
            const lock = await redlock.lock(key, ttlMs);
            lat.push(performance.now() - t0);
            const value = parseInt((await c.get(counter)) || "0", 10);
            await c.set(counter, value + 1);
            increments++;
            await lock.unlock();
            cycles++;
        }
    }
    await Promise.all(conns.map((_, i) => worker(i)));
    const end = performance.now();
    lat.sort((a, b) => a - b);
    const p99 = lat.length ? lat[Math.max(0, Math.ceil(lat.length * 0.99) - 1)] : 0;
    let actual = 0;
    for (let k = 0; k < keys; k++)
        actual += parseInt((await conns[0].get(`${prefix}counter:${k}`)) || "0", 10);
    const stale = await conns[0].keys(`${prefix}*`);
    if (stale.length) await conns[0].del(...stale);
    console.log(JSON.stringify({ cycles_per_s: cycles / ((end - start) / 1000), p99_ms: p99,
                                 counter_expected: increments, counter_actual: actual }));
    conns.forEach((c) => c.disconnect());
}
main().catch((e) => { console.error(e); process.exit(1); });
EOF
    (cd "$WORK" && node nodebench.js 127.0.0.1 "$PORT" "$CLIENTS" "$KEYS" "$DURATION_MS" \
        "$TTL_MS") >"$WORK/node.json"
    NODE_RATE="$(jq '.cycles_per_s' "$WORK/node.json")"
    NODE_P99="$(jq '.p99_ms' "$WORK/node.json")"
    NODE_OK="$(jq -r 'if .counter_actual == .counter_expected then "yes" else "NO" end' "$WORK/node.json")"
    NODE_NOTE="redlock $(cd "$WORK" && node -p 'require("redlock/package.json").version') + ioredis $(cd "$WORK" && node -p 'require("ioredis/package.json").version'), $CLIENTS workers"
fi

# --- the table ----------------------------------------------------------------------------------------
$PY - "$CEILING" <<EOF
import sys
ceiling = float(sys.argv[1])
def pct(rate):
    return "-" if rate in ("-", "") else f"{100.0 * float(rate) / ceiling:5.1f} %"
def num(x, fmt):
    return "-" if x in ("-", "") else format(float(x), fmt)
print()
print("redis-benchmark at concurrency $CLIENTS (requests/s):")
for name, rate in [("SET k v NX PX $TTL_MS", "$R_SETNX"), ("GET", "$R_GET"), ("SET", "$R_SET"),
                   ("EVALSHA compare_and_delete", "$R_EVALSHA")]:
    print(f"  {name:30} {float(rate):12,.0f}")
print(f"  {'ceiling = 1 / sum(1 / rate)':30} {ceiling:12,.0f} cycles/s")
print()
rows = [
    ("ceiling (redis-benchmark)", f"{ceiling:.0f}", "-", "100.0 %", "-", ""),
    ("LockScope set-nx-px-lua", "$LS_RATE", "$LS_P99", pct("$LS_RATE"), "$LS_OK",
     "lockscope-cli bench, $CLIENTS clients, errors $LS_ERR"),
    ("redis-py Lock", "$PY_RATE", "$PY_P99", pct("$PY_RATE"), "$PY_OK", "$PY_NOTE"),
    ("node-redlock + ioredis", "$NODE_RATE", "$NODE_P99", pct("$NODE_RATE"), "$NODE_OK",
     "$NODE_NOTE"),
]
print(f"| {'client':26} | {'cycles/s':>9} | {'p99 acquire':>11} | {'of ceiling':>10} | counter ok | notes")
print(f"|{'-' * 28}|{'-' * 11}|{'-' * 13}|{'-' * 12}|{'-' * 12}|------")
for name, rate, p99, share, ok, note in rows:
    p99s = "-" if p99 == "-" else f"{float(p99):.2f} ms"
    print(f"| {name:26} | {num(rate, '9.0f'):>9} | {p99s:>11} | {share:>10} | {ok:10} | {note}")
EOF
