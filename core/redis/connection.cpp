// QtRedis: the connection's life cycle (connect, handshake, ready, drop, reconnect), composed of
// parts with one job each:
//   connection_transport   the socket of one attempt (TCP, TLS, Unix) and its failures
//   connection_handshake   AUTH, SELECT and CLIENT SETNAME before Ready
//   connection_requests    pending and in-flight requests, their timeouts
//   resp_codec             hiredis: commands to bytes, bytes to replies
//   connection_pubsub      subscriptions, pushed messages, confirmations
//   connection_reconnect   backoff and when to give up
// Error classification and descriptions are in connection_errors.cpp, addresses in
// connection_url.cpp, the write-command table in command_info.cpp.
//
// Reentrancy is the thing to watch: a reply callback may send, close or reopen the connection.
// So every path first brings its own state up to date and only then calls out (signals,
// callbacks), and the read loop stops as soon as the transport it was reading is gone
// (`generation` changes whenever a transport is torn down).
#include "connection.h"
#include "util/decimal.h"

#include "command_info.h"
#include "connection_handshake.h"
#include "connection_pubsub.h"
#include "connection_reconnect.h"
#include "connection_requests.h"
#include "connection_transport.h"
#include "resp_codec.h"

#include <QCryptographicHash>
#include <QElapsedTimer>

#include <optional>

namespace lockscope {

// connection_errors.cpp: the texts below stay English in replies and logs and are translated only
// where they are shown; each NoReply carries its NoReplyKind, so no code reads them.
QString localizedNoReplyText(const QString &english);

namespace {

using qtredis::Completion;
using qtredis::RequestPtr;
using qtredis::runAll;

// The NoReply kind that requests left without an answer get when the connection fails. A
// handshake the server refused (LOADING, NOAUTH, ...) is, to them, a connection that dropped.
NoReplyKind noReplyKindOf(RedisErrorKind kind)
{
    switch (kind) {
    case RedisErrorKind::Timeout:
        return NoReplyKind::Timeout;
    case RedisErrorKind::ConnectionRefused:
        return NoReplyKind::ConnectionRefused;
    case RedisErrorKind::HostNotFound:
        return NoReplyKind::HostNotFound;
    case RedisErrorKind::RefusedReadOnly:
        return NoReplyKind::RefusedReadOnly;
    case RedisErrorKind::TlsError:
        return NoReplyKind::TlsError;
    case RedisErrorKind::ProtocolError:
        return NoReplyKind::ProtocolError;
    default:
        return NoReplyKind::Disconnected;
    }
}

} // namespace

class Connection::Private {
public:
    enum class Life : quint8 {
        Idle,    // never opened: requests queue for open()
        Open,    // connecting, ready or reconnecting
        Stopped, // closed, or gave up: requests fail at once with stopReply
    };

    explicit Private(Connection *qq);

    const ConnectionOptions &options() const { return q->m_options; }
    QString server() const { return options().displayName(); }

    quint64 enqueue(const Command &argv, Callback done, qint64 timeoutMs, bool fromSubscribeApi);
    void writeNow(RequestPtr r);
    void flushPending();
    void sendWaitingIfRoom();
    void completeLater(Callback done, Reply reply);
    void runDeferred();

    void open();
    void startAttempt();
    void onTransportUp();
    void onHandshakeReply(quint64 gen, const Reply &reply, bool optional);
    void becomeReady();
    void onReadyRead();
    void dispatchParsed(); // the replies parsed so far (replyTurnMs of them a turn)
    void dispatch(const Reply &reply);
    void connectionFailed(RedisErrorKind kind, const QString &message, bool permanent,
                          const std::optional<Reply> &serverReply = std::nullopt);
    void teardownTransport();
    void closeInternal(const Reply &why, bool announce);

    void announceState();

    Connection *q;
    Life life = Life::Idle;
    State state = State::Disconnected;
    State announced = State::Disconnected;
    bool destroying = false;

