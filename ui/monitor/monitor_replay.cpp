#include "monitor_replay.h"

#include "common/key_table_model.h"
#include "common/run_data.h"

#include <QCoreApplication>
#include <QFile>

namespace lockscope::ui {

MonitorReplay::MonitorReplay(std::unique_ptr<EventLog> log)
    : m_log(std::move(log))
{}

MonitorReplay::~MonitorReplay() = default;

std::unique_ptr<MonitorReplay> MonitorReplay::open(const QString &path, QString *error)
{
    // The texts were the page's and keep its translation context.
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return nullptr;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QCoreApplication::translate("lockscope::ui::MonitorPage", "Cannot open %1: %2")
                        .arg(path, file.errorString()));
    auto log = std::make_unique<EventLog>();
    QString why;
    if (!EventLog::readJsonLines(file, log.get(), &why))
        return fail(
            QCoreApplication::translate("lockscope::ui::MonitorPage", "%1: %2").arg(path, why));
    return std::unique_ptr<MonitorReplay>(new MonitorReplay(std::move(log)));
}

void MonitorReplay::showIn(std::shared_ptr<const RunData> run, KeyTableModel *model)
{
    m_run = std::move(run);
    std::vector<KeyTableModel::Row> rows;
    for (const KeyLane &lane : m_run->keyLanes()) {
        if (!lane.quorum) // a Redlock key's majority: the table has its copies on each node
            rows.push_back({lane.key, lane.node, lane.keyName, lane.nodeName});
    }
    QStringList owners;
    for (const ClientLane &lane : m_run->clientLanes())
        owners << lane.name;
    qint64 ttlMax = 1000;
    for (const KeyLane &lane : m_run->keyLanes()) {
        for (const KeySpan &s : lane.spans)
            ttlMax = qMax(ttlMax, s.ttlMs);
    }
    model->setRows(std::move(rows), owners, m_run->log().sharedStrings(), ttlMax);
    m_cursor = std::make_unique<StateCursor>();
    m_cursor->reset(m_run.get());
}

void MonitorReplay::seek(qint64 timeUs, KeyTableModel *model)
{
    if (!m_cursor)
        return;
    m_cursor->seek(timeUs);
    model->setStates(m_cursor->state().keys(), timeUs);
}

} // namespace lockscope::ui
