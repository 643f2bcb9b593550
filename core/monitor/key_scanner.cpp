#include "key_scanner.h"

#include "key_reader.h"

#include <QPointer>
#include <QTimer>

#include <utility>

namespace lockscope {

namespace {
constexpr int kMaxReadsInFlight = 4;
} // namespace

KeyScanner::KeyScanner(Connection *connection, QByteArray pattern, int count, ReadLimits limits,
                       QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_pattern(std::move(pattern))
    , m_count(qMax(1, count))
    , m_limits(limits)
{}

void KeyScanner::start()
{
    ++m_generation;
    m_running = true;
    m_scanInFlight = false;
    m_scanDone = false;
    m_pauseArmed = false;
    m_readsInFlight = 0;
    m_cursor = QByteArrayLiteral("0");
    m_keysFound = 0;
    m_rounds = 0;
    m_estimated = false;
    m_dbSize = -1;
    m_looked = 0;
    m_scansSinceReading = 0;
    m_countSinceReading = 0;
    m_readingsSent = 0;
    m_pacer.reset();
    if (m_pacing.on) {
        m_pacer.emplace(m_count, m_pacing);
        m_count = m_pacer->count();
        sendCostReading(); // the baseline, ahead of the first SCAN
    }
    if (m_estimate) {
        // O(1) on the server, and covered by +@read: a user without it only loses the estimate.
        const quint64 gen = m_generation;
        QPointer<KeyScanner> self(this);
        m_connection->send(Command{QByteArrayLiteral("DBSIZE")},
                           [this, self, gen](const Reply &reply) {
                               if (self && gen == m_generation && reply.isInteger())
                                   m_dbSize = reply.integer();
                           });
    }
    sendScan();
}

void KeyScanner::maybeEstimate()
{
    if (!m_estimate || m_estimated || (m_rounds < kEstimateRounds && !m_scanDone))
        return;
    m_estimated = true; // decided, with an estimate or without (awaitsEstimate())
    // COUNT is what SCAN looks at per round, about: a keyspace no bigger than what was looked
    // at is found whole, and needs no estimate. DBSIZE went ahead of the first SCAN on this
    // connection: without its answer by now (an ACL without +dbsize), there is none.
    const auto looked = double(qMax<quint64>(1, m_looked));
    if (m_dbSize < 0 || m_scanDone || double(m_dbSize) <= looked)
        return;
    const double share = double(m_keysFound) / looked;
    emit sizeEstimated(quint64(qMin(double(m_dbSize), share * double(m_dbSize))));
}

void KeyScanner::cancel()
{
    ++m_generation;
    m_running = false;
}

void KeyScanner::sendCostReading()
{
    const quint64 gen = m_generation;
    const quint64 scans = std::exchange(m_scansSinceReading, 0);
    const quint64 countSent = std::exchange(m_countSinceReading, 0);
    ++m_readingsSent;
    QPointer<KeyScanner> self(this);
    m_connection->send(
        Command{QByteArrayLiteral("INFO"), QByteArrayLiteral("commandstats")},
        [this, self, gen, scans, countSent](const Reply &reply) {
            if (!self || gen != m_generation || !m_pacer)
                return;
            const auto counters = scanCountersFromInfo(reply);
            if (!counters) {
                m_pacer.reset(); // refused or not understood: the COUNT stays as it is
                return;
            }
            if (m_pacer->observe(*counters, scans, countSent))
                m_count = m_pacer->count();
        });
}

void KeyScanner::sendScan()
{
    m_scanInFlight = true;
    const quint64 gen = m_generation;
    const int count = m_count;
    const Command scan{QByteArrayLiteral("SCAN"),  m_cursor,
                       QByteArrayLiteral("MATCH"), m_pattern,
                       QByteArrayLiteral("COUNT"), QByteArray::number(count)};
    // The connection may outlive this scanner: its callbacks check that the scanner is still there.
    QPointer<KeyScanner> self(this);
    m_connection->send(scan, [this, self, gen, count](const Reply &reply) {
        if (!self || gen != m_generation)
            return;
        m_scanInFlight = false;
        m_looked += quint64(count);
        if (reply.failed() || !reply.isArray() || reply.elements().size() != 2) {
            m_running = false;
            emit failed(reply.failed() ? m_connection->describe(reply)
                                       : QStringLiteral("SCAN gave an unexpected reply: %1")
                                             .arg(QString::fromUtf8(reply.toDisplay().left(200))));
            return;
        }
        ++m_rounds;
        m_cursor = reply.elements().at(0).text();
        if (m_cursor == "0")
            m_scanDone = true;
        QList<ReadRequest> requests;
        for (const Reply &k : reply.elements().at(1).elements()) {
            ReadRequest r;
            r.key = k.text();
            r.ticket = m_ticket ? m_ticket(r.key) : 0;
            requests.append(r);
        }
        m_keysFound += quint64(requests.size());
        emit progress(m_keysFound, m_rounds);
        if (self && gen == m_generation)
            maybeEstimate();
        if (!self || gen != m_generation)
            return; // a progress or estimate handler cancelled the scan
        if (!requests.isEmpty()) {
            // The next SCAN goes out ahead of this page's reads: the server works on it, and
            // then on these reads, while the client is still busy with the replies of the page
            // before. Sent after the reads, it waited for the client to finish that page,
            // and server and client took turns instead of working at once.
            if (!m_scanDone && m_readsInFlight + 1 < kMaxReadsInFlight)
                maybeContinue();
            ++m_readsInFlight;
            KeyReader::read(*m_connection, requests, m_limits,
                            [this, self, gen](QList<KeySnapshot> snapshots) {
                                if (!self || gen != m_generation)
                                    return;
                                --m_readsInFlight;
                                emit batchReady(snapshots);
                                if (self && gen == m_generation)
                                    maybeContinue();
                            });
        }
        maybeContinue();
    });
    if (m_pacer) {
        ++m_scansSinceReading;
        m_countSinceReading += quint64(count);
        // Right behind the SCAN: the reading covers exactly the SCANs sent before it.
        if (m_scansSinceReading >= quint64(m_pacing.roundsBeforeReading(m_readingsSent)))
            sendCostReading();
    }
    m_connection->flush(); // see KeyReader: the server scans while we work
}

void KeyScanner::maybeContinue()
{
    if (!m_running)
        return;
    if (m_scanDone) {
        if (m_readsInFlight == 0) {
            m_running = false;
            emit finished(m_keysFound, m_rounds);
        }
        return;
    }
    if (m_scanInFlight || m_pauseArmed || m_readsInFlight >= kMaxReadsInFlight)
        return;
    if (m_pauseMs <= 0) {
        sendScan();
        return;
    }
    m_pauseArmed = true;
    const quint64 gen = m_generation;
    QTimer::singleShot(int(m_pauseMs), this, [this, gen] {
        if (gen != m_generation)
            return;
        m_pauseArmed = false;
        if (m_running && !m_scanDone && !m_scanInFlight)
            sendScan();
    });
}

} // namespace lockscope
