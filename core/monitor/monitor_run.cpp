#include "monitor_run.h"

#include "monitor_clock.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTextStream>
#include <QTimer>

#include <climits>

namespace lockscope {

bool runUntilSnapshot(KeyMonitor &monitor, qint64 timeoutMs, QString *error)
{
    if (monitor.initialScanDone())
        return true;
    QEventLoop loop;
    bool failed = false;
    QString why;
    const auto c1 =
        QObject::connect(&monitor, &KeyMonitor::initialScanFinished, &loop, &QEventLoop::quit);
    const auto c2 =
        QObject::connect(&monitor, &KeyMonitor::failed, &loop, [&](const QString &message) {
            failed = true;
            why = message;
            loop.quit();
        });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, [&] {
        failed = true;
        why = QStringLiteral("no complete snapshot after %1 ms (%2)")
                  .arg(timeoutMs)
                  .arg(monitor.statusText());
        loop.quit();
    });
    if (timeoutMs > 0)
        timeout.start(int(qMin<qint64>(timeoutMs, INT_MAX)));
    if (monitor.health() == KeyMonitor::Health::Idle)
        monitor.start();
    if (!monitor.initialScanDone() && monitor.health() != KeyMonitor::Health::Failed)
        loop.exec();
    QObject::disconnect(c1);
    QObject::disconnect(c2);
    if (monitor.health() == KeyMonitor::Health::Failed && !failed) {
        failed = true;
        why = monitor.lastError();
    }
    if (failed && error)
        *error = why;
    return !failed;
}

bool runFollow(KeyMonitor &monitor, qint64 durationMs, const std::function<bool()> &stop,
               QString *error)
{
    QEventLoop loop;
    bool failed = false;
    QString why;
    const auto c1 =
        QObject::connect(&monitor, &KeyMonitor::failed, &loop, [&](const QString &message) {
            failed = true;
            why = message;
            loop.quit();
        });
    // Until the first snapshot, a dropped connection means the server was never really there.
    const auto c2 = QObject::connect(
        &monitor, &KeyMonitor::healthChanged, &loop, [&](KeyMonitor::Health health) {
            if (health == KeyMonitor::Health::Reconnecting && !monitor.initialScanDone()) {
                failed = true;
                why = monitor.lastError();
                loop.quit();
            }
        });
    QTimer end;
    end.setSingleShot(true);
    QObject::connect(&end, &QTimer::timeout, &loop, &QEventLoop::quit);
    if (durationMs > 0)
        end.start(int(qMin<qint64>(durationMs, INT_MAX)));
    QTimer poll;
    if (stop) {
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (stop())
                loop.quit();
        });
        poll.start(50);
    }
    if (monitor.health() == KeyMonitor::Health::Idle)
        monitor.start();
    if (monitor.health() != KeyMonitor::Health::Failed)
        loop.exec();
    QObject::disconnect(c1);
    QObject::disconnect(c2);
    if (monitor.health() == KeyMonitor::Health::Failed && !failed) {
        failed = true;
        why = monitor.lastError();
    }
    if (failed && error)
        *error = why;
    return !failed;
}

QString snapshotTable(const KeyMonitor &monitor, qint64 nowUs)
{
    QString s;
    QTextStream ts(&s);
    const auto entries = monitor.entries();
    auto cut = [](const QByteArray &b, int n) {
        QString t = QString::fromUtf8(displayBytes(b, 4 * n));
        return t.size() > n ? t.left(n - 1) + QChar(0x2026) : t;
    };
    ts << QStringLiteral("%1 %2 %3 %4 %5 %6 %7  %8\n")
              .arg(QStringLiteral("key"), -36)
              .arg(QStringLiteral("type"), -6)
              .arg(QStringLiteral("ttl ms"), 9)
              .arg(QStringLiteral("format"), -24)
              .arg(QStringLiteral("owner"), -40)
              .arg(QStringLiteral("hold"), 4)
              .arg(QStringLiteral("wait"), 4)
              .arg(QStringLiteral("anomalies"));
    for (const KeyEntry *e : entries) {
        const qint64 ttl = e->remainingTtlMs(nowUs);
        ts << QStringLiteral("%1 %2 %3 %4 %5 %6 %7  %8\n")
                  .arg(cut(e->key, 36), -36)
                  .arg(QString::fromLatin1(keyTypeName(e->type)), -6)
                  .arg(ttl < 0 ? QStringLiteral("-") : QString::number(ttl), 9)
                  .arg(QString::fromLatin1(e->format), -24)
                  .arg(e->lock.owner.isEmpty() ? QStringLiteral("-") : cut(e->lock.owner, 40), -40)
                  .arg(e->lock.holdCount, 4)
                  .arg(e->waiters < 0 ? QStringLiteral("-") : QString::number(e->waiters), 4)
                  .arg(e->anomalies.join(QLatin1Char(',')));
    }
    if (monitor.isRedlock()) {
        const QList<QByteArray> nodes = monitor.quorumNodes();
        ts << "\n"
           << QCoreApplication::translate("MonitorRun", "quorum (a majority is %1 of the %2 nodes)")
                  .arg(nodes.size() / 2 + 1)
                  .arg(nodes.size())
           << "\n";
        for (const KeyQuorum &q : monitor.quorums(nowUs))
            ts << "  " << cut(q.key, 36) << ": " << q.text(nodes) << "\n";
    }
    const auto anomalies = monitor.anomalies();
    if (!anomalies.isEmpty()) {
        ts << "\nanomalies\n";
        for (const Anomaly &a : anomalies)
            ts << "  " << a.id << ": " << a.sentence << "\n";
    }
    ts << "\n"
       << QCoreApplication::translate("MonitorRun", "%n key(s); %1", nullptr, int(entries.size()))
              .arg(monitor.statusText())
       << "\n";
    return s;
}

} // namespace lockscope