    // The transport and parser of the current attempt; null between attempts.
    qtredis::Transport *transport = nullptr;
    std::unique_ptr<qtredis::RespParser> parser;
    quint64 generation = 0; // bumped whenever a transport goes away
    qtredis::Handshake handshake;

    qtredis::RequestQueue requests;
    qtredis::Subscriptions subscriptions;
    qtredis::ReconnectPolicy reconnect;

    quint64 sentCount = 0;
    QString lastError; // why there is no connection now; named in timeouts of unsent requests
    Reply stopReply;

    std::vector<Completion> deferred;
    bool deferredScheduled = false;
    bool dispatchScheduled = false; // a turn's replies ran out of time: the rest comes next
};

Connection::Private::Private(Connection *qq)
    : q(qq)
    , requests(qq, qq->m_options.requestTimeoutMs, qq->m_options.maxBytesInFlight,
               [this]() -> QString {
                   if (state == State::Ready)
                       return QStringLiteral("waiting behind %1 bytes of commands in flight to %2")
                           .arg(requests.bytesInFlight())
                           .arg(server());
                   return lastError.isEmpty() ? QStringLiteral("not connected to ") + server()
                                              : lastError;
               })
    , reconnect(qq->m_options, qq, [this] {
        if (life == Life::Open && state == State::Reconnecting)
            startAttempt();
    })
{}

void Connection::Private::announceState()
{
    if (state == announced || destroying)
        return;
    announced = state;
    emit q->stateChanged(state);
}

// --- requests ----------------------------------------------------------------------------------

quint64 Connection::Private::enqueue(const Command &argv, Callback done, qint64 timeoutMs,
                                     bool fromSubscribeApi)
{
    if (argv.isEmpty()) {
        const quint64 id = requests.takeId();
        completeLater(std::move(done),
                      Reply::noReply(NoReplyKind::ProtocolError,
                                     QByteArrayLiteral("protocol error: empty command, not sent")));
        return id;
    }
    // The read-only switch: decided here, before anything reaches the socket.
    if (options().readOnly && live_commands::isWrite(argv)) {
        const quint64 id = requests.takeId();
        completeLater(std::move(done),
                      Reply::noReply(NoReplyKind::RefusedReadOnly,
                                     "refused: " + live_commands::displayName(argv) +
                                         " is a write command and this connection is read-only"));
        return id;
    }
    if (life == Life::Stopped) {
        const quint64 id = requests.takeId();
        completeLater(std::move(done), stopReply);
        return id;
    }
    RequestPtr r = requests.make(argv, std::move(done), timeoutMs);
    const quint64 id = r->id;
    if (r->wire.isEmpty()) {
        completeLater(
            std::move(r->done),
            Reply::noReply(NoReplyKind::ProtocolError,
                           QByteArrayLiteral("protocol error: cannot encode the command")));
        return id;
    }
    r->fromSubscribeApi = fromSubscribeApi;
    requests.startClock(*r);
    // A transport that already failed (its failure is being reported) gets nothing more: the
    // request waits for the next connection instead.
    if (state == State::Ready && !requests.hasPending() && transport && transport->isOpen() &&
        requests.fits(r->wireBytes))
        writeNow(std::move(r));
    else
        requests.queue(std::move(r));
    return id;
}

void Connection::Private::writeNow(RequestPtr r)
{
    if (!r->internal)
        ++sentCount;
    transport->write(r->wire);
    requests.markWritten(std::move(r));
}

// One write for everything that waited: a pipeline, not a round trip per command.
void Connection::Private::flushPending()
{
    quint64 count = 0;
    const QByteArray batch = requests.takePending(&count);
    sentCount += count;
    if (!batch.isEmpty())
        transport->write(batch);
}

// With maxBytesInFlight, requests wait for room: once half the limit is free again the next
// ones go out, and to the system at once, so the server is never left without work while
// the rest of this read's replies are handed out.
void Connection::Private::sendWaitingIfRoom()
{
    if (!requests.wantsRefill() || state != State::Ready || !transport || !transport->isOpen())
        return;
    flushPending();
    transport->flush();
}

// A failure decided inside send() is delivered from the event loop, never from inside send():
// a coroutine awaiting the reply has not suspended yet when send() returns.
void Connection::Private::completeLater(Callback done, Reply reply)
{
    if (!done)
        return;
    if (destroying) {
        done(reply);
        return;
    }
    deferred.push_back({std::move(done), std::move(reply)});
    if (!deferredScheduled) {
        deferredScheduled = true;
        QMetaObject::invokeMethod(
            q, [this] { runDeferred(); }, Qt::QueuedConnection);
    }
}

void Connection::Private::runDeferred()
{
    deferredScheduled = false;
    std::vector<Completion> list;
    list.swap(deferred);
    runAll(list);
}

// --- connecting --------------------------------------------------------------------------------

void Connection::Private::open()
{
    if (life == Life::Open)
        return;
    life = Life::Open;
    reconnect.restart();
    stopReply = Reply();
    lastError.clear();
    state = State::Connecting;
    startAttempt();
}

void Connection::Private::startAttempt()
{
    teardownTransport();
    if (state != State::Reconnecting)
        state = State::Connecting;
    announceState();
    if (life != Life::Open)
        return; // a stateChanged handler closed the connection
    const quint64 gen = generation;
    parser = std::make_unique<qtredis::RespParser>();
    transport = new qtredis::Transport(options(), q);
    QObject::connect(transport, &qtredis::Transport::up, q, [this, gen] {
        if (gen == generation)
            onTransportUp();
    });
    QObject::connect(transport, &qtredis::Transport::bytesArrived, q, [this, gen] {
        if (gen == generation)
            onReadyRead();
    });
    QObject::connect(transport, &qtredis::Transport::failed, q,
                     [this, gen](RedisErrorKind kind, const QString &message, bool permanent) {
                         if (gen == generation && life == Life::Open)
                             connectionFailed(kind, message, permanent);
                     });
    transport->start();
}

void Connection::Private::onTransportUp()
{
    const quint64 gen = generation;
    const QList<Command> commands = qtredis::Handshake::commands(options());
    if (commands.isEmpty()) {
        becomeReady();
        return;
    }
    handshake.start(commands.size());
    for (const Command &argv : commands) {
        const bool optional = qtredis::Handshake::isOptional(argv);
        RequestPtr r = requests.make(
            argv,
            [this, gen, optional](const Reply &reply) { onHandshakeReply(gen, reply, optional); },
            0);
        r->internal = true;
        writeNow(std::move(r));
    }
    state = State::Authenticating;
    announceState();
}

void Connection::Private::onHandshakeReply(quint64 gen, const Reply &reply, bool optional)
{
    if (gen != generation)
        return;
    // An optional command's server error (NOPERM, unknown command) is not the connection's
    // failure; no answer at all still is (the transport is gone).
    if (reply.failed() && !(optional && reply.isError())) {
        const RedisErrorKind kind = classify(reply);
        const bool transient = qtredis::Handshake::isTransient(kind);
        connectionFailed(kind, q->describe(reply), !transient,
                         transient ? std::nullopt : std::optional<Reply>(reply));
        return;
    }
    if (handshake.answered())
        becomeReady();
}

void Connection::Private::becomeReady()
{
    transport->stopConnectTimer();
    reconnect.succeeded();
    lastError.clear();
    state = State::Ready;

    // Subscriptions belong to a connection: after a reconnect, ask again for everything
    // subscribe() asked for, in one command, instead of replaying the individual calls.
    requests.dropPendingFromSubscribeApi();
    const Command renewal = subscriptions.renewal();
    if (!renewal.isEmpty()) {
        RequestPtr r = requests.make(renewal, nullptr, 0);
        r->fromSubscribeApi = true;
        requests.queueFirst(std::move(r));
    }
    // Queued requests go out before anyone hears of Ready, so a ready() handler's own requests
    // line up behind them.
    flushPending();
    announceState();
    if (state == State::Ready)
        emit q->ready();
}

// --- replies -----------------------------------------------------------------------------------

void Connection::Private::onReadyRead()
{
    if (!transport || !parser)
        return;
    const QByteArray data = transport->readAll();
    if (data.isEmpty())
        return;
    if (!parser->feed(data)) {
        connectionFailed(RedisErrorKind::ProtocolError,
                         QStringLiteral("protocol error: %1 sent data that is not RESP (%2)")
                             .arg(server(), parser->errorString()),
                         false);
        return;
    }
    if (!dispatchScheduled) // else the replies before these go first, in the next turn
        dispatchParsed();
}

void Connection::Private::dispatchParsed()
{
    const quint64 gen = generation;
    const qint64 turnMs = q->m_options.replyTurnMs;
    QElapsedTimer turn;
    if (turnMs > 0)
        turn.start();
    for (int handed = 0;; ++handed) {
        // The clock is read every 32 replies: a reply takes microseconds.
        if (turnMs > 0 && (handed & 31) == 31 && turn.elapsed() >= turnMs) {
            dispatchScheduled = true;
            // Posted, not a zero timer: Qt's glib dispatcher runs timers at idle priority
            // while the loop is busy, and these replies must not wait for it to go idle.
            QMetaObject::invokeMethod(
                q,
                [this, gen] {
                    if (gen != generation)
                        return; // that parser is gone (teardownTransport() cleared the flag)
                    dispatchScheduled = false;
                    if (parser)
                        dispatchParsed();
                },
                Qt::QueuedConnection);
            return;
        }
        Reply reply;
        switch (parser->next(&reply)) {
        case qtredis::RespParser::Next::Error:
            connectionFailed(RedisErrorKind::ProtocolError,
                             QStringLiteral("protocol error: cannot parse the reply from %1 (%2)")
                                 .arg(server(), parser->errorString()),
                             false);
            return;
        case qtredis::RespParser::Next::NeedMore:
            return;
        case qtredis::RespParser::Next::Reply:
            break;
        }
        dispatch(reply);
        if (gen != generation)
            return; // a callback closed or reset the connection: this parser is gone
    }
}

void Connection::Private::dispatch(const Reply &reply)
{
    if (const auto pushed = subscriptions.pushedMessage(reply)) {
        emit q->messageReceived(pushed->channel, pushed->message, pushed->pattern);
        return;
    }
    if (!requests.hasInflight()) {
        connectionFailed(RedisErrorKind::ProtocolError,
                         QStringLiteral("protocol error: %1 sent a reply nobody asked for (%2)")
                             .arg(server(), QString::fromUtf8(reply.toDisplay().left(80))),
                         false);
        return;
    }
    if (const Callback done = requests.answer(reply, subscriptions))
        done(reply);
    sendWaitingIfRoom();
}

// --- failures ----------------------------------------------------------------------------------

void Connection::Private::connectionFailed(RedisErrorKind kind, const QString &message,
                                           bool permanent, const std::optional<Reply> &serverReply)
{
    teardownTransport();
    subscriptions.forgetConfirmed();
    lastError = message;

    // What was written may or may not have run: it fails, it is never sent twice.
    std::vector<Completion> failures;
    requests.failInflight(Reply::noReply(noReplyKindOf(kind), message.toUtf8()), &failures);

    QString signalMessage = message;
    if (life == Life::Open && reconnect.mayRetry(permanent)) {
        state = State::Reconnecting;
        reconnect.scheduleRetry();
    } else {
        signalMessage += reconnect.givingUpNote(permanent);
        life = Life::Stopped;
        stopReply = serverReply ? *serverReply
                                : Reply::noReply(noReplyKindOf(kind), signalMessage.toUtf8());
        state = State::Disconnected;
        reconnect.cancel();
        requests.failPending(stopReply, &failures);
        requests.rearm();
    }

    emit q->connectionError(kind, localizedNoReplyText(signalMessage));
    announceState();
    runAll(failures);
}

void Connection::Private::teardownTransport()
{
    ++generation;
    dispatchScheduled = false;
    handshake.reset();
    if (transport) {
        QObject::disconnect(transport, nullptr, q, nullptr);
        transport->discard();
        transport = nullptr;
    }
    parser.reset();
}

void Connection::Private::closeInternal(const Reply &why, bool announce)
{
    life = Life::Stopped;
    stopReply = why;
    reconnect.cancel();
    teardownTransport();
    subscriptions.forgetConfirmed();
    state = State::Disconnected;

    std::vector<Completion> failures;
    requests.failInflight(why, &failures);
    requests.failPending(why, &failures);
    requests.stopTimeouts();
    if (announce)
        announceState();
    runAll(failures);
}

// --- Connection --------------------------------------------------------------------------------

Connection::Connection(ConnectionOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , d(std::make_unique<Private>(this))
{}

Connection::~Connection()
{
    // Every callback still runs exactly once: an awaiting coroutine is resumed with a failure
    // instead of leaking. A callback that sends from here gets the same failure at once.
    d->destroying = true;
    d->closeInternal(
        Reply::noReply(NoReplyKind::Disconnected, QByteArrayLiteral("connection closed")), false);
    d->runDeferred();
}

Connection::State Connection::state() const
{
    return d->state;
}

void Connection::open()
{
    d->open();
}

void Connection::close()
{
    d->closeInternal(
        Reply::noReply(NoReplyKind::Disconnected, QByteArrayLiteral("connection closed")), true);
}

quint64 Connection::send(const Command &argv, Callback done, qint64 timeoutMs)
{
    return d->enqueue(argv, std::move(done), timeoutMs, false);
}

void Connection::flush()
{
    if (d->transport && d->transport->isOpen())
        d->transport->flush();
}

void Connection::evalScript(const QByteArray &sha1, const QByteArray &body, const Command &keys,
                            const Command &args, Callback done, qint64 timeoutMs)
{
    const QByteArray sha =
        sha1.isEmpty() ? QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex() : sha1;
    Command tail{decimal(keys.size())};
    tail += keys;
    tail += args;
    Command evalsha{QByteArrayLiteral("EVALSHA"), sha};
    evalsha += tail;
    // The callback only runs while this connection lives (the destructor runs it too, with a
    // failure, which never asks for the fallback), so `this` is safe here.
    send(
        evalsha,
        [this, body, tail, done = std::move(done), timeoutMs](const Reply &reply) {
            if (classify(reply) != RedisErrorKind::NoScript) {
                done(reply);
                return;
            }
            Command eval{QByteArrayLiteral("EVAL"), body};
            eval += tail;
            send(eval, done, timeoutMs);
        },
        timeoutMs);
}

void Connection::subscribe(const QByteArray &channel)
{
    d->subscriptions.want(channel);
    d->enqueue(Command{QByteArrayLiteral("SUBSCRIBE"), channel}, nullptr, -1, true);
}

void Connection::unsubscribe(const QByteArray &channel)
{
    d->subscriptions.unwant(channel);
    d->enqueue(Command{QByteArrayLiteral("UNSUBSCRIBE"), channel}, nullptr, -1, true);
}

bool Connection::isWriteCommand(const QByteArray &name)
{
    return live_commands::isWrite(QByteArrayView(name));
}

bool Connection::isWriteCommand(const Command &argv)
{
    return live_commands::isWrite(argv);
}

quint64 Connection::commandsSent() const
{
    return d->sentCount;
}

qint64 Connection::bytesInFlight() const
{
    return d->requests.bytesInFlight();
}

quint64 Connection::reconnects() const
{
    return d->reconnect.reconnects();
}

} // namespace lockscope
