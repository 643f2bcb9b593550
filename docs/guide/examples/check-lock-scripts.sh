#!/usr/bin/env bash
# Judges a custom lock (your acquire and release Lua scripts) in every built-in scenario and fails
# when it does worse than set-nx-px-lua, the correct single-instance lock: more violations,
# mistaken deletions, stuck locks or lost updates on the same scenario and seed.
#
# Usage: check-lock-scripts.sh ACQUIRE.lua RELEASE.lua
# Environment: LOCKSCOPE_CLI (default lockscope-cli), SEEDS (default 3), BASELINE (default
# set-nx-px-lua). Needs jq. Exit codes: 0 no worse than the baseline, 1 worse somewhere,
# 2 bad input (a missing script, a Lua syntax error: lockscope-cli's own message).
set -euo pipefail
cli="${LOCKSCOPE_CLI:-lockscope-cli}"
seeds="${SEEDS:-3}"
baseline="${BASELINE:-set-nx-px-lua}"
if [ $# -ne 2 ]; then
    echo "usage: $0 ACQUIRE.lua RELEASE.lua" >&2
    exit 2
fi
acquire=$1
release=$2
# Without jq the gate would judge nothing and say "ok": refuse instead.
command -v jq >/dev/null || {
    echo "$0: needs jq (Debian package jq)" >&2
    exit 2
}

# One number per run: everything the checker counts as unsafe.
problems='.violations + .mistaken_deletions + .stuck_locks + .lost_updates'

# Read into a variable first: a failure inside a for loop's list would not stop the script.
scenarios=$("$cli" scenarios --json | jq -r '.[].id')
[ -n "$scenarios" ] || {
    echo "$0: $cli listed no scenarios" >&2
    exit 2
}
status=0
for scenario in $scenarios; do
    for seed in $(seq 1 "$seeds"); do
        mine=$("$cli" simulate --scenario "$scenario" --seed "$seed" \
            --acquire-script "$acquire" --release-script "$release" --json | jq "$problems") ||
            exit 2
        base=$("$cli" simulate --scenario "$scenario" --seed "$seed" --strategy "$baseline" \
            --json | jq "$problems")
        if [ "$mine" -gt "$base" ]; then
            echo "FAIL  $scenario seed $seed: $mine problem(s), $baseline has $base"
            status=1
        fi
    done
done
[ "$status" -eq 0 ] && echo "ok: no scenario is worse than $baseline ($seeds seeds each)"
exit "$status"
