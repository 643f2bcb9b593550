// QtRedis: the connection's life cycle (connect, TLS, AUTH/SELECT, ready, drop, reconnect), its
// request queues (pending until Ready, then in flight and matched FIFO), per-request timeouts
// and pub/sub. Error classification and descriptions are in connection_errors.cpp, addresses in
// connection_url.cpp, the write-command table in command_info.cpp.
//
// Reentrancy is the thing to watch: a reply callback may send, close or reopen the connection.
// So every path first brings its own state up to date and only then calls out (signals,
// callbacks), and the read loop stops as soon as the transport it was reading is gone
// (`generation` changes whenever a transport is torn down).
#include "connection.h"
#include "util/decimal.h"

#include "command_info.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QLocalSocket>
#include <QRandomGenerator>
#include <QSet>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

#include <hiredis/hiredis.h>
#include <hiredis/read.h>

#include <algorithm>
#include <climits>
#include <deque>
#include <limits>
#include <optional>
#include <queue>
#include <vector>

namespace lockscope {

// connection_errors.cpp: the texts below stay English in replies and logs and are translated only
// where they are shown; each NoReply carries its NoReplyKind, so no code reads them.
QString localizedNoReplyText(const QString &english);

namespace {

constexpr qint64 kNoDeadline = std::numeric_limits<qint64>::max();

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

struct Request {
    quint64 id = 0;
    QByteArray wire; // the encoded command; dropped once written
    Connection::Callback done;
    qint64 timeoutMs = 0;
    qint64 deadline = kNoDeadline;
    // (P)(UN)SUBSCRIBE answer with one confirmation per channel instead of one reply; this many
    // are still to come. -1: an argument-less (P)UNSUBSCRIBE, which gets one per channel
    // (pattern) subscribed at the moment the server runs it, at least one.
    int confirmations = 0;
    bool unsubscribeAllPatterns = false; // for -1: count patterns rather than channels
    bool internal = false;               // AUTH/SELECT of the handshake: dies with its transport
    bool fromSubscribeApi = false;       // subscribe()/unsubscribe(): replaced after a reconnect
    bool sent = false;
    bool finished = false; // the callback has run (a timeout); a late reply is discarded
};
using RequestPtr = std::unique_ptr<Request>;

struct Completion {
    Connection::Callback done;
    Reply reply;
};

void runAll(std::vector<Completion> &list)
{
    for (Completion &c : list) {
        if (c.done)
            c.done(c.reply);
    }
}

Reply toReply(const redisReply *r)
{
    switch (r->type) {
    case REDIS_REPLY_STRING:
        return Reply::bulk(QByteArray(r->str, static_cast<qsizetype>(r->len)));
    case REDIS_REPLY_STATUS:
        return Reply::status(QByteArray(r->str, static_cast<qsizetype>(r->len)));
    case REDIS_REPLY_ERROR:
        return Reply::error(QByteArray(r->str, static_cast<qsizetype>(r->len)));
    case REDIS_REPLY_INTEGER:
        return Reply::integer(r->integer);
    case REDIS_REPLY_ARRAY: {
        QList<Reply> elements;
        elements.reserve(static_cast<qsizetype>(r->elements));
        for (size_t i = 0; i < r->elements; ++i)
            elements.append(toReply(r->element[i]));
        return Reply::array(std::move(elements));
    }
    default: // REDIS_REPLY_NIL: a null bulk string or a null array
        return Reply::nil();
    }
}

// Binary safe: every argument goes with its length, so \0 and \r\n pass unchanged.
QByteArray encode(const Command &argv)
{
    std::vector<const char *> args;
    std::vector<size_t> lengths;
    args.reserve(static_cast<size_t>(argv.size()));
    lengths.reserve(static_cast<size_t>(argv.size()));
    for (const QByteArray &a : argv) {
        args.push_back(a.constData());
        lengths.push_back(static_cast<size_t>(a.size()));
    }
    char *out = nullptr;
    const int len =
        redisFormatCommandArgv(&out, static_cast<int>(args.size()), args.data(), lengths.data());
    if (len < 0 || !out)
        return {};
    QByteArray wire(out, len);
    redisFreeCommand(out);
    return wire;
}

bool isBulk(const Reply &r, const char *text)
{
    return r.isBulk() && r.text() == text;
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
    ~Private();

    const ConnectionOptions &options() const { return q->m_options; }
    qint64 now() const { return clock.elapsed(); }
    QString server() const { return options().displayName(); }

    RequestPtr makeRequest(const Command &argv, Callback done, qint64 timeoutMs);
    quint64 enqueue(const Command &argv, Callback done, qint64 timeoutMs, bool fromSubscribeApi);
    void writeNow(RequestPtr r);
    void flushPending();
    Callback finish(Request &r);
    void completeLater(Callback done, Reply reply);
    void runDeferred();

    void open();
    void startAttempt();
    bool configureTls(QSslSocket *socket, QString *error) const;
    void onTransportUp();
    void onHandshakeReply(quint64 gen, const Reply &reply);
    void becomeReady();
    void onReadyRead();
    void dispatch(const Reply &reply);
    bool isPushedMessage(const Reply &reply) const;
    void applyConfirmation(const Reply &reply);
    void onTcpError(QAbstractSocket::SocketError error);
    void onLocalError(QLocalSocket::LocalSocketError error);
    void onTransportClosed();
    void failSoon(RedisErrorKind kind, const QString &message, bool permanent);
    void connectionFailed(RedisErrorKind kind, const QString &message, bool permanent,
                          const std::optional<Reply> &serverReply = std::nullopt);
    void teardownTransport();
    void closeInternal(const Reply &why, bool announce);
    qint64 backoffMs(int attempt) const;

    void armTimeouts();
    void onTimeouts();

    void announceState();

    Connection *q;
    Life life = Life::Idle;
    State state = State::Disconnected;
    State announced = State::Disconnected;
    bool destroying = false;

    // The transport of the current attempt; all null between attempts.
    QTcpSocket *tcp = nullptr; // plain TCP, or the QSslSocket
    QSslSocket *ssl = nullptr;
    QLocalSocket *local = nullptr;
    QIODevice *io = nullptr;
    redisReader *reader = nullptr;
    quint64 generation = 0; // bumped whenever a transport goes away
    bool transportUp = false;
    int handshakeLeft = 0;
    QList<QSslError> sslErrors;

    QTimer *connectTimer;
    QTimer *reconnectTimer;
    QTimer *timeoutTimer;
    QElapsedTimer clock;

    std::deque<RequestPtr> pending;  // not written yet (waiting for Ready)
    std::deque<RequestPtr> inflight; // written, replies come back in this order
    QHash<quint64, Request *> live;  // unfinished requests with a deadline, by id
    using Deadline = std::pair<qint64, quint64>;
    std::priority_queue<Deadline, std::vector<Deadline>, std::greater<>> deadlines;
    qint64 armedDeadline = kNoDeadline;
    quint64 nextId = 1;

    int failedAttempts = 0; // since the last time the connection was ready
    bool everReady = false;
    quint64 sentCount = 0;
    quint64 reconnectCount = 0;
    QString lastError; // why there is no connection now; named in timeouts of unsent requests
    Reply stopReply;

    QSet<QByteArray> wantedChannels; // what subscribe() asked for; renewed after a reconnect
    QSet<QByteArray> channels;       // what the server confirmed on this transport
    QSet<QByteArray> patterns;

    std::vector<Completion> deferred;
    bool deferredScheduled = false;
};

Connection::Private::Private(Connection *qq)
    : q(qq)
    , connectTimer(new QTimer(qq))
    , reconnectTimer(new QTimer(qq))
    , timeoutTimer(new QTimer(qq))
{
    clock.start();
    connectTimer->setSingleShot(true);
    reconnectTimer->setSingleShot(true);
    timeoutTimer->setSingleShot(true);
    // Precise: a 200 ms request timeout should not fire 10 ms late.
    timeoutTimer->setTimerType(Qt::PreciseTimer);
    QObject::connect(connectTimer, &QTimer::timeout, q, [this] {
        connectionFailed(RedisErrorKind::Timeout,
                         QStringLiteral("timeout: cannot connect to %1 within %2 ms")
                             .arg(server())
                             .arg(options().connectTimeoutMs),
                         false);
    });
    QObject::connect(reconnectTimer, &QTimer::timeout, q, [this] {
        if (life == Life::Open && state == State::Reconnecting)
            startAttempt();
    });
    QObject::connect(timeoutTimer, &QTimer::timeout, q, [this] { onTimeouts(); });
}

Connection::Private::~Private()
{
    if (reader)
        redisReaderFree(reader);
}

void Connection::Private::announceState()
{
    if (state == announced || destroying)
        return;
    announced = state;
    emit q->stateChanged(state);
}

// --- requests ----------------------------------------------------------------------------------

RequestPtr Connection::Private::makeRequest(const Command &argv, Callback done, qint64 timeoutMs)
{
    auto r = std::make_unique<Request>();
    r->id = nextId++;
    r->wire = encode(argv);
    r->done = std::move(done);
    r->timeoutMs = timeoutMs < 0 ? options().requestTimeoutMs : timeoutMs;
    const QByteArray name = argv.at(0).toLower();
    if (name == "subscribe" || name == "psubscribe") {
        r->confirmations = static_cast<int>(argv.size() - 1);
    } else if (name == "unsubscribe" || name == "punsubscribe") {
        r->confirmations = argv.size() > 1 ? static_cast<int>(argv.size() - 1) : -1;
        r->unsubscribeAllPatterns = name == "punsubscribe";
    }
    return r;
}

quint64 Connection::Private::enqueue(const Command &argv, Callback done, qint64 timeoutMs,
                                     bool fromSubscribeApi)
{
    if (argv.isEmpty()) {
        const quint64 id = nextId++;
        completeLater(std::move(done),
                      Reply::noReply(NoReplyKind::ProtocolError,
                                     QByteArrayLiteral("protocol error: empty command, not sent")));
        return id;
    }
    // The read-only switch: decided here, before anything reaches the socket.
    if (options().readOnly && live_commands::isWrite(argv)) {
        const quint64 id = nextId++;
        completeLater(std::move(done),
                      Reply::noReply(NoReplyKind::RefusedReadOnly,
                                     "refused: " + live_commands::displayName(argv) +
                                         " is a write command and this connection is read-only"));
        return id;
    }
    if (life == Life::Stopped) {
        const quint64 id = nextId++;
        completeLater(std::move(done), stopReply);
        return id;
    }
    RequestPtr r = makeRequest(argv, std::move(done), timeoutMs);
    const quint64 id = r->id;
    if (r->wire.isEmpty()) {
        completeLater(
            std::move(r->done),
            Reply::noReply(NoReplyKind::ProtocolError,
                           QByteArrayLiteral("protocol error: cannot encode the command")));
        return id;
    }
    r->fromSubscribeApi = fromSubscribeApi;
    if (r->timeoutMs > 0) {
        r->deadline = now() + r->timeoutMs;
        live.insert(id, r.get());
        // Answered requests leave their entries behind until they surface; with a long timeout
        // and a busy connection those pile up, so now and then rebuild from the live ones.
        if (deadlines.size() > 4096 && deadlines.size() > 4 * static_cast<size_t>(live.size())) {
            std::vector<Deadline> keep;
            keep.reserve(static_cast<size_t>(live.size()));
            for (const Request *l : std::as_const(live))
                keep.emplace_back(l->deadline, l->id);
            deadlines = decltype(deadlines)(std::greater<>(), std::move(keep));
        }
        deadlines.emplace(r->deadline, id);
        if (r->deadline < armedDeadline)
            armTimeouts();
    }
    // A transport that already failed (its failure is being reported) gets nothing more: the
    // request waits for the next connection instead.
    if (state == State::Ready && pending.empty() && io && io->isOpen())
        writeNow(std::move(r));
    else
        pending.push_back(std::move(r));
    return id;
}

void Connection::Private::writeNow(RequestPtr r)
{
    r->sent = true;
    if (!r->internal)
        ++sentCount;
    io->write(r->wire);
    r->wire = QByteArray();
    inflight.push_back(std::move(r));
}

// One write for everything that waited: a pipeline, not a round trip per command.
void Connection::Private::flushPending()
{
    QByteArray batch;
    while (!pending.empty()) {
        RequestPtr r = std::move(pending.front());
        pending.pop_front();
        if (r->finished)
            continue; // timed out while waiting: never sent
        r->sent = true;
        ++sentCount;
        batch += r->wire;
        r->wire = QByteArray();
        inflight.push_back(std::move(r));
    }
    if (!batch.isEmpty())
        io->write(batch);
}

// Marks the request answered and hands back its callback, for the caller to run once its own
// bookkeeping is done.
Connection::Callback Connection::Private::finish(Request &r)
{
    r.finished = true;
    live.remove(r.id);
    return std::exchange(r.done, nullptr);
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

// --- timeouts ----------------------------------------------------------------------------------

// One timer for the whole connection, armed for the earliest deadline. Entries of requests that
// were answered stay in the heap until they reach the top, then are skipped.
void Connection::Private::armTimeouts()
{
    while (!deadlines.empty() && !live.contains(deadlines.top().second))
        deadlines.pop();
    if (deadlines.empty()) {
        armedDeadline = kNoDeadline;
        timeoutTimer->stop();
        return;
    }
    armedDeadline = deadlines.top().first;
    const qint64 wait = std::clamp<qint64>(armedDeadline - now(), 0, INT_MAX);
    timeoutTimer->start(static_cast<int>(wait));
}

void Connection::Private::onTimeouts()
{
    armedDeadline = kNoDeadline;
    const qint64 t = now();
    std::vector<Completion> expired;
    bool unsentExpired = false;
    while (!deadlines.empty() && deadlines.top().first <= t) {
        const quint64 id = deadlines.top().second;
        deadlines.pop();
        Request *r = live.value(id);
        if (!r)
            continue;
        QByteArray why = "timeout after " + QByteArray::number(r->timeoutMs) + " ms";
        if (!r->sent) {
            unsentExpired = true;
            const QString cause =
                lastError.isEmpty() ? QStringLiteral("not connected to ") + server() : lastError;
            why += " (never sent: " + cause.toUtf8() + ')';
        }
        // A request in flight stays in the queue: its late reply still takes its FIFO slot.
        expired.push_back({finish(*r), Reply::noReply(NoReplyKind::Timeout, std::move(why))});
    }
    if (unsentExpired)
        std::erase_if(pending, [](const RequestPtr &r) { return r->finished; });
    armTimeouts();
    runAll(expired);
}

// --- connecting --------------------------------------------------------------------------------

void Connection::Private::open()
{
    if (life == Life::Open)
        return;
    life = Life::Open;
    failedAttempts = 0;
    stopReply = Reply();
    lastError.clear();
    state = State::Connecting;
    startAttempt();
}

qint64 Connection::Private::backoffMs(int attempt) const
{
    // Capped exponential backoff with jitter: attempt n waits between half and all of
    // min * 2^(n-1) (at least min, at most max), so clients that lost the same server do not
    // come back in lockstep.
    const qint64 lo = qMax<qint64>(1, options().reconnectMinMs);
    const qint64 hi = qMax(lo, options().reconnectMaxMs);
    qint64 upper = lo;
    for (int i = 1; i < attempt && upper < hi; ++i)
        upper *= 2;
    upper = qMin(upper, hi);
    const qint64 lower = qMax(lo, upper / 2);
    return lower + static_cast<qint64>(QRandomGenerator::global()->bounded(
                       static_cast<quint64>(upper - lower + 1)));
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
    reader = redisReaderCreate();
    sslErrors.clear();
    if (options().connectTimeoutMs > 0)
        connectTimer->start(static_cast<int>(qMin<qint64>(options().connectTimeoutMs, INT_MAX)));

    if (!options().unixSocket.isEmpty()) {
        local = new QLocalSocket(q);
        io = local;
        QObject::connect(local, &QLocalSocket::connected, q, [this, gen] {
            if (gen == generation)
                onTransportUp();
        });
        QObject::connect(local, &QLocalSocket::errorOccurred, q,
                         [this, gen](QLocalSocket::LocalSocketError e) {
                             if (gen == generation)
                                 onLocalError(e);
                         });
        QObject::connect(local, &QLocalSocket::disconnected, q, [this, gen] {
            if (gen == generation)
                onTransportClosed();
        });
    } else if (options().tls) {
        if (!QSslSocket::supportsSsl()) {
            failSoon(RedisErrorKind::TlsError,
                     QStringLiteral("TLS error: cannot connect to %1: this Qt has no working TLS "
                                    "backend (OpenSSL)")
                         .arg(server()),
                     true);
            return;
        }
        ssl = new QSslSocket(q);
        tcp = ssl;
        io = ssl;
        QString error;
        if (!configureTls(ssl, &error)) {
            failSoon(RedisErrorKind::TlsError,
                     QStringLiteral("TLS error: cannot connect to %1: %2").arg(server(), error),
                     true);
            return;
        }
        QObject::connect(ssl, &QSslSocket::encrypted, q, [this, gen] {
            if (gen == generation)
                onTransportUp();
        });
        QObject::connect(ssl, &QSslSocket::sslErrors, q,
                         [this, gen](const QList<QSslError> &errors) {
                             if (gen == generation)
                                 sslErrors += errors;
                         });
    } else {
        tcp = new QTcpSocket(q);
        io = tcp;
        QObject::connect(tcp, &QAbstractSocket::connected, q, [this, gen] {
            if (gen == generation)
                onTransportUp();
        });
    }

    if (tcp) {
        QObject::connect(tcp, &QAbstractSocket::connected, q, [this, gen] {
            // Commands are small and pipelined: Nagle would only add latency.
            if (gen == generation) {
                tcp->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                tcp->setSocketOption(QAbstractSocket::KeepAliveOption, 1);
            }
        });
        QObject::connect(tcp, &QAbstractSocket::errorOccurred, q,
                         [this, gen](QAbstractSocket::SocketError e) {
                             if (gen == generation)
                                 onTcpError(e);
                         });
        QObject::connect(tcp, &QAbstractSocket::disconnected, q, [this, gen] {
            if (gen == generation)
                onTransportClosed();
        });
    }
    QObject::connect(io, &QIODevice::readyRead, q, [this, gen] {
        if (gen == generation)
            onReadyRead();
    });

    if (local) {
        local->connectToServer(options().unixSocket);
    } else if (ssl) {
        const QString peer = options().serverName.isEmpty() ? options().host : options().serverName;
        ssl->connectToHostEncrypted(options().host, options().port, peer);
    } else {
        tcp->connectToHost(options().host, options().port);
    }
}

bool Connection::Private::configureTls(QSslSocket *socket, QString *error) const
{
    const ConnectionOptions &o = options();
    QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
    if (!o.caFile.isEmpty()) {
        // The given CA replaces the system's store: a private CA is what a server with its own
        // certificates uses, and trusting the whole world besides would defeat it.
        const QList<QSslCertificate> cas = QSslCertificate::fromPath(o.caFile, QSsl::Pem);
        if (cas.isEmpty()) {
            *error = QStringLiteral("cannot read a CA certificate (PEM) from '%1'").arg(o.caFile);
            return false;
        }
        conf.setCaCertificates(cas);
    }
    if (!o.certFile.isEmpty()) {
        const QList<QSslCertificate> chain = QSslCertificate::fromPath(o.certFile, QSsl::Pem);
        if (chain.isEmpty()) {
            *error =
                QStringLiteral("cannot read a client certificate (PEM) from '%1'").arg(o.certFile);
            return false;
        }
        conf.setLocalCertificateChain(chain);
        const QString keyPath = o.keyFile.isEmpty() ? o.certFile : o.keyFile;
        QFile keyFile(keyPath);
        if (!keyFile.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read the private key '%1': %2")
                         .arg(keyPath, keyFile.errorString());
            return false;
        }
        const QByteArray pem = keyFile.readAll();
        // A PKCS#8 "PRIVATE KEY" does not say its algorithm in the header: try them in turn.
        QSslKey key;
        for (QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa, QSsl::Dh}) {
            key = QSslKey(pem, algorithm, QSsl::Pem, QSsl::PrivateKey);
            if (!key.isNull())
                break;
        }
        if (key.isNull()) {
            *error = QStringLiteral("cannot read the private key '%1' (an unencrypted PEM RSA, "
                                    "EC or DSA key is needed)")
                         .arg(keyPath);
            return false;
        }
        conf.setPrivateKey(key);
    } else if (!o.keyFile.isEmpty()) {
        *error = QStringLiteral("a private key (%1) without a client certificate").arg(o.keyFile);
        return false;
    }
    conf.setPeerVerifyMode(o.verifyPeer ? QSslSocket::VerifyPeer : QSslSocket::VerifyNone);
    socket->setSslConfiguration(conf);
    return true;
}

void Connection::Private::onTransportUp()
{
    transportUp = true;
    const quint64 gen = generation;
    // AUTH and SELECT go first, pipelined; the queued requests wait for their answers so that
    // none of them runs unauthenticated or in the wrong database.
    QList<Command> handshake;
    const ConnectionOptions &o = options();
    if (!o.username.isEmpty()) {
        handshake.append(
            Command{QByteArrayLiteral("AUTH"), o.username.toUtf8(), o.password.toUtf8()});
    } else if (!o.password.isEmpty()) {
        handshake.append(Command{QByteArrayLiteral("AUTH"), o.password.toUtf8()});
    }
    if (o.db != 0)
        handshake.append(Command{QByteArrayLiteral("SELECT"), QByteArray::number(o.db)});
    if (handshake.isEmpty()) {
        becomeReady();
        return;
    }
    handshakeLeft = static_cast<int>(handshake.size());
    for (const Command &argv : handshake) {
        RequestPtr r = makeRequest(
            argv, [this, gen](const Reply &reply) { onHandshakeReply(gen, reply); }, 0);
        r->internal = true;
        writeNow(std::move(r));
    }
    state = State::Authenticating;
    announceState();
}

void Connection::Private::onHandshakeReply(quint64 gen, const Reply &reply)
{
    if (gen != generation)
        return;
    if (reply.failed()) {
        const RedisErrorKind kind = classify(reply);
        // A server that is loading or busy will answer later; a wrong password or a database
        // that does not exist will not get better by trying again.
        const bool transient = kind == RedisErrorKind::Loading || kind == RedisErrorKind::Busy;
        connectionFailed(kind, q->describe(reply), !transient,
                         transient ? std::nullopt : std::optional<Reply>(reply));
        return;
    }
    if (--handshakeLeft == 0)
        becomeReady();
}

void Connection::Private::becomeReady()
{
    connectTimer->stop();
    failedAttempts = 0;
    if (everReady)
        ++reconnectCount;
    everReady = true;
    lastError.clear();
    state = State::Ready;

    // Subscriptions belong to a connection: after a reconnect, ask again for everything
    // subscribe() asked for, in one command, instead of replaying the individual calls.
    std::erase_if(pending, [this](const RequestPtr &r) {
        if (!r->fromSubscribeApi)
            return false;
        finish(*r);
        return true;
    });
    if (!wantedChannels.isEmpty()) {
        QList<QByteArray> list = wantedChannels.values();
        std::sort(list.begin(), list.end());
        Command argv{QByteArrayLiteral("SUBSCRIBE")};
        argv += list;
        RequestPtr r = makeRequest(argv, nullptr, 0);
        r->fromSubscribeApi = true;
        pending.push_front(std::move(r));
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
    if (!io || !reader)
        return;
    const quint64 gen = generation;
    const QByteArray data = io->readAll();
    if (data.isEmpty())
        return;
    if (redisReaderFeed(reader, data.constData(), static_cast<size_t>(data.size())) != REDIS_OK) {
        connectionFailed(RedisErrorKind::ProtocolError,
                         QStringLiteral("protocol error: %1 sent data that is not RESP (%2)")
                             .arg(server(), QString::fromUtf8(reader->errstr)),
                         false);
        return;
    }
    for (;;) {
        void *raw = nullptr;
        if (redisReaderGetReply(reader, &raw) != REDIS_OK) {
            connectionFailed(RedisErrorKind::ProtocolError,
                             QStringLiteral("protocol error: cannot parse the reply from %1 (%2)")
                                 .arg(server(), QString::fromUtf8(reader->errstr)),
                             false);
            return;
        }
        if (!raw)
            return;
        const Reply reply = toReply(static_cast<const redisReply *>(raw));
        freeReplyObject(raw);
        dispatch(reply);
        if (gen != generation)
            return; // a callback closed or reset the connection: this reader is gone
    }
}

bool Connection::Private::isPushedMessage(const Reply &reply) const
{
    // Only a subscribed connection receives pushes, and only after the server confirmed a
    // subscription; before that an array starting with "message" is an ordinary reply.
    if ((channels.isEmpty() && patterns.isEmpty()) || !reply.isArray())
        return false;
    const QList<Reply> &e = reply.elements();
    return (e.size() == 3 && isBulk(e.at(0), "message")) ||
           (e.size() == 4 && isBulk(e.at(0), "pmessage"));
}

void Connection::Private::applyConfirmation(const Reply &reply)
{
    const QByteArray &kind = reply.elements().at(0).text();
    const QByteArray &name = reply.elements().at(1).text();
    if (kind == "subscribe")
        channels.insert(name);
    else if (kind == "unsubscribe")
        channels.remove(name);
    else if (kind == "psubscribe")
        patterns.insert(name);
    else
        patterns.remove(name);
}

void Connection::Private::dispatch(const Reply &reply)
{
    if (isPushedMessage(reply)) {
        const QList<Reply> &e = reply.elements();
        if (e.size() == 3)
            emit q->messageReceived(e.at(1).text(), e.at(2).text(), QByteArray());
        else
            emit q->messageReceived(e.at(2).text(), e.at(3).text(), e.at(1).text());
        return;
    }
    if (inflight.empty()) {
        connectionFailed(RedisErrorKind::ProtocolError,
                         QStringLiteral("protocol error: %1 sent a reply nobody asked for (%2)")
                             .arg(server(), QString::fromUtf8(reply.toDisplay().left(80))),
                         false);
        return;
    }
    Request &front = *inflight.front();
    const bool confirmation = front.confirmations != 0 && reply.isArray() &&
                              reply.elements().size() == 3 && reply.elements().at(2).isInteger() &&
                              (isBulk(reply.elements().at(0), "subscribe") ||
                               isBulk(reply.elements().at(0), "unsubscribe") ||
                               isBulk(reply.elements().at(0), "psubscribe") ||
                               isBulk(reply.elements().at(0), "punsubscribe"));
    if (confirmation) {
        if (front.confirmations < 0) {
            // Runs on the server after every earlier confirmation, which we have all seen: our
            // sets are the server's at that moment.
            const auto current = front.unsubscribeAllPatterns ? patterns.size() : channels.size();
            front.confirmations = static_cast<int>(qMax<qsizetype>(1, current));
        }
        applyConfirmation(reply);
        Callback done = front.finished ? Callback() : finish(front);
        RequestPtr last;
        if (--front.confirmations == 0) {
            last = std::move(inflight.front());
            inflight.pop_front();
        }
        if (done)
            done(reply); // the first confirmation answers the request
        return;
    }
    RequestPtr r = std::move(inflight.front());
    inflight.pop_front();
    if (r->finished)
        return; // timed out earlier: the late reply only frees its slot
    Callback done = finish(*r);
    if (done)
        done(reply);
}

// --- failures ----------------------------------------------------------------------------------

void Connection::Private::onTcpError(QAbstractSocket::SocketError error)
{
    const QString detail = tcp->errorString();
    // Replies that arrived just before the close are still good.
    if (error == QAbstractSocket::RemoteHostClosedError && tcp->bytesAvailable() > 0) {
        const quint64 gen = generation;
        onReadyRead();
        if (gen != generation)
            return;
    }
    const QString where = server();
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        failSoon(RedisErrorKind::ConnectionRefused,
                 QStringLiteral("connection refused: cannot connect to %1 (is redis-server "
                                "running and listening there?)")
                     .arg(where),
                 false);
        return;
    case QAbstractSocket::HostNotFoundError:
        failSoon(RedisErrorKind::HostNotFound,
                 QStringLiteral("host not found: cannot connect to %1: %2").arg(where, detail),
                 false);
        return;
    case QAbstractSocket::SocketTimeoutError:
        failSoon(RedisErrorKind::Timeout,
                 QStringLiteral("timeout: no answer from %1 (%2)").arg(where, detail), false);
        return;
    case QAbstractSocket::SslHandshakeFailedError:
    case QAbstractSocket::SslInternalError:
    case QAbstractSocket::SslInvalidUserDataError: {
        QStringList reasons;
        for (const QSslError &e : std::as_const(sslErrors))
            reasons.append(e.errorString());
        const QString why = reasons.isEmpty() ? detail : reasons.join(QStringLiteral("; "));
        // A certificate that does not verify is a configuration problem: retrying cannot fix
        // it, and the person needs to see the reason, not a stream of reconnects.
        failSoon(
            RedisErrorKind::TlsError,
            transportUp
                ? QStringLiteral("TLS error: the TLS session with %1 failed: %2").arg(where, why)
                : QStringLiteral("TLS error: the TLS handshake with %1 failed: %2").arg(where, why),
            !sslErrors.isEmpty());
        return;
    }
    case QAbstractSocket::RemoteHostClosedError:
        if (ssl && !transportUp) {
            failSoon(RedisErrorKind::TlsError,
                     QStringLiteral("TLS error: %1 closed the connection during the TLS "
                                    "handshake (is it a TLS port? does it require a client "
                                    "certificate?)")
                         .arg(where),
                     false);
        } else {
            failSoon(RedisErrorKind::Disconnected,
                     QStringLiteral("disconnected: %1 closed the connection").arg(where), false);
        }
        return;
    default:
        failSoon(RedisErrorKind::Disconnected,
                 transportUp
                     ? QStringLiteral("disconnected: connection to %1 lost: %2").arg(where, detail)
                     : QStringLiteral("disconnected: cannot connect to %1: %2").arg(where, detail),
                 false);
        return;
    }
}

void Connection::Private::onLocalError(QLocalSocket::LocalSocketError error)
{
    const QString detail = local->errorString();
    if (error == QLocalSocket::PeerClosedError && local->bytesAvailable() > 0) {
        const quint64 gen = generation;
        onReadyRead();
        if (gen != generation)
            return;
    }
    const QString where = server();
    switch (error) {
    case QLocalSocket::ServerNotFoundError:
    case QLocalSocket::ConnectionRefusedError:
    case QLocalSocket::SocketAccessError:
        failSoon(RedisErrorKind::ConnectionRefused,
                 QStringLiteral("connection refused: cannot connect to %1: %2 (is redis-server "
                                "running with this unixsocket?)")
                     .arg(where, detail),
                 false);
        return;
    case QLocalSocket::SocketTimeoutError:
        failSoon(RedisErrorKind::Timeout,
                 QStringLiteral("timeout: no answer from %1 (%2)").arg(where, detail), false);
        return;
    default:
        failSoon(RedisErrorKind::Disconnected,
                 QStringLiteral("disconnected: connection to %1 lost: %2").arg(where, detail),
                 false);
        return;
    }
}

void Connection::Private::onTransportClosed()
{
    if (io && io->bytesAvailable() > 0) {
        const quint64 gen = generation;
        onReadyRead();
        if (gen != generation)
            return;
    }
    failSoon(RedisErrorKind::Disconnected,
             QStringLiteral("disconnected: %1 closed the connection").arg(server()), false);
}

// Socket signals report failures from inside the socket's own code (QLocalSocket even from
// inside connectToServer); acting on them one event later keeps open() and the socket free of
// reentrant callbacks. The first report of a transport wins: it tears the transport down and
// bumps the generation, so the rest (errorOccurred and then disconnected) are ignored.
void Connection::Private::failSoon(RedisErrorKind kind, const QString &message, bool permanent)
{
    const quint64 gen = generation;
    QMetaObject::invokeMethod(
        q,
        [this, gen, kind, message, permanent] {
            if (gen == generation && life == Life::Open)
                connectionFailed(kind, message, permanent);
        },
        Qt::QueuedConnection);
}

void Connection::Private::connectionFailed(RedisErrorKind kind, const QString &message,
                                           bool permanent, const std::optional<Reply> &serverReply)
{
    teardownTransport();
    channels.clear();
    patterns.clear();
    lastError = message;

    // What was written may or may not have run: it fails, it is never sent twice.
    std::vector<Completion> failures;
    const Reply lost = Reply::noReply(noReplyKindOf(kind), message.toUtf8());
    for (RequestPtr &r : inflight) {
        if (r->finished)
            continue;
        Callback done = finish(*r);
        if (!r->internal)
            failures.push_back({std::move(done), lost});
    }
    inflight.clear();

    const int maxAttempts = options().maxReconnectAttempts;
    const bool retry = !permanent && options().reconnect && life == Life::Open &&
                       (maxAttempts < 0 || failedAttempts < maxAttempts);
    QString signalMessage = message;
    if (retry) {
        ++failedAttempts;
        state = State::Reconnecting;
        reconnectTimer->start(static_cast<int>(qMin<qint64>(backoffMs(failedAttempts), INT_MAX)));
    } else {
        if (!permanent && options().reconnect && failedAttempts > 0) {
            signalMessage +=
                QStringLiteral(" (giving up after %1 reconnect attempts)").arg(failedAttempts);
        }
        life = Life::Stopped;
        stopReply = serverReply ? *serverReply
                                : Reply::noReply(noReplyKindOf(kind), signalMessage.toUtf8());
        state = State::Disconnected;
        reconnectTimer->stop();
        for (RequestPtr &r : pending) {
            if (!r->finished)
                failures.push_back({finish(*r), stopReply});
        }
        pending.clear();
        armTimeouts();
    }

    emit q->connectionError(kind, localizedNoReplyText(signalMessage));
    announceState();
    runAll(failures);
}

void Connection::Private::teardownTransport()
{
    ++generation;
    connectTimer->stop();
    transportUp = false;
    handshakeLeft = 0;
    if (io) {
        QObject::disconnect(io, nullptr, q, nullptr);
        if (tcp)
            tcp->abort();
        else if (local)
            local->abort();
        io->deleteLater();
    }
    tcp = nullptr;
    ssl = nullptr;
    local = nullptr;
    io = nullptr;
    if (reader) {
        redisReaderFree(reader);
        reader = nullptr;
    }
}

void Connection::Private::closeInternal(const Reply &why, bool announce)
{
    life = Life::Stopped;
    stopReply = why;
    reconnectTimer->stop();
    teardownTransport();
    channels.clear();
    patterns.clear();
    state = State::Disconnected;

    std::vector<Completion> failures;
    for (std::deque<RequestPtr> *queue : {&inflight, &pending}) {
        for (RequestPtr &r : *queue) {
            if (r->finished)
                continue;
            Callback done = finish(*r);
            if (!r->internal)
                failures.push_back({std::move(done), why});
        }
        queue->clear();
    }
    live.clear();
    deadlines = {};
    armedDeadline = kNoDeadline;
    timeoutTimer->stop();
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
    d->wantedChannels.insert(channel);
    d->enqueue(Command{QByteArrayLiteral("SUBSCRIBE"), channel}, nullptr, -1, true);
}

void Connection::unsubscribe(const QByteArray &channel)
{
    d->wantedChannels.remove(channel);
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

quint64 Connection::reconnects() const
{
    return d->reconnectCount;
}

} // namespace lockscope
