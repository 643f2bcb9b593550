#include "scan_pacer.h"

#include "redis/info_field.h"

#include <QList>
#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace lockscope {

namespace {

// The number after `name=` in a "calls=1,usec=2,..." field list; nullopt when absent.
std::optional<quint64> fieldOf(const QByteArray &fields, const QByteArray &name)
{
    for (const QByteArray &field : fields.split(',')) {
        const qsizetype eq = field.indexOf('=');
        if (eq <= 0 || field.left(eq) != name)
            continue;
        bool ok = false;
        const quint64 value = field.mid(eq + 1).trimmed().toULongLong(&ok);
        return ok ? std::optional<quint64>(value) : std::nullopt;
    }
    return std::nullopt;
}

} // namespace

std::optional<ScanCounters> scanCountersFromInfo(const Reply &info)
{
    // INFO's text always opens its sections with a "# Name" header line.
    if (!info.isBulk() || !info.text().trimmed().startsWith('#'))
        return std::nullopt;
    const QByteArray fields = infoField(info, QByteArrayLiteral("cmdstat_scan"));
    if (fields.isEmpty())
        return ScanCounters{};
    const auto calls = fieldOf(fields, QByteArrayLiteral("calls"));
    const auto usec = fieldOf(fields, QByteArrayLiteral("usec"));
    if (!calls || !usec)
        return std::nullopt;
    return ScanCounters{*calls, *usec};
}

ScanPacer::ScanPacer(int startCount, ScanPacing pacing)
    : m_pacing(pacing)
    , m_count(std::clamp(startCount, qMax(1, pacing.minCount), qMax(1, pacing.maxCount)))
{}

bool ScanPacer::observe(ScanCounters now, quint64 scans, quint64 countSent)
{
    const bool wentBack = m_last && (now.calls < m_last->calls || now.usec < m_last->usec);
    if (!m_last || wentBack) {
        m_last = now;
        return false;
    }
    const quint64 calls = now.calls - m_last->calls;
    const quint64 usec = now.usec - m_last->usec;
    m_last = now;
    // Fewer calls than we sent: the counters were reset in between and counted again from
    // zero past the last reading. Nothing can be said of this interval.
    if (scans == 0 || countSent == 0 || calls < scans)
        return false;
    // What looking at one key costs: the average call over the average COUNT of ours. The
    // server times SCAN in whole microseconds; a few keys' worth is below that.
    const double perCall = double(usec) / double(calls);
    const double perKey = qMax(perCall * double(scans) / double(countSent), 1e-3);
    const double ideal = double(m_pacing.targetUsec) / perKey;
    // At most twice or half the COUNT per reading: one slow interval (a fork for a snapshot, a
    // page fault, another client's big SCAN) must not swing the next ones.
    const double bounded = std::clamp(ideal, double(m_count) / 2, double(m_count) * 2);
    const int next = std::clamp(int(std::lround(bounded)), qMax(1, m_pacing.minCount),
                                qMax(1, m_pacing.maxCount));
    if (next == m_count)
        return false;
    m_count = next;
    return true;
}

} // namespace lockscope
