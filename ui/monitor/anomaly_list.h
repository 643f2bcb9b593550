// The monitor page's Anomalies tab: the live monitor's anomalies in sentences, then what its
// lease rhythm found (late renewals, leases that ran out; newest first), or those a recording
// noted. A server can hold a hundred thousand locks with one anomaly each, so a live
// list shows the first kMaxListed and a line saying how many more (the table and the details
// pane have the rest), and it is rebuilt only when what it would show changed. Choosing an
// anomaly selects its key (keyChosen).
#pragma once

#include <QListWidget>
#include <QStringList>

namespace lockscope {
class KeyMonitor;
} // namespace lockscope

namespace lockscope::ui {

class RunData;
struct Theme;

class AnomalyList final : public QListWidget {
    Q_OBJECT
public:
    static constexpr int kMaxListed = 500;

    explicit AnomalyList(QWidget *parent = nullptr);

    // Lists the monitor's anomalies (no-TTL ones in the theme's problem colour), then its
    // lease findings (in the warning colour; a lease that ran out under a live holder in the
    // problem colour); returns how many there are, also beyond those listed.
    qsizetype showLive(const KeyMonitor &monitor, const Theme &theme);
    // How many showLive() would say there are, without making the list.
    static qsizetype liveCount(const KeyMonitor &monitor);
    // Lists the anomalies a recording noted (its "anomaly <rule>: <sentence>" notes).
    void showRecording(const RunData &run);
    void clearAll();
    // The next showLive() rebuilds the list even if the anomalies are the same (the "… more"
    // line is in the language of the moment).
    void forgetShown() { m_shownIds.clear(); }

Q_SIGNALS:
    void keyChosen(const QByteArray &key);

private:
    QStringList m_shownIds; // id|sentence of each listed anomaly, then the total
};

} // namespace lockscope::ui
