// The monitor page's details pane: what LockScope decoded from the selected key (key_details
// writes it), or, for a key that is gone or a recording's key, what its table row says.
#pragma once

#include "monitor/anomaly_rules.h"

#include <QTextBrowser>

class QAbstractItemModel;

namespace lockscope {
struct KeyEntry;
} // namespace lockscope

namespace lockscope::ui {

class KeyDetailsPane final : public QTextBrowser {
    Q_OBJECT
public:
    explicit KeyDetailsPane(QWidget *parent = nullptr);

    // `server`: where the key lives; nowUs: for the TTL left and "held for".
    void showEntry(const KeyEntry &entry, const QString &server, const QList<Anomaly> &anomalies,
                   qint64 nowUs);
    // The row's non-empty columns, each under its header.
    void showRow(const QAbstractItemModel &model, int row);
    void retranslate();
};

} // namespace lockscope::ui
