#include "key_details.h"

#include "monitor/monitor_explain.h"

#include <QCoreApplication>

namespace lockscope::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("KeyDetails", text);
}

QString bytes(const QByteArray &b)
{
    return QString::fromUtf8(displayBytes(b, 512));
}

QString duration(qint64 ms)
{
    if (ms < 10000)
        return tr("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    if (ms < 3600 * 1000)
        return tr("%1 min %2 s").arg(ms / 60000).arg((ms / 1000) % 60);
    return tr("%1 h %2 min").arg(ms / 3600000).arg((ms / 60000) % 60);
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
    add(tr("Key"), bytes(e.key));
    add(tr("Server"), server);
    add(tr("Format"), l.label.isEmpty() ? QString::fromLatin1(e.format) : l.label);
    add(tr("Redis type"), QString::fromLatin1(keyTypeName(e.type)));
    add(tr("Owner"), bytes(l.owner));
    add(tr("Process"), bytes(l.process));
    add(tr("Thread"), bytes(l.thread));
    if (l.role == LockRole::Lock && l.holdCount > 0)
        add(tr("Hold count"), QString::number(l.holdCount));
    add(tr("Mode"), QString::fromUtf8(l.mode));
    if (l.holders.size() > 1) {
        QStringList holders;
        for (const LockHolder &h : l.holders)
            holders << QStringLiteral("%1 ×%2").arg(bytes(h.id)).arg(h.count);
        add(tr("Holders"), holders.join(QStringLiteral(", ")));
    }
    const qint64 waiters = e.waiters >= 0 ? e.waiters : l.waiters;
    if (waiters >= 0)
        add(tr("Waiters"), QString::number(waiters));
    add(tr("First in queue"), bytes(e.queueHead.isEmpty() ? l.queueHead : e.queueHead));
    const qint64 counter = e.fencingCounter >= 0 ? e.fencingCounter : l.counter;
    if (counter >= 0)
        add(tr("Fencing counter"), QString::number(counter));
    add(tr("Belongs to"), bytes(l.lockKey));
    const qint64 ttl = e.remainingTtlMs(nowUs);
    add(tr("TTL"),
        ttl < 0 ? tr("none: if the owner dies, nobody can ever take this lock") : duration(ttl));
    if (!l.owner.isEmpty() && e.ownerSinceUs > 0)
        add(tr("Held for"),
            tr("%1 (since %2, as far as the monitor saw)")
                .arg(duration((nowUs - e.ownerSinceUs) / 1000), formatWallTime(e.ownerSinceUs)));
    if (e.firstSeenUs > 0)
        add(tr("First seen"), formatWallTime(e.firstSeenUs));
    add(tr("Value"), QString::fromUtf8(e.valueText));
    add(tr("Note"), l.note);
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
                    .arg(tr("Anomalies").toHtmlEscaped(), mine.join(QString()));
    return html;
}

} // namespace lockscope::ui
