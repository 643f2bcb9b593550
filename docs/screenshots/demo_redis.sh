# Sourced by docs/screenshots/make.sh and docs/guide/screenshots.sh: start_demo_redis starts a
# throwaway redis-server on a free loopback port ($demo_port) holding lock keys in several formats
# (redis-py, Redisson reentrant and fair locks, node-redlock, go-redsync, LockScope, one without
# TTL) and a lock changing hands every 0.4 s; keyspace notifications off, so the monitor page
# shows the CONFIG SET that would turn them on. stop_demo_redis stops it (also on EXIT).
start_demo_redis() {
    demo_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    demo_dir="$(mktemp -d)"
    redis-server --port "$demo_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$demo_dir" \
        --logfile "$demo_dir/redis.log" --daemonize no &
    demo_redis_pid=$!
    demo_churn_pid=""
    trap stop_demo_redis EXIT
    r() { redis-cli -p "$demo_port" "$@" >/dev/null; }
    for _ in $(seq 100); do redis-cli -p "$demo_port" ping >/dev/null 2>&1 && break; sleep 0.05; done
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
    (for i in $(seq 80); do
        r SET lock:jobs:nightly "w$((i % 3)):1:$(printf '%08x' "$i")" PX 3000
        sleep 0.3
        r DEL lock:jobs:nightly
        sleep 0.1
    done) &
    demo_churn_pid=$!
    sleep 1
}

stop_demo_redis() {
    # shellcheck disable=SC2086 # one or more pids
    [ -n "${demo_churn_pid:-}" ] && kill $demo_churn_pid 2>/dev/null || true
    [ -n "${demo_redis_pid:-}" ] && kill "$demo_redis_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    [ -n "${demo_dir:-}" ] && rm -rf "$demo_dir"
    demo_churn_pid="" demo_redis_pid="" demo_dir=""
    trap - EXIT
}

# start_lease_demo_redis: a throwaway server with keyspace notifications on and two watchdog-style
# holders with a 3 s lease renewed every second (redis-py tokens): orders:lock releases after four
# renewals; payments:lock stalls once (its third renewal comes with about 300 ms left, late) and
# then stops renewing, so its lease runs out. The lease chart and the Anomalies tab show both.
# stop_demo_redis stops it.
start_lease_demo_redis() {
    demo_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    demo_dir="$(mktemp -d)"
    redis-server --port "$demo_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$demo_dir" \
        --notify-keyspace-events 'Kg$hx' --logfile "$demo_dir/redis.log" --daemonize no &
    demo_redis_pid=$!
    trap stop_demo_redis EXIT
    r() { redis-cli -p "$demo_port" "$@" >/dev/null; }
    token() { python3 -c 'import uuid; print(uuid.uuid1().hex)'; }
    for _ in $(seq 100); do redis-cli -p "$demo_port" ping >/dev/null 2>&1 && break; sleep 0.05; done
    (for _ in $(seq 20); do
        r SET orders:lock "$(token)" PX 3000
        for _ in 1 2 3 4; do sleep 1; r PEXPIRE orders:lock 3000; done
        sleep 0.5; r DEL orders:lock; sleep 0.5
    done) &
    local healthy=$!
    (for _ in $(seq 20); do
        r SET payments:lock "$(token)" PX 3000
        for _ in 1 2; do sleep 1; r PEXPIRE payments:lock 3000; done
        sleep 2.7; r PEXPIRE payments:lock 3000
        sleep 4
    done) &
    demo_churn_pid="$healthy $!"
}
