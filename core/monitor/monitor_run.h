// Running a KeyMonitor without a window: until its first snapshot is complete, or for a while
// (until a duration ends or the caller says stop). The CLI's `monitor` command stands on these;
// each runs a local event loop, like runLiveBench.
#pragma once

#include "key_monitor.h"

#include <QString>

#include <functional>

namespace lockscope {

// Starts the monitor (if needed) and runs the event loop until its first scan is complete.
// False with *error (one line) when it failed first, or when nothing was complete after
// timeoutMs.
bool runUntilSnapshot(KeyMonitor &monitor, qint64 timeoutMs, QString *error);

// Runs until durationMs has passed (<= 0: no limit) or `stop` returns true (polled every
// 50 ms). False with *error if the monitor failed, or if its first connection failed (an
// unreachable server, a wrong password: there is nothing to follow). Later outages are the
// monitor's to report and recover from: they do not end the run.
bool runFollow(KeyMonitor &monitor, qint64 durationMs, const std::function<bool()> &stop,
               QString *error);

// The snapshot as a text table, one key per line, then the anomalies in sentences.
QString snapshotTable(const KeyMonitor &monitor, qint64 nowUs);

} // namespace lockscope
