#!/usr/bin/env bash
# Writes the simulator's event log and JSON report for every strategy x scenario (seeds 1 and 7)
# and every wait mode on `contention` and `split-vote`, one pair of files per run, so that two
# builds can be compared with `diff -r`: the simulator is a pure function of its inputs, and a
# speed-up must leave every byte of its output as it was. Each run is made a second time without
# --events (<run>.nolog.json): without a log to write the checker is the only listener, and the
# simulator takes other paths.
#
# Usage: tests/bench/sim_logs_snapshot.sh OUTDIR [CLI]
#   CLI defaults to build/app/lockscope-cli. Exit codes of single runs are recorded in the
#   OUTDIR/<run>.rc files (a strategy that cannot run a scenario fails the same way each time).
set -u
out=${1:?usage: $0 OUTDIR [CLI]}
cli=${2:-build/app/lockscope-cli}
mkdir -p "$out"

# The first word of each unindented line, without `strategies`' header line.
ids() { "$cli" "$1" | awk '/^[^ ]/ && $1 != "strategy" { print $1 }'; }
strategies=$(ids strategies)
scenarios=$(ids scenarios)

run() { # name, then simulate's options
    local name=$1
    shift
    "$cli" simulate "$@" --events "$out/$name.events.jsonl" --json >"$out/$name.json" 2>"$out/$name.err"
    echo $? >"$out/$name.rc"
    "$cli" simulate "$@" --json >"$out/$name.nolog.json" 2>"$out/$name.nolog.err"
    echo $? >"$out/$name.nolog.rc"
}

n=0
for strategy in $strategies; do
    for scenario in $scenarios; do
        for seed in 1 7; do
            run "$strategy.$scenario.s$seed" --strategy "$strategy" --scenario "$scenario" --seed "$seed"
            n=$((n + 1))
        done
        case $scenario in
        contention | split-vote)
            for wait in spin backoff pubsub; do
                run "$strategy.$scenario.w$wait" --strategy "$strategy" --scenario "$scenario" --wait "$wait"
                n=$((n + 1))
            done
            ;;
        esac
    done
done
echo "$n runs in $out"
