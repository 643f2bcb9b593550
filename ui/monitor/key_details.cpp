#include "key_details.h"

#include "monitor/monitor_explain.h"

#include <QCoreApplication>

namespace lockscope::ui {

namespace {

QString bytes(const QByteArray &b)
{
    return QString::fromUtf8(displayBytes(b, 512));
}

QString duration(qint64 ms)
{
    if (ms < 10000)
        return QCoreApplication::translate("KeyDetails", "%1 s")
            .arg(double(ms) / 1000.0, 0, 'f', 1);
    if (ms < 3600 * 1000)
        return QCoreApplication::translate("KeyDetails", "%1 min %2 s")
            .arg(ms / 60000)
            .arg((ms / 1000) % 60);
    return QCoreApplication::translate("KeyDetails", "%1 h %2 min")
        .arg(ms / 3600000)
        .arg((ms / 60000) % 60);
}

} // namespace

QList<QPair<QString, QString>> keyDetailFields(const KeyEntry &e, const QString &server,
                                               qint64 nowUs)
{
    QList<QPair<QString, QString>> f;
    auto add = [&](const QString &label, const QString &value) {
        if (!value.isEmpty())
            f.append({label, value});
    };
    const LockInfo &l = e.lock;
    add(QCoreApplication::translate("KeyDetails", "Key"), bytes(e.key));
    add(QCoreApplication::translate("KeyDetails", "Server"), server);
    add(QCoreApplication::translate("KeyDetails", "Format"),
        l.label.isEmpty()
            ? QString::fromLatin1(e.format)
            : QCoreApplication::translate("LockFormat", l.label.toUtf8().constData()));
    add(QCoreApplication::translate("KeyDetails", "Redis type"),
        QString::fromLatin1(keyTypeName(e.type)));
    add(QCoreApplication::translate("KeyDetails", "Owner"), bytes(l.owner));
    add(QCoreApplication::translate("KeyDetails", "Process"), bytes(l.process));
    add(QCoreApplication::translate("KeyDetails", "Thread"), bytes(l.thread));
    if (l.role == LockRole::Lock && l.holdCount > 0)
        add(QCoreApplication::translate("KeyDetails", "Hold count"), QString::number(l.holdCount));
    add(QCoreApplication::translate("KeyDetails", "Mode"), QString::fromUtf8(l.mode));
    if (l.holders.size() > 1) {
        QStringList holders;
        for (const LockHolder &h : l.holders)
            holders << QStringLiteral("%1 ×%2").arg(bytes(h.id)).arg(h.count);
        add(QCoreApplication::translate("KeyDetails", "Holders"),
            holders.join(QStringLiteral(", ")));
    }
    const qint64 waiters = e.waiters >= 0 ? e.waiters : l.waiters;
    if (waiters >= 0)
        add(QCoreApplication::translate("KeyDetails", "Waiters"), QString::number(waiters));
    add(QCoreApplication::translate("KeyDetails", "First in queue"),
        bytes(e.queueHead.isEmpty() ? l.queueHead : e.queueHead));
    const qint64 counter = e.fencingCounter >= 0 ? e.fencingCounter : l.counter;
    if (counter >= 0)
        add(QCoreApplication::translate("KeyDetails", "Fencing counter"), QString::number(counter));
    add(QCoreApplication::translate("KeyDetails", "Belongs to"), bytes(l.lockKey));
    const qint64 ttl = e.remainingTtlMs(nowUs);
    add(QCoreApplication::translate("KeyDetails", "TTL"),
        ttl < 0 ? QCoreApplication::translate(
                      "KeyDetails", "none: if the owner dies, nobody can ever take this lock")
                : duration(ttl));
    if (!l.owner.isEmpty() && e.ownerSinceUs > 0)
        add(QCoreApplication::translate("KeyDetails", "Held for"),
            QCoreApplication::translate("KeyDetails", "%1 (since %2, as far as the monitor saw)")
                .arg(duration((nowUs - e.ownerSinceUs) / 1000), formatWallTime(e.ownerSinceUs)));
    if (e.firstSeenUs > 0)
        add(QCoreApplication::translate("KeyDetails", "First seen"), formatWallTime(e.firstSeenUs));
    add(QCoreApplication::translate("KeyDetails", "Value"), QString::fromUtf8(e.valueText));
    add(QCoreApplication::translate("KeyDetails", "Note"), l.note);
    return f;
}

QString keyDetailsHtml(const KeyEntry &entry, const QString &server,
                       const QList<Anomaly> &anomalies, qint64 nowUs)
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    for (const auto &[label, value] : keyDetailFields(entry, server, nowUs))
        html += QStringLiteral("<tr><td style='padding-right:10px'><b>%1</b></td><td>%2</td></tr>")
                    .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    html += QStringLiteral("</table>");
    QStringList mine;
    for (const Anomaly &a : anomalies) {
        if (a.key == entry.key)
            mine << QStringLiteral("<li>%1</li>").arg(a.sentence.toHtmlEscaped());
    }
    if (!mine.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p><ul>%2</ul>")
                    .arg(QCoreApplication::translate("KeyDetails", "Anomalies").toHtmlEscaped(),
                         mine.join(QString()));
    return html;
}

} // namespace lockscope::ui
