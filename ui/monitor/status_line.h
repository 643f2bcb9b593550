// The monitor page's status line for a live monitor: its health in one sentence with the server
// (connecting, the scan's progress, watching, the error it lost the connection with), a lone
// cluster node's advice, and the file being recorded to.
#pragma once

#include <QString>

namespace lockscope {
class KeyMonitor;
} // namespace lockscope

namespace lockscope::ui {

struct StatusLine {
    QString text;
    bool problem = false; // said in the problem colour
    bool busy = false;    // connecting or scanning: the busy bar shows
};

// `profileServer`: the profile's server, named until the monitor knows the server's own name;
// `recordPath`: "" when not recording.
StatusLine statusLine(const KeyMonitor &monitor, const QString &profileServer,
                      const QString &recordPath);

} // namespace lockscope::ui
