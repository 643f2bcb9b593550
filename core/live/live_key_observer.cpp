#include "live_key_observer.h"

#include "live_client.h"
#include "lock/script.h"
#include "monitor_feed.h"
#include "monitor_line.h"
#include "sim/node_log.h"

#include <QCoreApplication>
#include <QTimer>

#include <algorithm>

namespace lockscope {

namespace {

// How often the shadow's clock moves on between lines (expiries show within about this).
constexpr int kTickMs = 10;
// The tick stays this far behind its estimate of the server's now, so that a line still on its
// way (fed before that moment) is not run after an expiry that, on the server, came later.
constexpr qint64 kTickMarginUs = 20000;

// Commands that are not replayed. Transactions: Redis shows each command of a transaction as it
// runs it (MULTI and EXEC only frame them). The rest change no data, or only the connection's
// own state (a subscribed session would refuse the client's later commands in the shadow).
bool skipped(const QByteArray &upperName)
{
    static const QSet<QByteArray> names{
        "MULTI",        "EXEC",       "DISCARD",      "WATCH",       "UNWATCH",
        "SELECT",       "AUTH",       "HELLO",        "CLIENT",      "MONITOR",
        "PING",         "ECHO",       "QUIT",         "RESET",       "READONLY",
        "READWRITE",    "ASKING",     "SUBSCRIBE",    "UNSUBSCRIBE", "PSUBSCRIBE",
        "PUNSUBSCRIBE", "SSUBSCRIBE", "SUNSUBSCRIBE", "INFO",        "COMMAND",
    };
    return names.contains(upperName);
}

// The simulator's lock keys: "lock:" and a number.
bool isDefaultLockKey(const QByteArray &key)
{
    if (!key.startsWith("lock:") || key.size() == 5)
        return false;
    return std::all_of(key.begin() + 5, key.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

LiveKeyObserver::LiveKeyObserver(int node, ConnectionOptions primary, int replicas,
                                 QHash<QByteArray, qint16> clientByName, LiveRecorder *recorder,
                                 QObject *parent)
    : QObject(parent)
    , m_nodeIndex(node)
    , m_server(std::move(primary))
    , m_promotable(qMax(0, replicas))
    , m_clientByName(std::move(clientByName))
    , m_recorder(recorder)
    , m_kernel(std::make_unique<Kernel>())
    , m_shadow(std::make_unique<SimNode>(*m_kernel, qMax(0, replicas), SimNode::kNeverReplicates))
    , m_feed(new MonitorFeed(this))
    , m_tick(new QTimer(this))
{
    preloadBuiltinScripts(m_shadow->primary());
    m_shadow->setChangeSink([this](const SimNode::Change &c) { onChange(c); });
    m_feed->setLineHandler(
        [this](const QByteArray &text, qint64 arrivalUs) { onLine(text, arrivalUs); });
    connect(m_feed, &MonitorFeed::clientsListed, this, &LiveKeyObserver::onClientsListed);
    connect(m_feed, &MonitorFeed::scriptsFound, this, &LiveKeyObserver::onScriptsFound);
    connect(m_feed, &MonitorFeed::monitoring, this, &LiveKeyObserver::ready);
    connect(m_feed, &MonitorFeed::failed, this, [this](const QString &why) {
        if (!m_down && !m_finished)
            emit failed(why);
    });
    m_tick->setInterval(kTickMs);
    connect(m_tick, &QTimer::timeout, this, &LiveKeyObserver::onTick);
}

LiveKeyObserver::~LiveKeyObserver()
{
    m_feed->close();
}

void LiveKeyObserver::setLockKeys(const QList<QByteArray> &keys)
{
    m_lockKeys = QSet<QByteArray>(keys.begin(), keys.end());
}

bool LiveKeyObserver::isLockKey(const QByteArray &key) const
{
    return m_lockKeys.isEmpty() ? isDefaultLockKey(key) : m_lockKeys.contains(key);
}

void LiveKeyObserver::start()
{
    if (m_started)
        return;
    m_started = true;
    m_tick->start();
    attach(m_server);
}

void LiveKeyObserver::attach(const ConnectionOptions &server)
{
    m_server = server;
    // Connections are the server's own: after a restart or on another server, an address may
    // belong to someone else. CLIENT LIST and the stream's names tell again.
    m_sessionByAddr.clear();
    QList<QByteArray> shas;
    for (const QString &name : builtinScriptNames())
        shas.append(builtinScript(name).sha1);
    m_feed->open(server, shas);
}

void LiveKeyObserver::onScriptsFound(const QList<QByteArray> &cached)
{
    // Strategies send EVALSHA and fall back to EVAL on NOSCRIPT. Both show in the stream, but
    // only the EVAL ran on the server: the shadow must say NOSCRIPT too, or it would run the
    // script twice. So its cache starts as the server's (for the built-in scripts; the
    // stream's SCRIPT LOADs and EVALs add the rest as they come).
    const QSet<QByteArray> only(cached.begin(), cached.end());
    m_shadow->primary().flushScripts();
    preloadBuiltinScripts(m_shadow->primary(), &only);
}

void LiveKeyObserver::onClientsListed(const QByteArray &list)
{
    // "id=7 addr=127.0.0.1:50144 laddr=... fd=9 name=lockscope-A age=0 ..."
    for (const QByteArray &line : list.split('\n')) {
        QByteArray addr;
        QByteArray name;
        for (const QByteArray &field : line.trimmed().split(' ')) {
            if (field.startsWith("addr="))
                addr = field.mid(5);
            else if (field.startsWith("name="))
                name = field.mid(5);
        }
        if (!addr.isEmpty() && !name.isEmpty())
            m_sessionByAddr.insert(addr, m_clientByName.value(name, kNoClient));
    }
}

bool LiveKeyObserver::learnName(const MonitorLine &line)
{
    // CLIENT SETNAME <name>, or HELLO ... SETNAME <name>. A refused name (an ACL without
    // CLIENT) never shows: MONITOR feeds only commands that ran.
    const Command &a = line.argv;
    const QByteArray cmd = a.value(0).toUpper();
    QByteArray name;
    if (cmd == "CLIENT" && a.size() == 3 && a.at(1).toUpper() == "SETNAME") {
        name = a.at(2);
    } else if (cmd == "HELLO") {
        for (qsizetype i = 1; i + 1 < a.size(); ++i) {
            if (a.at(i).toUpper() == "SETNAME")
                name = a.at(i + 1);
        }
        if (name.isEmpty())
            return false;
    } else {
        return false;
    }
    m_sessionByAddr.insert(line.client,
                           name.isEmpty() ? kNoClient : m_clientByName.value(name, kNoClient));
    return true;
}

void LiveKeyObserver::onLine(const QByteArray &text, qint64 arrivalUs)
{
    if (m_finished)
        return;
    MonitorLine line;
    if (!parseMonitorLine(text, &line)) {
        if (m_unreadable++ == 0)
            m_firstUnreadable = text.left(200);
        return;
    }
    ++m_linesSeen;
    if (!m_clockSet) {
        // Kernel time 0 is the first line's server millisecond; the shadow's engine clock is
        // moved to the server's, so absolute times (PEXPIREAT, TIME in a script) agree too.
        m_clockSet = true;
        m_originUs = line.timeUs / 1000 * 1000;
        m_shadow->jumpClock(m_originUs / 1000);
    }
    const qint64 shadowNowUs = m_originUs + m_kernel->now();
    if (line.timeUs <= shadowNowUs - 1000) {
        // The server's clock went back (a clock step on the node): the shadow's kernel cannot,
        // so the engine's clock steps back instead, and keys expire later in true time, as on
        // the server. (A step forward just moves the kernel on: keys expire early, as there.)
        const qint64 backMs = (shadowNowUs - line.timeUs + 999) / 1000;
        m_shadow->jumpClock(-backMs);
        m_originUs -= backMs * 1000;
    }
    m_offsetUs = arrivalUs - line.timeUs;
    advanceTo(line.timeUs);
    if (line.fromScript)
        return;
    if (learnName(line))
        return;
    if (line.db != m_server.db || line.argv.isEmpty() || skipped(line.argv.at(0).toUpper()))
        return;
    const auto known = m_sessionByAddr.constFind(line.client);
    const qint16 session = known == m_sessionByAddr.cend() ? kNoClient : known.value();
    if (session == kNoClient)
        ++m_unknownClient;
    ++m_replayed;
    m_shadow->execute(line.argv, session);
}

void LiveKeyObserver::advanceTo(qint64 serverUs)
{
    if (!m_clockSet)
        return;
    const qint64 t = serverUs - m_originUs;
    if (t <= m_kernel->now())
        return; // the server's clock went back (or stood): the shadow's never does
    // An action at the target makes runUntil move the clock there even when nothing else is
    // due (an idle kernel's clock stays where it is); expiries due before it run first.
    m_kernel->at(t, [] {});
    m_kernel->runUntil(t);
}

void LiveKeyObserver::onTick()
{
    if (m_clockSet && !m_finished)
        advanceTo(liveClockUs() - m_offsetUs - kTickMarginUs);
}

void LiveKeyObserver::onChange(const SimNode::Change &c)
{
    if (!m_recorder || !m_recorder->enabled() || !isLockKey(c.key))
        return;
    auto id = m_keyIds.constFind(c.key);
    if (id == m_keyIds.cend())
        id = m_keyIds.insert(c.key, m_recorder->intern(c.key));
    Event e = keyChangeEvent(c, *m_shadow, qint16(m_nodeIndex), id.value(),
                             m_recorder->recordText() ? &m_recorder->strings() : nullptr);
    // An expiry happened when the server's clock passed the deadline (the kernel's now, inside
    // the expiry action); everything else when its line was read, that is now.
    e.timeUs = c.kind == Engine::KeyChange::Kind::Expired
                   ? m_originUs + m_kernel->now() + m_offsetUs
                   : liveClockUs();
    m_recorder->record(e);
}

void LiveKeyObserver::nodeCrashed()
{
    if (m_down || m_finished)
        return;
    // Down first: the drain may find the connection gone, and that is no failure now.
    m_down = true;
    m_feed->drain(); // what the server said before it died
    m_feed->close();
    m_shadow->crash();
}

void LiveKeyObserver::nodeRestarted(bool persistence, const ConnectionOptions &server)
{
    if (m_finished)
        return;
    if (!m_down)
        nodeCrashed();
    m_shadow->recover(persistence);
    m_down = false;
    attach(server);
}

void LiveKeyObserver::failedOver(const ConnectionOptions &newPrimary)
{
    if (m_finished)
        return;
    if (!m_down)
        nodeCrashed();
    const bool promotes = m_promotable > 0;
    m_shadow->failover(); // without a replica, the node stays down (as in the simulator)
    if (!promotes)
        return;
    --m_promotable;
    // The promoted replica's clock starts at kernel time; move it to the server's, as at start.
    if (m_clockSet)
        m_shadow->jumpClock(m_originUs / 1000);
    m_down = false;
    attach(newPrimary);
}

void LiveKeyObserver::finish()
{
    if (m_finished)
        return;
    if (!m_down)
        m_feed->drain();
    // The server's now, by the latest line's offset: expiries due by the end are in the log.
    if (!m_down)
        advanceTo(liveClockUs() - m_offsetUs);
    m_finished = true;
    m_tick->stop();
    m_feed->close();
    if (!m_recorder || !m_recorder->enabled())
        return;
    QList<QByteArray> keys;
    for (const QByteArray &k : m_shadow->primary().keys()) {
        if (isLockKey(k))
            keys.append(k);
    }
    std::sort(keys.begin(), keys.end());
    for (const QByteArray &k : std::as_const(keys)) {
        if (auto e = keyFinalEvent(*m_shadow, qint16(m_nodeIndex), k, m_recorder->intern(k))) {
            e->timeUs = liveClockUs();
            m_recorder->record(*e);
        }
    }
}

void LiveKeyObserver::compareWithServer(const QByteArray &key, bool exists, const QByteArray &value,
                                        qint64 pttlMs, qint64 ttlToleranceMs)
{
    if (!m_difference.isEmpty())
        return;
    const auto snap = m_shadow->primary().snapshot(key);
    const QString where = m_server.displayName();
    const QString k = QString::fromUtf8(key);
    if (snap.exists != exists) {
        m_difference = exists ? QCoreApplication::translate(
                                    "LiveKeyObserver",
                                    "%1 on %2 exists on the server but not in the key observer's "
                                    "replay of its commands.")
                                    .arg(k, where)
                              : QCoreApplication::translate(
                                    "LiveKeyObserver",
                                    "%1 on %2 exists in the key observer's replay of its commands "
                                    "but not on the server.")
                                    .arg(k, where);
        return;
    }
    if (!exists)
        return;
    if (snap.type == "string" && snap.value != value) {
        m_difference = QCoreApplication::translate(
                           "LiveKeyObserver",
                           "%1 on %2 holds \"%3\" on the server but \"%4\" in the key observer's "
                           "replay of its commands.")
                           .arg(k, where, QString::fromUtf8(value), QString::fromUtf8(snap.value));
        return;
    }
    const qint64 shadowTtl =
        snap.expireAtMs < 0 ? -1 : snap.expireAtMs - m_shadow->primary().nowMs();
    const bool bothPersistent = shadowTtl < 0 && pttlMs < 0;
    const bool close = shadowTtl >= 0 && pttlMs >= 0 && qAbs(shadowTtl - pttlMs) <= ttlToleranceMs;
    if (!bothPersistent && !close) {
        m_difference =
            QCoreApplication::translate(
                "LiveKeyObserver", "%1 on %2 has a TTL of %3 ms on the server but %4 ms in the key "
                                   "observer's replay of its commands.")
                .arg(k, where)
                .arg(pttlMs)
                .arg(shadowTtl);
    }
}

QString LiveKeyObserver::divergence() const
{
    if (!m_difference.isEmpty())
        return m_difference;
    // Counted outside the translate() call: lupdate's parser loops on a template argument
    // list inside one.
    const int lines = m_unreadable > quint64(INT_MAX) ? INT_MAX : int(m_unreadable);
    if (lines > 0)
        return QCoreApplication::translate("LiveKeyObserver",
                                           "The key observer could not read %n MONITOR line(s) "
                                           "of %1, the first: %2",
                                           nullptr, lines)
            .arg(m_server.displayName(), QString::fromUtf8(m_firstUnreadable));
    return {};
}

} // namespace lockscope
