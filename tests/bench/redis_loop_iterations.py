#!/usr/bin/env python3
# The server's side of "how long did a request wait": redis-server's event-loop iterations, from
# `perf script --show-switch-events` output of its main thread recorded with the
# syscalls:sys_{enter,exit}_epoll_wait tracepoints and --switch-events (bench_monitor.sh does
# the recording). An iteration runs from epoll_wait's return to the next call: a request that
# arrives during it waits for the rest of it. Its on-CPU time leaves out the stretches the thread
# was switched out: on a 2-core machine shared by the server, the client and a PING sampler,
# the sampler's round trips measure the scheduler as much as the server, and this does not.
#
#   perf script -i FILE --show-switch-events | redis_loop_iterations.py
# prints one line: "iterations N max_wall_ms X max_cpu_ms Y p99_cpu_ms Z over_1ms K" (K:
# iterations above 1 ms on CPU).
import re
import sys

stamp = re.compile(r"\s(\d+\.\d+):\s")
wall, cpu = [], []
loop_started = None  # epoll_wait's last return
switched_out = None  # when the thread was last switched out, while it is
off_cpu = 0.0  # switched-out time in the current iteration
for line in sys.stdin:
    m = stamp.search(line)
    if not m:
        continue
    t = float(m.group(1))
    if "PERF_RECORD_SWITCH" in line:
        if " OUT" in line:
            switched_out = t
        elif switched_out is not None:
            off_cpu += t - switched_out
            switched_out = None
    elif "sys_exit_epoll_wait" in line:
        loop_started, off_cpu = t, 0.0
    elif "sys_enter_epoll_wait" in line and loop_started is not None:
        wall.append((t - loop_started) * 1e3)
        cpu.append((t - loop_started - off_cpu) * 1e3)
        loop_started = None

if not cpu:
    print("iterations 0 max_wall_ms - max_cpu_ms - p99_cpu_ms - over_1ms -")
    sys.exit(0)
ordered = sorted(cpu)
p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
print(
    "iterations %d max_wall_ms %.2f max_cpu_ms %.2f p99_cpu_ms %.2f over_1ms %d"
    % (len(cpu), max(wall), max(cpu), p99, sum(1 for x in cpu if x > 1.0))
)
