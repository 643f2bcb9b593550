// KeyMonitor's work on one server (key_monitor_p.h): the connection and its handshake, the
// notification follower, the scan, the batched reads and re-reads, and handing what they saw
// to the KeyTable in the server's order. A cluster's inner monitors run this too, one per
// master; the cluster monitor itself only composes them (key_monitor.cpp, cluster_shards.cpp).
#include "any_case_glob.h"
#include "key_monitor_p.h"
#include "key_reader.h"
#include "monitor_clock.h"
#include "redis/info_field.h"
#include "util/byte_order.h"

#include <QElapsedTimer>

#include <algorithm>

namespace lockscope {

namespace {

constexpr qint64 kApplyDelayMs = 1; // replies wait this long for notifications sent before them

// A read answered with a cluster redirect ("PTTL: MOVED 3999 127.0.0.1:7001"): the key's slot
// is served by another master now.
bool isRedirect(const QByteArray &error)
{
    return error.startsWith("MOVED ") || error.startsWith("ASK ") || error.contains(": MOVED ") ||
           error.contains(": ASK ");
}

} // namespace

// --- connections -------------------------------------------------------------------------------

void KeyMonitor::Private::start()
{
    if (started)
        return;
    started = true;
    if ((options.cluster && options.sentinels.isEmpty()) || options.redlock()) {
        startCluster();
        return;
    }
    if (!options.sentinels.isEmpty()) {
        sentinel = std::make_unique<SentinelResolver>(options.sentinels, options.masterName);
        QObject::connect(sentinel.get(), &SentinelResolver::masterFound, q,
                         [this](const QString &host, quint16 port) { onMasterFound(host, port); });
        QObject::connect(sentinel.get(), &SentinelResolver::problem, q,
                         [this](const QString &message) {
                             problem = message;
                             if (!data) {
                                 lastError = message;
                                 if (!options.follow) {
                                     setHealth(Health::Failed);
                                     emit q->failed(message);
                                     return;
                                 }
                             }
                             updateStatus();
                         });
        setHealth(Health::Connecting);
        sentinel->start();
        return;
    }
    connectTo(options.connection, false);
}

void KeyMonitor::Private::stop()
{
    ++gen;
    makingRoom = false; // a reserve under way stops with the generation
    started = false;
    pollTimer->stop();
    rescanTimer->stop();
    anomalyTimer->stop();
    if (scanner)
        scanner->cancel();
    // Never delete a connection from inside one of its own callbacks: later.
    retire(scanner);
    dropNotifications();
    retire(data);
    retire(sentinel);
    if (cluster) {
        cluster->stop();
        QObject::disconnect(cluster.get(), nullptr, q, nullptr);
        retire(cluster);
    }
    setHealth(Health::Idle);
}

void KeyMonitor::Private::onMasterFound(const QString &host, quint16 port)
{
    problem.clear();
    ConnectionOptions t = options.connection;
    t.host = host;
    t.port = port;
    t.unixSocket.clear();
    if (data && target.host == host && target.port == port)
        return;
    connectTo(t, bool(data));
}

void KeyMonitor::Private::connectTo(const ConnectionOptions &t, bool failover)
{
    ++gen;
    makingRoom = false; // a reserve under way stops with the generation
    const quint64 g = gen;
    if (scanner) {
        scanner->cancel();
        retire(scanner);
    }
    dropNotifications();
    retire(data);
    tracker.reset();
    heldKeys.clear();
    dirty.clear();
    dirtyHints.clear();
    arrived.clear();
    pollRunning = false;
    handshakeDone = false;
    outage = false;
    everReady = false;
    reconnectAttempts = 0;

    const qint64 now = monitorNowUs();
    const QByteArray newMaster = t.displayName().toUtf8();
    if (failover) {
        if (recording)
            recorder.nodeEvent(now, EventKind::NodeFailover, node);
        // On the master the monitor leaves (unless it went blind there already).
        openGap(now, "failover: the sentinels name " + newMaster + " as the master of " +
                         options.masterName.toUtf8());
    }
    target = t;
    node = recorder.node(newMaster);
    if (failover) {
        failoverFound = "failover: now following " + newMaster + ", the master of " +
                        options.masterName.toUtf8() +
                        "; a key not found there is lost with the failover";
        // Whatever the old master held and the new one never got is gone.
        table.expectLoss(kLostWithFailover);
    }
    table.moveTo(node);
    if (failover)
        emit q->masterChanged(t.displayName());

    ConnectionOptions o = t;
    o.maxBytesInFlight = options.maxBytesInFlight; // the data connection's reads only
    if (!options.follow) {
        o.reconnect = false; // a snapshot either works now or says why not
    } else {
        o.replyTurnMs = kReplyTurnMs;
    }
    data = std::make_unique<Connection>(o);
    Connection *c = data.get();
    QObject::connect(c, &Connection::ready, q, [this, g] { onDataReady(g); });
    QObject::connect(
        c, &Connection::connectionError, q,
        [this, g](RedisErrorKind kind, const QString &message) { onDataError(g, kind, message); });
    setHealth(Health::Connecting);
    c->open();
}

void KeyMonitor::Private::onDataReady(quint64 g)
{
    if (g != gen)
        return;
    outage = false;
    reconnectAttempts = 0;
    lastError.clear();
    // Three reads, pipelined: who the server is (a restart changes run_id), whether it keeps
    // its keys on disk (AOF: they come back after a restart), and whether it notifies keyspace
    // events. (One INFO per section: INFO with two sections is Redis 7 only.)
    auto info = std::make_shared<Reply>();
    auto persistence = std::make_shared<Reply>();
    data->send({QByteArrayLiteral("INFO"), QByteArrayLiteral("server")},
               [this, g, info](const Reply &r) {
                   *info = r;
                   if (g == gen && isServerFull(r))
                       onServerFull(); // before the server closes the connection
               });
    data->send({QByteArrayLiteral("INFO"), QByteArrayLiteral("persistence")},
               [persistence](const Reply &r) { *persistence = r; });
    data->send({QByteArrayLiteral("CONFIG"), QByteArrayLiteral("GET"),
                QByteArrayLiteral("notify-keyspace-events")},
               [this, g, info, persistence](const Reply &r) {
                   if (g == gen)
                       afterHandshake(g, *info, *persistence, r);
               });
}

bool KeyMonitor::Private::isServerFull(const Reply &reply)
{
    // A server at maxclients accepts the connection, answers with this error and closes it:
    // Redis gives no error code of its own for it, only this text.
    return reply.isError() && reply.text().contains("max number of clients reached");
}

void KeyMonitor::Private::onServerFull()
{
    if (!refusedFull && recording)
        recorder.fault(monitorNowUs(), node,
                       target.displayName().toUtf8() +
                           " refuses new connections: max number of clients reached "
                           "(maxclients); the monitor keeps trying");
    refusedFull = true;
    problem = KeyMonitor::tr("%1 has reached maxclients; retrying").arg(target.displayName());
    updateStatus();
}

void KeyMonitor::Private::openGap(qint64 t, const QByteArray &why)
{
    if (gapOpen)
        return;
    gapOpen = true;
    gapSinceUs = t;
    refusedFull = false;
    if (recording)
        recorder.gapStarted(t, node, why);
}

void KeyMonitor::Private::closeGap(qint64 t, const QByteArray &found)
{
    if (!gapOpen)
        return;
    gapOpen = false;
    gapUnanswered = false;
    gapNotifications = false;
    failoverFound.clear();
    if (recording)
        recorder.gapEnded(t, node, found, (t - gapSinceUs) / 1000);
}

void KeyMonitor::Private::afterHandshake(quint64 g, const Reply &info, const Reply &persistence,
                                         const Reply &config)
{
    const qint64 now = monitorNowUs();
    if (isServerFull(info))
        return; // the server closes the connection: onDataError retries
    bool restarted = false;
    if (const QByteArray mode = infoField(info, "redis_mode"); !mode.isEmpty())
        loneClusterNode = !isShard && mode == "cluster";
    if (const QByteArray runId = infoField(info, "run_id"); !runId.isEmpty()) {
        const QByteArray previous = runIds.value(node);
        restarted = !previous.isEmpty() && previous != runId;
        runIds.insert(node, runId);
    }
    const bool aof = infoField(persistence, "aof_enabled") == "1";
    const QByteArray server = target.displayName().toUtf8();
    if (restarted) {
        if (recording)
            recorder.nodeEvent(now, EventKind::NodeRestarted, node, aof ? 1 : 0);
        // Every key is read again now; one not found was lost with the restart (not released).
        table.expectLoss(kLostWithRestart);
    }
    QByteArray found;
    if (!failoverFound.isEmpty())
        found = failoverFound;
    else if (restarted && aof)
        found = server + " restarted (its run_id changed) with AOF on: its keys come back from "
                         "the file; a key not found again is lost with the restart";
    else if (restarted)
        found = server + " restarted (its run_id changed) without AOF: the keys it held are lost "
                         "with the restart";
    else
        found = server + " answers again, the same server (run_id unchanged): every key is read "
                         "again";
    if (gapOpen)
        closeGap(now, found);
    else if (restarted && recording)
        recorder.fault(now, node, found); // noticed without a gap (a very fast restart)
    everReady = true;
    if (refusedFull)
        problem.clear(); // the maxclients problem: it let the monitor in now
    refusedFull = false;
    if (config.isArray() && config.elements().size() == 2) {
        notifyCfg = NotifyConfig::parse(config.elements().at(1).text());
        if (!options.follow || !options.useNotifications)
            notifyMode = NotifyMode::NotUsed;
        else if (notifyCfg.coversMonitor())
            notifyMode = NotifyMode::On;
        else if (notifyCfg.coversSome())
            notifyMode = NotifyMode::Partial;
        else
            notifyMode = NotifyMode::Off;
    } else {
        notifyCfg = NotifyConfig::parse({});
        notifyMode = (!options.follow || !options.useNotifications) ? NotifyMode::NotUsed
                                                                    : NotifyMode::Unreadable;
        if (config.failed())
            problem = KeyMonitor::tr("cannot read notify-keyspace-events: %1")
                          .arg(data->describe(config));
    }
    handshakeDone = true;
    if (notifyMode == NotifyMode::On || notifyMode == NotifyMode::Partial) {
        if (!notify)
            setUpNotifications(g);
        else if (notify->isSubscribed())
            resync(g);
        // else: the notification connection resynchronises once it is subscribed again
    } else {
        dropNotifications();
        resync(g);
    }
}

void KeyMonitor::Private::setUpNotifications(quint64 g)
{
    notify = std::make_unique<NotificationFollower>(target, options.pattern);
    NotificationFollower *f = notify.get();
    QObject::connect(f, &NotificationFollower::notified, q,
                     [this, g](const QByteArray &key, const QByteArray &event) {
                         if (g == gen)
                             onNotification(key, event);
                     });
    QObject::connect(
        f, &NotificationFollower::subscribeFailed, q, [this, g](const QString &message) {
            if (g != gen)
                return;
            problem = KeyMonitor::tr("cannot subscribe to keyspace notifications: %1").arg(message);
            updateStatus();
        });
    // Lost while the data connection holds (CLIENT KILL TYPE pubsub, an output buffer limit):
    // changes go unheard, a gap as much as a lost data connection.
    QObject::connect(f, &NotificationFollower::lost, q, [this, g](const QString &message) {
        if (g != gen || gapOpen || !handshakeDone)
            return;
        openGap(monitorNowUs(), "lost the notification connection to " +
                                    target.displayName().toUtf8() + ": " + message.toUtf8());
        gapNotifications = true;
    });
    // Subscribed (again, after a reconnect): re-read what may have changed unheard.
    QObject::connect(f, &NotificationFollower::subscribed, q, [this, g] {
        if (g != gen)
            return;
        if (gapOpen && gapNotifications && !outage)
            closeGap(monitorNowUs(), "notifications from " + target.displayName().toUtf8() +
                                         " resumed: every key is read again");
        if (handshakeDone && data && data->isReady())
            resync(g);
    });
    f->open();
}

void KeyMonitor::Private::dropNotifications()
{
    // Deleted later: this may run inside one of its connection's callbacks.
    if (notify) {
        QObject::disconnect(notify.get(), nullptr, q, nullptr);
        retire(notify);
    }
}

bool KeyMonitor::Private::notified() const
{
    return notifyMode == NotifyMode::On && notify && notify->isSubscribed();
}

void KeyMonitor::Private::onDataError(quint64 g, RedisErrorKind kind, const QString &message)
{
    if (g != gen || !data)
        return;
    // A full server closes the connection after its error: that error is the reason.
    lastError = refusedFull ? KeyMonitor::tr("%1 refuses new connections: max number of clients "
                                             "reached (maxclients)")
                                  .arg(target.displayName())
                            : message;
    handshakeDone = false;
    const bool gaveUp = data->state() == Connection::State::Disconnected;
    if (gaveUp) {
        setHealth(Health::Failed);
        updateStatus();
        emit q->failed(lastError);
        return;
    }
    ++reconnectAttempts;
    gapNotifications = false; // whatever opened the gap, its end is the data connection's now
    gapUnanswered = false;
    if (!outage) {
        outage = true;
        outageSinceUs = monitorNowUs();
        if (everReady)
            openGap(outageSinceUs, "lost the connection to " + target.displayName().toUtf8() +
                                       ": " + message.toUtf8());
    }
    if (scanner)
        scanner->cancel();
    pollRunning = false;
    if (sentinel)
        sentinel->refresh(); // a failover may be the reason
    if (topologyHint)
        topologyHint(); // the same in a cluster
    Q_UNUSED(kind);
    // Not there yet, but the server is: it is full, not gone (a run waiting for its first
    // snapshot keeps waiting).
    setHealth(refusedFull && !everReady ? Health::Connecting : Health::Reconnecting);
}

void KeyMonitor::Private::resync(quint64 g)
{
    if (g != gen || !data)
        return;
    // Whatever happened while nobody listened: forget half-explained notifications, re-read
    // every key we know and scan for the others.
    tracker.reset();
    heldKeys.clear();
    dirty.clear();
    dirtyHints.clear();
    setHealth(initialScanDone ? Health::Watching : Health::Scanning);
    if (!table.isEmpty())
        pollTick();
    startScan(!initialScanDone);
    if (options.follow) {
        pollTimer->start(int(pollInterval()));
        if (!isShard) // the cluster monitor judges all masters together
            anomalyTimer->start(int(qMax<qint64>(100, options.anomalyIntervalMs)));
    }
    updateStatus();
}

qint64 KeyMonitor::Private::pollInterval() const
{
    return qMax<qint64>(20, notified() ? options.ttlResyncIntervalMs : options.rereadIntervalMs);
}

// --- scanning ----------------------------------------------------------------------------------

void KeyMonitor::Private::startScan(bool initial)
{
    rescanTimer->stop();
    if (!data || !data->isReady() || !handshakeDone)
        return; // resync() scans once the connection is back
    // A new pass goes on from the COUNT the last one was paced to.
    const int scanCount = scanner ? scanner->count() : options.scanCount;
    if (scanner) {
        scanner->cancel();
        retire(scanner);
    }
    const quint64 g = gen;
    scanner = std::make_unique<KeyScanner>(data.get(), anyCaseGlob(options.pattern), scanCount,
                                           options.limits);
    scanner->setPacing(options.scanPacing);
    scanner->setRoundPauseMs(initial ? 0 : options.scanPauseMs);
    scanner->setEstimateSize(initial);
    scanner->setTicketFunction([this](const QByteArray &key) { return tracker.readSent(key); });
    KeyScanner *s = scanner.get();
    QObject::connect(s, &KeyScanner::batchReady, q,
                     [this, g](const QList<KeySnapshot> &snaps) { onSnapshots(g, snaps); });
    QObject::connect(s, &KeyScanner::progress, q, [this, g](quint64 found, quint64 rounds) {
        if (g != gen)
            return;
        keysScanned = found;
        scanRounds = rounds;
        emit q->scanProgress(found, rounds);
        if (!initialScanDone)
            updateStatus();
    });
    QObject::connect(s, &KeyScanner::sizeEstimated, q, [this, g](quint64 keys) {
        if (g != gen)
            return;
        const auto keysRoom = qsizetype(qMin<quint64>(keys + keys / 8, quint64(kMaxReservedKeys)));
        makingRoom = true;
        reserveFor(keysRoom, [this, keysRoom] {
            emit q->keyCountEstimated(keysRoom); // the window's room, before the first rows
            makingRoom = false;
            scheduleApply();
        });
    });
    QObject::connect(s, &KeyScanner::finished, q, [this, g] { onScanFinished(g); });
    QObject::connect(s, &KeyScanner::failed, q, [this, g](const QString &message) {
        if (g != gen)
            return;
        scheduleApply(); // what arrived is applied (a failed scanner awaits no estimate)
        problem = KeyMonitor::tr("scan failed: %1").arg(message);
        updateStatus();
        if (!options.follow) {
            lastError = message;
            setHealth(Health::Failed);
            emit q->failed(message);
        } else if (data && data->isReady()) {
            rescanTimer->start(int(qMax<qint64>(1000, options.rereadIntervalMs)));
        }
    });
    s->start();
}

void KeyMonitor::Private::onScanFinished(quint64 g)
{
    if (g != gen)
        return;
    ++scanPasses;
    // The last batch is applied one event-loop turn after it arrived: finish after it.
    QTimer::singleShot(kApplyDelayMs + 1, q,
                       [this, g] { finishScanPass(g, kFinishTurns, arrived.size() + 1); });
}

void KeyMonitor::Private::finishScanPass(quint64 g, int turnsLeft, std::size_t backlog)
{
    if (g != gen)
        return;
    // Replies still piled up behind a busy window (at 1,000,000 keys, more than half of them
    // when the scan ends): the pass ends once applyArrived() has taken them in, a turn's worth
    // at a time, for as long as the backlog shrinks. Only a monitor that cannot catch up
    // (`turnsLeft` looks without the backlog shrinking) takes them all at once.
    if (!arrived.empty()) {
        const int left = arrived.size() < backlog ? turnsLeft : turnsLeft - 1;
        if (left > 0) {
            scheduleApply(false); // armed already, most likely
            const std::size_t now = arrived.size();
            QTimer::singleShot(1, q, [this, g, left, now] { finishScanPass(g, left, now); });
            return;
        }
    }
    applyAllArrived(); // also with no reply left: what the tracker holds
    if (options.follow && !isShard && !cluster && anomalyIndex.hasWaiting(monitorNowUs())) {
        // Keys still waiting to be judged: at 1,000,000 keys the slices fall behind the replies,
        // and judging the rest in one go held the window for 2.8 s. A window's worth a turn,
        // then the pass ends (a one-shot snapshot has no window: it judges them all at once).
        // Keys whose deadline passed while the scan ran wait too: at 100,000 keys judging
        // those at once took 4.4 ms of the pass's last turn. applyArrived() judged this
        // turn's worth (one step at least, so each turn gets on); judging here again after it
        // made the turn 10-11 ms at 1,000,000 lock keys.
        QTimer::singleShot(1, q,
                           [this, g, turnsLeft] { finishScanPass(g, turnsLeft, arrived.size()); });
        return;
    }
    const bool first = !initialScanDone;
    initialScanDone = true;
    evaluateAnomalies();
    if (first) {
        setHealth(Health::Watching);
        emit q->initialScanFinished();
    }
    emit q->scanPassFinished();
    if (options.follow && g == gen) {
        rescanTimer->start(int(
            qMax<qint64>(50, notified() ? options.rescanIntervalMs : options.rereadIntervalMs)));
    }
    updateStatus();
}

// --- reads -------------------------------------------------------------------------------------

void KeyMonitor::Private::onNotification(const QByteArray &key, const QByteArray &message)
{
    if (tracker.notify(key, message, monitorNowUs())) {
        dirty.insert(key);
        // "set" says string; "expire" says nothing: keep what an earlier event said.
        KeyType hint = NotificationFollower::typeOfEvent(message);
        if (hint == KeyType::Unknown)
            hint = dirtyHints.value(key, KeyType::Unknown);
        if (hint == KeyType::Unknown) {
            if (const KeyEntry *e = table.find(key))
                hint = e->type;
        }
        dirtyHints.insert(key, hint);
        scheduleFlush();
    }
    scheduleApply();
}

void KeyMonitor::Private::scheduleFlush()
{
    if (flushArmed)
        return;
    flushArmed = true;
    const quint64 g = gen;
    // One event-loop turn: every notification that arrived together goes in one pipeline.
    QTimer::singleShot(0, q, [this, g] {
        flushArmed = false;
        if (g == gen)
            flushDirty();
    });
}

void KeyMonitor::Private::flushDirty()
{
    if (dirty.isEmpty() || !data || !data->isReady())
        return; // after a reconnect, resync() re-reads everything anyway
    const QList<QByteArray> keys = dirty.values();
    const QHash<QByteArray, KeyType> hints = dirtyHints;
    dirty.clear();
    dirtyHints.clear();
    sendReads(keys, hints, nullptr);
}

void KeyMonitor::Private::sendReads(const QList<QByteArray> &keys,
                                    const QHash<QByteArray, KeyType> &hints,
                                    std::function<void()> after)
{
    QList<ReadRequest> requests;
    requests.reserve(keys.size());
    for (const QByteArray &key : keys) {
        ReadRequest r;
        r.key = key;
        r.hint = hints.value(key, KeyType::Unknown);
        if (r.hint == KeyType::Unknown) {
            if (const KeyEntry *e = table.find(key))
                r.hint = e->type;
        }
        r.ticket = tracker.readSent(key);
        requests.append(r);
    }
    const quint64 g = gen;
    KeyReader::read(*data, requests, options.limits,
                    [this, g, after = std::move(after)](QList<KeySnapshot> snaps) {
                        onSnapshots(g, std::move(snaps));
                        if (after && g == gen)
                            after();
                    });
}

void KeyMonitor::Private::onSnapshots(quint64 g, QList<KeySnapshot> snapshots)
{
    if (g != gen)
        return;
    bool moved = false, answersAgain = false;
    for (KeySnapshot &s : snapshots) {
        if (s.failed && isRedirect(s.error)) {
            // The key's slot moved to another master: it is that master's now (its monitor
            // finds it there), so it leaves this table without a history event.
            moved = true;
            dropMovedKey(s.key);
            // Still handed to the tracker (which drops failed reads), so that the reads of
            // this key sent after it are not left waiting for it.
        } else if (s.failed && !s.error.isEmpty()) {
            ++readFailures;
            lastReadError = s.key + ": " + s.error;
        }
        if (s.timedOut && !gapOpen && !outage) {
            // The connection holds, but the server stopped answering (SIGSTOP, a long
            // script, swapping): what changes meanwhile is seen only when it answers again.
            openGap(monitorNowUs(), "no answer from " + target.displayName().toUtf8() + " within " +
                                        QByteArray::number(options.connection.requestTimeoutMs) +
                                        " ms: the server may be paused or overloaded");
            gapUnanswered = true;
        } else if (!s.failed && gapOpen && gapUnanswered) {
            closeGap(monitorNowUs(), target.displayName().toUtf8() +
                                         " answers again, the same server (run_id unchanged): "
                                         "every key is read again");
            answersAgain = true;
        }
        arrived.push_back(std::move(s));
    }
    if (answersAgain) // re-read what changed while it did not answer, after this batch
        QTimer::singleShot(0, q, [this, g] { resync(g); });
    if (moved && topologyHint)
        topologyHint();
    scheduleApply();
}

void KeyMonitor::Private::scheduleApply(bool waitForNotifications)
{
    if (applyTimer->isActive() || roomWanted())
        return;
    applyGen = gen;
    // A reply is applied a moment after it arrived, so that notifications the server sent
    // before it (on the other connection) are in first: the tracker relies on that order.
    // Without a notification connection (a snapshot; notifications off) there is nothing to
    // wait for: the next event-loop turn applies what arrived together. Waiting the moment
    // anyway left the client idle for a millisecond per SCAN round, a third of a snapshot.
    // Replies left over from a full turn have waited already.
    applyTimer->start(int(notify && waitForNotifications ? kApplyDelayMs : 0));
}

void KeyMonitor::Private::applyArrived()
{
    QElapsedTimer turn;
    turn.start();
    sinceApply.start();
    do { // also with no reply: the tracker may have notifications ready on their own
        for (qsizetype i = 0; i < kApplySlice && !arrived.empty(); ++i) {
            const KeySnapshot &s = arrived.front();
            tracker.readDone(s.key, s.ticket, s);
            arrived.pop_front();
        }
        for (const KeyObservation &o : tracker.take())
            apply(o);
    } while (!arrived.empty() && turn.elapsed() < kApplyTurnMs);
    if (!arrived.empty())
        scheduleApply(false); // first: judgeAnomalies() leaves what it does not judge to it
    // The keys of this batch, while they are fresh, in steps until the turn has had its
    // kMonitorTurnMs (one step at least). Judging in a turn of its own besides this one made
    // the window's every pass one turn longer while a big scan kept both busy.
    judgeWithinTurn(turn);
    if (!changedKeys.isEmpty()) {
        readLockKeysOf(changedKeys);
        emitChangedKeys();
    }
}

void KeyMonitor::Private::judgeWithinTurn(const QElapsedTimer &turn)
{
    do
        judgeAnomalies(kAnomalyStepKeys);
    while (anomalyIndex.hasWaiting() && turn.elapsed() < kMonitorTurnMs);
}

void KeyMonitor::Private::applyAllArrived()
{
    do
        applyArrived();
    while (!arrived.empty());
}

void KeyMonitor::Private::readLockKeysOf(const QSet<QByteArray> &keys)
{
    // A recognised auxiliary key (a Redisson fair lock's queue or timeouts, a fencing token, a
    // python-redis-lock signal) brings its lock key into the table, also when the pattern does
    // not match the lock's name: the queue of `orders` without `orders` tells half the story.
    // Once in the table, the lock key is re-read like every other key.
    if (!data || !data->isReady())
        return;
    QList<QByteArray> wanted;
    for (const QByteArray &key : keys) {
        const KeyEntry *e = table.find(key);
        if (!e || e->lock.lockKey.isEmpty())
            continue;
        const QByteArray &lock = e->lock.lockKey;
        if (!table.contains(lock) && !wanted.contains(lock))
            wanted.append(lock);
    }
    if (!wanted.isEmpty())
        sendReads(wanted, {}, {});
}

void KeyMonitor::Private::pollTick()
{
    // The first scan reads every key it finds: re-reading them while it runs would only
    // double its work on a big server (and the window's, which shows each read).
    if (pollRunning || !data || !data->isReady() || table.isEmpty() || !initialScanDone)
        return;
    pollRunning = true;
    // In the table's own order: sorting 100,000 keys again whenever one came or went (each
    // second under churn) stalled the window for up to a second, and copying them 15 ms; the
    // order does not matter. A row that leaves meanwhile moves the last key into its place,
    // which this pass may then read twice or not at all: the next pass reads it.
    pollNext = 0;
    pollNextBatch(++pollCycle);
}

void KeyMonitor::Private::pollNextBatch(quint64 cycle)
{
    if (cycle != pollCycle || !pollRunning)
        return;
    const std::vector<QByteArray> &order = table.keysInOrder();
    if (pollNext >= order.size() || !data || !data->isReady()) {
        pollRunning = false;
        return;
    }
    const std::size_t end = qMin(order.size(), pollNext + std::size_t(qMax(1, options.readBatch)));
    QList<QByteArray> keys;
    keys.reserve(qsizetype(end - pollNext));
    for (; pollNext < end; ++pollNext)
        keys.append(order[pollNext]);
    // One batch at a time: the next goes when this one is back.
    sendReads(keys, {}, [this, cycle] { pollNextBatch(cycle); });
}

// --- applying ---

void KeyMonitor::Private::dropMovedKey(const QByteArray &key)
{
    if (!table.drop(key))
        return;
    if (keyMovedAway)
        keyMovedAway(key);
}

void KeyMonitor::Private::emitChangedKeys()
{
    if (changedKeys.isEmpty())
        return;
    QList<QByteArray> keys = changedKeys.values();
    std::sort(keys.begin(), keys.end(), BytesLess());
    changedKeys.clear();
    emit q->keysChanged(keys);
}

void KeyMonitor::Private::apply(const KeyObservation &o)
{
    if (isShard && !independentNode) {
        // In a cluster, a "del" may be MIGRATE taking the key to another master: ask the key
        // once more before calling it released. Until then the key's observations wait.
        const auto held = heldKeys.find(o.key);
        if (held != heldKeys.end()) {
            held->append(o);
            return;
        }
        if (o.kind == KeyObservation::Kind::Deleted && table.contains(o.key) && data &&
            data->isReady()) {
            heldKeys.insert(o.key, {o});
            verifyDelete(o.key);
            return;
        }
    }
    table.apply(o, !initialScanDone);
}

void KeyMonitor::Private::verifyDelete(const QByteArray &key)
{
    ReadRequest r;
    r.key = key;
    const quint64 g = gen;
    KeyReader::read(*data, {r}, options.limits, [this, g, key](QList<KeySnapshot> snaps) {
        if (g != gen)
            return;
        const QList<KeyObservation> queue = heldKeys.take(key);
        if (queue.isEmpty())
            return; // a resync dropped them: it re-reads everything anyway
        const bool movedAway =
            !snaps.isEmpty() && snaps.first().failed && isRedirect(snaps.first().error);
        if (movedAway)
            dropMovedKey(key); // not a release: the key lives on another master now
        else
            table.apply(queue.first(), !initialScanDone);
        for (qsizetype i = 1; i < queue.size(); ++i)
            apply(queue.at(i));
        if (movedAway && topologyHint)
            topologyHint();
        emitChangedKeys();
    });
}

void KeyMonitor::Private::markChanged(const QByteArray &key)
{
    changedKeys.insert(key);
    if (!isShard) // a cluster's inner monitors are judged all together by the outer one
        anomalyIndex.touch(key);
}

} // namespace lockscope
