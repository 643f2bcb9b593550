// One field of an INFO reply's text ("run_id", "uptime_in_seconds", "cmdstat_scan"): the value
// after "name:" on its line, trimmed, or "" when the reply is not a bulk string or has no such
// line. INFO's lines are "name:value", grouped under "# Section" headers.
#pragma once

#include "reply.h"

#include <QByteArray>

namespace lockscope {

QByteArray infoField(const Reply &info, const QByteArray &name);

} // namespace lockscope
