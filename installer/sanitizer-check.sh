#!/usr/bin/env bash
# The test suite under the sanitizers, as CI runs it:
#   asan  build-asan/ with AddressSanitizer (leaks too) and UndefinedBehaviorSanitizer, then the
#         whole ctest suite there, the window's tests offscreen, all but test_package;
#   tsan  build-tsan/ with ThreadSanitizer, then the tests whose code runs on worker threads.
# Any report fails the run, whether it came from a test or from a program a test started
# (lockscope-cli, lockscope): ASan's, LSan's and TSan's reports are written to logs under the
# build directory and the check fails when a log exists, so a report swallowed by a test's
# output still counts. UBSan's end the process (see no_reports).
#
#   installer/sanitizer-check.sh [asan|tsan|all]     (all when not given)
#
# GCC's runtimes (libasan8, libubsan1, libtsan2) come with build-essential. Compiles go through
# ccache with paths relative to this checkout, so a second clone elsewhere gets the same hits.
# Tests wait LOCKSCOPE_TEST_TIME_SCALE times longer for what they wait for (the sanitizers slow
# everything several-fold); ctest's time limits grow by the same factor.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
halves=${1:-all}
case $halves in
asan | tsan | all) ;;
*)
    echo "usage: $0 [asan|tsan|all]" >&2
    exit 2
    ;;
esac
jobs=$(nproc)
supp=$root/installer/sanitizers

export CCACHE_BASEDIR=$root CCACHE_NOHASHDIR=1
export QT_QPA_PLATFORM=offscreen
scale=${LOCKSCOPE_TEST_TIME_SCALE:-4}
export LOCKSCOPE_TEST_TIME_SCALE=$scale
# Qt Test ends a test function after 5 minutes; test_matrix's whole-catalogue function takes
# longer than that under ASan on two busy cores.
export QTEST_FUNCTION_TIMEOUT=$((300000 * scale))
# test_property's 500 seeds take ~5 minutes under ASan; 50 run the same code paths (the normal
# build's ./test.sh runs all 500).
export LOCKSCOPE_PROPERTY_SEEDS=50

# -O1 rather than the usual -O3: less compile time, and the sanitizers' reports keep
# their lines. Debug also leaves Qt's own Q_ASSERTs in the inline code on.
configure() { # build-dir, extra cmake args...
    local dir=$1
    shift
    mkdir -p "$dir"
    cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS=-O1 \
        -DLOCKSCOPE_TEST_TIME_SCALE="$scale" "$@" >"$dir/configure.log" 2>&1 ||
        { cat "$dir/configure.log"; return 1; }
}

# Fails, and prints them, when the sanitizer wrote any report to its logs. GCC's UBSan ignores
# log_path next to ASan and writes to stderr; -fno-sanitize-recover ends the process there, and
# the tests' own output (ctest's LastTest.log) is searched for its "runtime error:" lines too.
no_reports() { # build-dir, name
    local reports found=0
    reports=$(find "$1/sanitizer-reports" -type f 2>/dev/null | sort)
    for r in $reports; do
        echo "=== $r"
        cat "$r"
        found=1
    done
    if grep -n -e 'runtime error:' -e 'ERROR: AddressSanitizer' -e 'ERROR: LeakSanitizer' \
        -e 'WARNING: ThreadSanitizer' "$1/Testing/Temporary/LastTest.log"; then
        found=1
    fi
    [ $found -eq 0 ] && return 0
    echo "$2: sanitizer reports above" >&2
    return 1
}

seconds() { date +%s; }
status=0

