#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan, in build-fuzz) and runs each for a bounded
# time on a copy of its corpus, as many at once as there are cores.
#   tests/fuzz/run-fuzzers.sh [SECONDS_EACH]      (default 45; LOCKSCOPE_FUZZ_BUILD=dir to move
#                                                  the build directory)
# Exits non-zero on any crash, hang (an input running over 10 s), memory blow-up or sanitizer
# report, printing the reproducer's path and the report. A reproducer belongs in
# tests/fuzz/regressions/<target>/ once fixed: the ordinary ctest suite replays it from there.
set -euo pipefail

seconds=${1:-45}
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
    echo "run-fuzzers.sh: SECONDS_EACH must be a positive whole number, got '$seconds'" >&2
    exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${LOCKSCOPE_FUZZ_BUILD:-$root/build-fuzz}
jobs=$(nproc)
started=$(date +%s)

for tool in clang clang++; do
    if ! command -v $tool >/dev/null; then
        echo "run-fuzzers.sh: $tool is missing (installer/install-build-deps.sh --ci installs it)" >&2
        exit 2
    fi
done

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++ -DLOCKSCOPE_FUZZ=ON >/dev/null
cmake --build "$build" -j "$jobs" --target fuzz_targets
built=$(date +%s)

# The targets, as fuzz_target_list.h names them.
mapfile -t targets < <(grep -o 'X([a-z_]*)' "$here/fuzz_target_list.h" | sed 's/X(\(.*\))/\1/')

# Everything a run writes goes here: the corpus copies (the fuzzer adds what it finds), logs and
# crashing inputs. The repository is only read.
runs="$build/fuzz-runs"
rm -rf "$runs"
mkdir -p "$runs"

run_one() {
    local name=$1 dir="$runs/$1"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    cp -r "$here/corpus/$name/." "$dir/corpus/"
    if [ -d "$here/regressions/$name" ]; then
        cp -r "$here/regressions/$name/." "$dir/corpus/"
    fi
    local args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024
                -print_final_stats=1 -artifact_prefix="$dir/artifacts/")
    [ -f "$here/dict/$name.dict" ] && args+=(-dict="$here/dict/$name.dict")
    local status=0
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
        "$build/tests/fuzz/fuzz_$name" "${args[@]}" "$dir/corpus" >"$dir/log" 2>&1 || status=$?
    echo "$status" >"$dir/status"
}

echo "Fuzzing ${#targets[@]} targets for ${seconds} s each, $jobs at a time"
running=0
for name in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    run_one "$name" &
    running=$((running + 1))
done
wait

failed=0
for name in "${targets[@]}"; do
    dir="$runs/$name"
    status=$(cat "$dir/status" 2>/dev/null || echo missing)
    runs_done=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/log" | grep -o '[0-9]*$' || echo '?')
    if [ "$status" = 0 ]; then
        echo "ok    $name: $runs_done inputs"
        continue
    fi
    failed=1
    echo "FAIL  $name (exit $status): the report follows; reproducer(s):"
    find "$dir/artifacts" -type f -printf '      %p\n'
    echo "      replay: $build/tests/fuzz/fuzz_$name FILE; keep it in tests/fuzz/regressions/$name/"
    grep -n -A40 -m1 -E '==[0-9]+==ERROR|runtime error|ALARM|out-of-memory|deadly signal' "$dir/log" \
        | sed 's/^/      /' | head -60
done
finished=$(date +%s)
echo "Build $((built - started)) s, fuzzing $((finished - built)) s, total $((finished - started)) s"
exit $failed
