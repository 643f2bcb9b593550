#pragma once

#include <QStringList>

namespace lockscope::cli {

// Runs one lockscope-cli invocation; returns the process exit code (0 ok, 2 bad input).
int run(const QStringList &arguments);

} // namespace lockscope::cli
