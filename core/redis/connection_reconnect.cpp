#include "connection_reconnect.h"

#include <QRandomGenerator>
#include <QTimer>

#include <climits>

namespace lockscope::qtredis {

ReconnectPolicy::ReconnectPolicy(const ConnectionOptions &options, QObject *owner,
                                 std::function<void()> retry)
    : m_enabled(options.reconnect)
    , m_minMs(options.reconnectMinMs)
    , m_maxMs(options.reconnectMaxMs)
    , m_maxAttempts(options.maxReconnectAttempts)
    , m_timer(new QTimer(owner))
{
    m_timer->setSingleShot(true);
    QObject::connect(m_timer, &QTimer::timeout, owner, std::move(retry));
}

bool ReconnectPolicy::mayRetry(bool permanent) const
{
    return !permanent && m_enabled && (m_maxAttempts < 0 || m_failedAttempts < m_maxAttempts);
}

void ReconnectPolicy::scheduleRetry()
{
    ++m_failedAttempts;
    m_timer->start(static_cast<int>(qMin<qint64>(backoffMs(m_failedAttempts), INT_MAX)));
}

void ReconnectPolicy::cancel()
{
    m_timer->stop();
}

QString ReconnectPolicy::givingUpNote(bool permanent) const
{
    if (permanent || !m_enabled || m_failedAttempts == 0)
        return {};
    return QStringLiteral(" (giving up after %1 reconnect attempts)").arg(m_failedAttempts);
}

void ReconnectPolicy::succeeded()
{
    m_failedAttempts = 0;
    if (m_everReady)
        ++m_reconnects;
    m_everReady = true;
}

qint64 ReconnectPolicy::backoffMs(int attempt) const
{
    // Capped exponential backoff with jitter: attempt n waits between half and all of
    // min * 2^(n-1) (at least min, at most max), so clients that lost the same server do not
    // come back in lockstep.
    const qint64 lo = qMax<qint64>(1, m_minMs);
    const qint64 hi = qMax(lo, m_maxMs);
    qint64 upper = lo;
    for (int i = 1; i < attempt && upper < hi; ++i)
        upper *= 2;
    upper = qMin(upper, hi);
    const qint64 lower = qMax(lo, upper / 2);
    return lower + static_cast<qint64>(QRandomGenerator::global()->bounded(
                       static_cast<quint64>(upper - lower + 1)));
}

} // namespace lockscope::qtredis
