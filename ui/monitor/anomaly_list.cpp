#include "anomaly_list.h"

#include "common/run_data.h"
#include "common/theme.h"
#include "monitor/key_monitor.h"

#include <QCoreApplication>

namespace lockscope::ui {

AnomalyList::AnomalyList(QWidget *parent)
    : QListWidget(parent)
{
    setWordWrap(true);
    connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item)
            Q_EMIT keyChosen(item->data(Qt::UserRole).toByteArray());
    });
}

qsizetype AnomalyList::liveCount(const KeyMonitor &monitor)
{
    return monitor.anomalyCount() + qsizetype(monitor.leaseFindingCount());
}

qsizetype AnomalyList::showLive(const KeyMonitor &monitor, const Theme &theme)
{
    const QList<Anomaly> list = monitor.anomalies(kMaxListed);
    const qsizetype total = monitor.anomalyCount();
    const qsizetype shown = list.size();
    // The lease rhythm's findings follow, newest first: what happened, under what is now.
    const std::vector<LeaseFinding> leases = monitor.leaseFindings();
    const auto leaseTotal = qsizetype(monitor.leaseFindingCount());
    QStringList ids;
    ids.reserve(shown + qsizetype(leases.size()) + 1);
    for (qsizetype i = 0; i < shown; ++i)
        ids << list[i].id + QLatin1Char('|') + list[i].sentence;
    for (const LeaseFinding &f : leases)
        ids << f.id() + QLatin1Char('|') + QString::number(f.timeUs) + QLatin1Char('|') +
                   QString::fromUtf8(f.key);
    ids << QString::number(total) << QString::number(leaseTotal);
    if (ids == m_shownIds)
        return liveCount(monitor);
    m_shownIds = ids;
    const QSignalBlocker block(this);
    clear();
    for (qsizetype i = 0; i < shown; ++i) {
        const Anomaly &a = list[i];
        auto *item = new QListWidgetItem(a.sentence, this);
        item->setData(Qt::UserRole, a.key);
        item->setToolTip(a.rule);
        if (a.rule == QLatin1String("no-ttl"))
            item->setForeground(theme.problem);
    }
    // The texts split out of the page keep its translation context.
    if (total > shown)
        new QListWidgetItem(
            QCoreApplication::translate("lockscope::ui::MonitorPage",
                                        "… and %1 more (select a key to see its own).")
                .arg(total - shown),
            this);
    for (auto it = leases.rbegin(); it != leases.rend(); ++it) {
        auto *item = new QListWidgetItem(it->sentence(), this);
        item->setData(Qt::UserRole, it->key);
        item->setToolTip(it->id());
        item->setForeground(it->kind == LeaseFinding::Kind::RanOutUnderLiveHolder ? theme.problem
                                                                                  : theme.warning);
    }
    if (leaseTotal > qsizetype(leases.size()))
        new QListWidgetItem(
            QCoreApplication::translate("lockscope::ui::MonitorPage",
                                        "… and %1 earlier lease findings (in the recording).")
                .arg(leaseTotal - qsizetype(leases.size())),
            this);
    return liveCount(monitor);
}

void AnomalyList::showRecording(const RunData &run)
{
    clearAll();
    for (const Event &e : run.log().events()) {
        if (e.kind != EventKind::Note)
            continue;
        const QString text = run.text(e.text);
        if (!text.startsWith(QLatin1String("anomaly ")))
            continue;
        auto *item = new QListWidgetItem(text.mid(text.indexOf(QLatin1Char(':')) + 2), this);
        item->setData(Qt::UserRole, run.text(e.key).toUtf8());
    }
}

void AnomalyList::clearAll()
{
    clear();
    m_shownIds.clear();
}

} // namespace lockscope::ui