if [ "$halves" != tsan ]; then
    start=$(seconds)
    configure build-asan -DLOCKSCOPE_SANITIZE=ON
    # The test executables (lockscope-cli and lockscope come with the tests that run them) and
    # not the benchmarks or the packages. test_package is left out: it packs the whole build
    # with cpack and checks the .deb's contents and scripts, none of which is our C++ running;
    # ./test.sh runs it on the normal build.
    # A test's executable is not always named like the test (fuzz_replay runs as one test per
    # corpus), so the targets are the executables the tests' definitions name (ctest itself
    # names them only once they are built).
    mapfile -t targets < <(find build-asan -name CTestTestfile.cmake -exec cat {} + |
        sed -n 's/^add_test(\[=\[\([^]]*\)\]=\] "\([^"]*\)".*/\1 \2/p' |
        grep -v '^test_package ' | sed 's|.* .*/||' | sort -u)
    cmake --build build-asan -j"$jobs" --target "${targets[@]}"
    built=$(seconds)
    logs=$root/build-asan/sanitizer-reports
    rm -rf "$logs" && mkdir -p "$logs"
    # Leaks are checked (detect_leaks); the suppressions name only Qt's and the system's
    # libraries, each with its reason. A stack frame used after its function returned is
    # caught too (detect_stack_use_after_return): a lambda left behind in a Qt connection with
    # a reference to a local does exactly that.
    export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$logs/asan"
    export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
    ctest --test-dir build-asan -j"$jobs" --output-on-failure -E '^test_package$' || status=1
    no_reports build-asan "ASan/UBSan" || status=1
    unset ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS
    echo "ASan/UBSan: build $((built - start)) s, tests $(($(seconds) - built)) s"
fi

if [ "$halves" != asan ]; then
    start=$(seconds)
    configure build-tsan -DLOCKSCOPE_TSAN=ON
    # The tests whose code runs on more than one thread: the comparison's worker pool
    # (runComparison: test_matrix, test_determinism, test_cli's compare runs), the Compare
    # page's pool (test_compare_page; test_compare_script_limits stops its cells' scripts from
    # another thread), the workspace's runs (test_workspace_scripts cancels a running script
    # from the window's thread; test_window), the monitor history's builder thread
    # (test_monitor_page), and the live runs (test_live_client, test_live_bench, test_live_cli: our
    # code runs on the event loop there, the check is that nothing else touches it; the
    # workspace's Run on Real Redis plays one on a thread of its own: test_workspace_live; Explore's
    # worker threads: test_explore's threaded functions, test_explore_threads, and the Explore page
    # running them from a thread of its own, test_explore_page). test_property runs the same
    # runComparison as test_matrix, a thousand times more often: 2 minutes in the normal build,
    # far beyond CI's budget under TSan's slowdown.
    tests=(test_matrix test_determinism test_cli test_compare_page test_compare_script_limits
           test_workspace_scripts test_window test_monitor_page test_live_client test_live_bench
           test_live_cli test_workspace_live test_compare_agreement test_explore_threads
           test_explore_page)
    # test_explore_threads is a second ctest entry of the test_explore executable.
    cmake --build build-tsan -j"$jobs" --target "${tests[@]/test_explore_threads/test_explore}"
    built=$(seconds)
    logs=$root/build-tsan/sanitizer-reports
    rm -rf "$logs" && mkdir -p "$logs"
    # die_after_fork=0: test_matrix starts lockscope-cli with QProcess after its comparison
    # threads ran, and TSan ended the test in the forked child before the exec (Qt's QProcess
    # forks and execs, nothing of ours runs in between); with it, those tests run to the end.
    # ignore_noninstrumented_modules=1: memory accesses TSan intercepts (memmove, free) from
    # inside Debian's Qt, which is not built for TSan and orders its own threads with locks TSan
    # cannot see (the thread pool's queue, the posted-event list), are not judged; everything
    # our code does still is.
    export TSAN_OPTIONS="suppressions=$supp/tsan.supp:second_deadlock_stack=1:die_after_fork=0:ignore_noninstrumented_modules=1:log_path=$logs/tsan"
    regex="^($(IFS='|'; echo "${tests[*]}"))\$"
    ctest --test-dir build-tsan -j"$jobs" --output-on-failure -R "$regex" || status=1
    no_reports build-tsan "TSan" || status=1
    unset TSAN_OPTIONS
    echo "TSan: build $((built - start)) s, tests $(($(seconds) - built)) s"
fi

exit $status
