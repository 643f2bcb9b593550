// Every fuzz target by name, for fuzz_replay. tests/fuzz/CMakeLists.txt lists the same names
// (one libFuzzer executable and one replay test each).
#pragma once

#define LOCKSCOPE_FUZZ_TARGETS(X)                                                                  \
    X(scenario)                                                                                    \
    X(event_log)                                                                                   \
    X(url)                                                                                         \
    X(profiles)                                                                                    \
    X(lock_value)                                                                                  \
    X(resp)                                                                                        \
    X(eval)
