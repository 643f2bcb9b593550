// One line of Redis's MONITOR stream, parsed: `1700000000.123456 [0 127.0.0.1:50144] "SET"
// "lock:0" "a b"` (the simple string's text, without the leading '+'). Arguments are quoted
// with Redis's escaping (sdscatrepr): \" \\ \n \r \t \a \b and \xHH for any other byte outside
// printable ASCII. A script's own redis.call()s show as `[0 lua]`; a Unix-socket client as
// `[0 unix:/path]` (the server's socket path, the same for every such client).
#pragma once

#include "redis/reply.h"

#include <QByteArrayView>

namespace lockscope {

struct MonitorLine {
    qint64 timeUs = 0; // the server's clock when it fed the line
    int db = 0;
    QByteArray client; // "127.0.0.1:50144", "[::1]:50144", "unix:/path"; empty for a script
    bool fromScript = false;
    Command argv;
};

// False when the text is not a MONITOR line (*out then unspecified).
bool parseMonitorLine(QByteArrayView text, MonitorLine *out);

} // namespace lockscope
