// What the monitor decoded from one key, for the details pane: the format, the owner split into
// process and thread, hold count, read-write mode and holders, waiters in a fair lock's queue,
// the fencing counter, the TTL and the value, and the anomalies of the key in sentences. HTML,
// every label through tr().
#pragma once

#include "monitor/anomaly_rules.h"
#include "monitor/key_entry.h"

#include <QList>
#include <QString>

namespace lockscope::ui {

// `server`: where the key lives ("127.0.0.1:6379"). nowUs: for the TTL left and "held for".
QString keyDetailsHtml(const KeyEntry &entry, const QString &server,
                       const QList<Anomaly> &anomalies, qint64 nowUs);
// The plain-text pairs behind it (label, value), for tests and the clipboard.
QList<QPair<QString, QString>> keyDetailFields(const KeyEntry &entry, const QString &server,
                                               qint64 nowUs);

} // namespace lockscope::ui
