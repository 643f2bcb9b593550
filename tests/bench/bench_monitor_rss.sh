#!/usr/bin/env bash
# Memory of a long monitor run (not a test): does `monitor --follow` stay flat under churn?
#
#   tests/bench/bench_monitor_rss.sh [path/to/lockscope-cli]
#
# Starts its own redis-server on a free loopback port with keyspace notifications on (as a
# production server watched by the monitor would have them), and lock_churn.py beside it:
# RATE lock cycles a second (default 1000) over KEYS keys (default 10,000), redis-py's SET NX
# PX with a uuid4 token and compare-and-delete release, key names NAMES=fixed (lock:0 ..
# lock:9999) or unique (a new lock:<uuid> each cycle). Then, one after the other, for DURATION
# seconds each (default 600), each of SUBJECTS (default "cli cli-record window"):
#   cli         lockscope-cli monitor --redis ... --follow --json (stdout counted, not kept)
#   cli-record  the same with --record FILE (a temporary file; its size is shown)
#   window      the window's monitor page, offscreen (bench_monitor_window --after)
# and samples the process's RSS (VmRSS in /proc/PID/status) every SAMPLE seconds (default 30),
# printing a table: time, RSS in MiB, events seen (the JSON lines printed so far), recording
# size. Finally one line per subject: RSS at 1, 2, 5 and 10 min (those within DURATION) and
# the growth from 2 min to the end.
#
# Environment: DURATION, SAMPLE, RATE, KEYS, NAMES, SUBJECTS, MONITOR_ARGS (more monitor
# options), WRAP (a command to run the CLI under, e.g. "heaptrack -o /tmp/ls"), REDIS_SERVER,
# REDIS_CLI, PYTHON_REDIS (a python3 with redis-py, default /usr/bin/python3),
# BENCH_MONITOR_WINDOW (default: beside the CLI's build).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cli="${1:-${LOCKSCOPE_CLI:-$here/../../build/app/lockscope-cli}}"
duration="${DURATION:-600}"
sample="${SAMPLE:-30}"
rate="${RATE:-1000}"
keys="${KEYS:-10000}"
names="${NAMES:-fixed}"
subjects="${SUBJECTS:-cli cli-record window}"
pyredis="${PYTHON_REDIS:-/usr/bin/python3}" # Debian's python3-redis
window_bench="${BENCH_MONITOR_WINDOW:-$(dirname "$cli")/../tests/bench/bench_monitor_window}"

[ -x "$cli" ] || { echo "bench_monitor_rss: no lockscope-cli at $cli (build it, or pass its path)" >&2; exit 2; }
"$pyredis" -c 'import redis' 2>/dev/null ||
    { echo "bench_monitor_rss: $pyredis has no redis module (apt-get install python3-redis)" >&2; exit 2; }
. "$here/bench_redis.sh"
churn_pid=""
subject_pid=""
bench_on_exit '[ -n "$subject_pid" ] && kill "$subject_pid"'
bench_on_exit '[ -n "$churn_pid" ] && kill "$churn_pid"'
bench_redis_start --notify-keyspace-events KEA

echo "redis-server on 127.0.0.1:$port; churn: $rate cycles/s over $keys keys ($names names)" >&2
"$pyredis" "$here/lock_churn.py" --port "$port" --rate "$rate" --keys "$keys" --names "$names" \
    2>"$work/churn.log" &
churn_pid=$!
sleep 5 # the churn reaches its steady state of held keys

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
summaries=()

run_subject() {
    local subject="$1" count="$work/$1.count" record="$work/$1.jsonl"
    rm -f "$count" "$record"
    echo 0 >"$count"
    # The JSON lines printed are counted, not kept: ten minutes of them are gigabytes.
    local counter=(awk -v f="$count" '{ n++ } n % 500 == 0 { print n > f; close(f) } END { print n + 0 > f }')
    case "$subject" in
    cli)
        ${WRAP:-} "$cli" monitor --redis "127.0.0.1:$port" --follow --json ${MONITOR_ARGS:-} \
            > >("${counter[@]}") 2>"$work/$subject.err" &
        ;;
    cli-record)
        ${WRAP:-} "$cli" monitor --redis "127.0.0.1:$port" --follow --json --record "$record" \
            ${MONITOR_ARGS:-} > >("${counter[@]}") 2>"$work/$subject.err" &
        ;;
    window)
        [ -x "$window_bench" ] || { echo "(no $window_bench: build bench_monitor_window for the window)"; return 0; }
        QT_QPA_PLATFORM=offscreen "$window_bench" "redis://127.0.0.1:$port" \
            --after $(( duration * 1000 + 60000 )) >"$work/$subject.out" 2>"$work/$subject.err" &
        ;;
    *) echo "bench_monitor_rss: unknown subject $subject (cli, cli-record, window)" >&2; exit 2 ;;
    esac
    subject_pid=$!
    echo
    echo "$subject: pid $subject_pid, $duration s, RSS every $sample s"
    printf '%8s %10s %14s %14s\n' "time s" "RSS MiB" "events seen" "recording MiB"
    local t=0 kib seen last_seen="-" rss1="-" rss2="-" rss5="-" rss10="-" rss_end=0 peak=0
    local start=$SECONDS
    while [ "$t" -lt "$duration" ]; do
        sleep $(( sample - (SECONDS - start) % sample ))
        t=$(( SECONDS - start ))
        kill -0 "$subject_pid" 2>/dev/null || { echo "$subject ended early:"; cat "$work/$subject.err"; break; }
        kib=$(rss_kib "$subject_pid")
        rss_end=$kib
        [ "$kib" -gt "$peak" ] && peak=$kib
        [ "$t" -ge 60 ] && [ "$rss1" = "-" ] && rss1=$(mib "$kib")
        [ "$t" -ge 120 ] && [ "$rss2" = "-" ] && rss2=$(mib "$kib")
        [ "$t" -ge 300 ] && [ "$rss5" = "-" ] && rss5=$(mib "$kib")
        [ "$t" -ge 600 ] && [ "$rss10" = "-" ] && rss10=$(mib "$kib")
        local size="-"
        [ -f "$record" ] && size=$(mib $(( $(stat -c %s "$record") / 1024 )))
        # (the counter rewrites its file: an empty read is the moment between two writes)
        [ "$subject" != window ] && seen=$(cat "$count") && [ -n "$seen" ] && last_seen=$seen
        [ "$subject" = window ] && last_seen="-"
        printf '%8d %10s %14s %14s\n' "$t" "$(mib "$kib")" "$last_seen" "$size"
    done
    kill -INT "$subject_pid" 2>/dev/null || true # the CLI writes the last of its recording
    wait "$subject_pid" 2>/dev/null || true
    subject_pid=""
    summaries+=("$(printf '%-11s %8s %8s %8s %8s %9s %9s' "$subject" "$rss1" "$rss2" "$rss5" "$rss10" \
        "$(mib "$rss_end")" "$(mib "$peak")")")
}

for s in $subjects; do run_subject "$s"; done
kill "$churn_pid" 2>/dev/null || true
wait "$churn_pid" 2>/dev/null || true
churn_pid=""

echo
echo "RSS in MiB under $(tail -n1 "$work/churn.log" | sed 's/^churn: //') over $keys keys ($names names), $(nproc) cores"
printf '%-11s %8s %8s %8s %8s %9s %9s\n' "" "1 min" "2 min" "5 min" "10 min" "at end" "peak"
for line in "${summaries[@]}"; do echo "$line"; done
