# Sourced by the monitor benchmarks (bench_monitor.sh, bench_monitor_rss.sh): a throw-away
# redis-server on a free loopback port, stopped and its directory removed when the script exits.
#
#   . "$here/bench_redis.sh"
#   bench_redis_start [extra redis-server arguments...]   # sets $port, $work; defines rc
#   bench_on_exit 'kill "$my_pid"'                        # more to do at exit, before the server
#
# Environment: REDIS_SERVER, REDIS_CLI (default redis-server, redis-cli on PATH).
redis_server="${REDIS_SERVER:-redis-server}"
redis_cli="${REDIS_CLI:-redis-cli}"
command -v "$redis_server" >/dev/null || { echo "$(basename "$0"): $redis_server not found" >&2; exit 2; }
command -v python3 >/dev/null || { echo "$(basename "$0"): python3 not found" >&2; exit 2; }

work="$(mktemp -d)"
port=""
server_pid=""
bench_exit_steps=()
bench_on_exit() { bench_exit_steps+=("$1"); }
bench_cleanup() {
    local step
    for step in "${bench_exit_steps[@]}"; do eval "$step" 2>/dev/null || true; done
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

rc() { "$redis_cli" -p "$port" "$@"; }

bench_redis_start() {
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    "$redis_server" --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
        --dir "$work" --logfile "$work/redis.log" "$@" &
    server_pid=$!
    local _
    for _ in $(seq 100); do
        rc ping >/dev/null 2>&1 && return 0
        sleep 0.05
    done
    echo "$(basename "$0"): redis-server did not start (see its log)" >&2
    cat "$work/redis.log" >&2
    exit 1
}
