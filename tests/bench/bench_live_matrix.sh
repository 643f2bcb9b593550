#!/usr/bin/env bash
# bench_live_matrix.sh — the live agreement matrix (issue 15): every built-in scenario x every
# strategy, each cell simulated and played live REPETITIONS times on real redis-server
# processes that lockscope-cli starts on free loopback ports (and stops), time-scaled so the
# whole matrix fits in minutes. Prints the matrix, the cells that disagree or cannot run live
# with their reasons, the wall time, and writes the CSV beside it for the README.
#
# Not a test: a benchmark-style run whose figures go into the README.
#
# Usage: tests/bench/bench_live_matrix.sh            (from anywhere in the repository)
# Environment:
#   REPETITIONS=3  PARALLEL=2  TIME_SCALE= (empty: per scenario, TTLs >= 1 s)
#   CSV=/tmp/lockscope-live-matrix.csv
#   LOCKSCOPE_CLI=path/to/lockscope-cli (default: the newest build*/app/lockscope-cli)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
REPETITIONS="${REPETITIONS:-3}"
PARALLEL="${PARALLEL:-2}"
CSV="${CSV:-/tmp/lockscope-live-matrix.csv}"
if [[ -z "${LOCKSCOPE_CLI:-}" ]]; then
    LOCKSCOPE_CLI="$(ls -t "$ROOT"/build*/app/lockscope-cli 2>/dev/null | head -n1 || true)"
fi
if [[ -z "$LOCKSCOPE_CLI" || ! -x "$LOCKSCOPE_CLI" ]]; then
    echo "bench_live_matrix: build lockscope-cli first (./run.sh or cmake --build build)" >&2
    exit 2
fi
scale=()
[[ -n "${TIME_SCALE:-}" ]] && scale=(--time-scale "$TIME_SCALE")

echo "lockscope-cli: $LOCKSCOPE_CLI"
echo "redis-server:  $(redis-server --version | head -n1)"
echo "machine:       $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "repetitions:   $REPETITIONS per cell, $PARALLEL cells at once"
echo

start=$(date +%s.%N)
status=0
"$LOCKSCOPE_CLI" compare --all-scenarios --live --repetitions "$REPETITIONS" \
    --parallel "$PARALLEL" "${scale[@]}" --csv >"$CSV" || status=$?
end=$(date +%s.%N)
# The readable matrix, from the same cells.
python3 - "$CSV" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
scenarios = list(dict.fromkeys(r["scenario"] for r in rows))
strategies = list(dict.fromkeys(r["strategy"] for r in rows))
code = {"safe": "ok", "unsafe": "UNSAFE", "liveness-loss": "live"}
print("| scenario | " + " | ".join(strategies) + " |")
print("|---" * (len(strategies) + 1) + "|")
for s in scenarios:
    cells = []
    for t in strategies:
        r = next((r for r in rows if r["scenario"] == s and r["strategy"] == t), None)
        if r is None:
            cells.append("")
        elif r["status"] == "not-reproducible":
            cells.append("n/a")
        else:
            sim = code.get(r["simulated"].split(";")[0], "?")
            mark = "" if r["status"] == "agree" else " ≠"
            cells.append(f"{sim} {r['agreeing']}/{r['repetitions']}{mark}")
    print(f"| {s} | " + " | ".join(cells) + " |")
print()
for r in rows:
    if r["status"] != "agree":
        print(f"- {r['status']}: {r['scenario']} x {r['strategy']}: {r['reason']}")
counts = {}
for r in rows:
    counts[r["status"]] = counts.get(r["status"], 0) + 1
print()
print("cells:", ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
PY
python3 -c 'import sys; print("wall time: %.0f s (CSV: %s)" % (float(sys.argv[2]) - float(sys.argv[1]), sys.argv[3]))' "$start" "$end" "$CSV"
exit "$status"
