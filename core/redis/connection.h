// QtRedis: a small Qt-native asynchronous Redis client. Qt sockets carry the bytes (TCP, TLS
// through QSslSocket, Unix sockets); hiredis does the protocol (redisFormatCommandArgv to encode,
// redisReader to parse). No threads: replies arrive on the Qt event loop of the connection's
// thread, in order, so requests are pipelined by default.
//
// A failure the client sees without a server answer (timeout, connection refused, lost
// connection, a write refused by the read-only switch) comes back as Reply::noReply with a
// message a person understands and a NoReplyKind saying what failed; server errors come back as
// Reply::error. classify() turns either into a RedisErrorKind for accounting and for the UI,
// from the error code or the NoReplyKind, never from the English message.
#pragma once

#include "reply.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace lockscope {

struct ConnectionOptions {
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    QString unixSocket; // when set, host/port are not used
    int db = 0;
    QString username; // ACL user; empty: plain AUTH <password> (if a password is set)
    QString password;
    // Sent as CLIENT SETNAME on every (re)connect, so CLIENT LIST and MONITOR tell this
    // connection's commands apart (the live runner's key observer does); empty: no name. A
    // server that refuses the name still serves the connection.
    QString clientName;

    bool tls = false;
    QString caFile;   // PEM; empty (and no caDir): the system's CA store
    QString caDir;    // every PEM file in this folder is a trusted CA (with caFile's, if set)
    QString certFile; // client certificate (PEM), optional
    QString keyFile;  // its private key (PEM), optional
    bool verifyPeer = true;
    QString serverName; // for SNI and verification; default: host

    bool readOnly = false; // write commands are refused before anything is sent

    // > 0: replies are handed to their callbacks for at most this long in one turn of the
    // event loop, the rest in the next (a window's thread must not spend a frame on one socket
    // read of thousands of replies); 0: every reply that has arrived, at once.
    qint64 replyTurnMs = 0;

    // > 0: at most this many bytes of commands are written and not yet answered; the next
    // ones wait in order until half of it has been answered (a single bigger command goes
    // alone). Redis reads up to 16 KB of a client's pipeline in one pass of its event loop
    // and runs all of it before serving anyone else: a monitor that writes a page's reads at
    // once holds a production server's loop for a millisecond or more. 0: no limit.
    qint64 maxBytesInFlight = 0;

    qint64 connectTimeoutMs = 3000;
    qint64 requestTimeoutMs = 5000;
    bool reconnect = true; // reconnect with capped exponential backoff and jitter
    qint64 reconnectMinMs = 100;
    qint64 reconnectMaxMs = 5000;
    int maxReconnectAttempts = -1; // -1: keep trying

    // redis://[user[:pass]@]host[:port][/db], rediss://... (TLS), unix:///path[?db=N],
    // or a plain host:port. False with *error naming what is wrong.
    // User and password are percent-decoded; IPv6 hosts go in brackets ([::1]:6379). Only what
    // an address says is replaced (host, port, socket, db, user, password, tls); timeouts,
    // readOnly and the TLS files already in *out are kept. *out is untouched on failure.
    static bool fromUrl(const QString &url, ConnectionOptions *out, QString *error);
    // With tls: reads the CA file or folder, the client certificate and its key now, as a
    // connection would; false with *error naming the file that cannot be used. A caller that
    // wants bad input reported before anything starts calls it; open() finds the same.
    bool checkTlsFiles(QString *error) const;
    // "127.0.0.1:6379", "rediss://cache:6380/2", "unix:///run/redis.sock" (never the password).
    QString displayName() const;
};

enum class RedisErrorKind : quint8 {
    None,
    ServerError,     // any other -ERR ...
    WrongType,       // WRONGTYPE
    NoScript,        // NOSCRIPT
    NoAuth,          // NOAUTH: a password is needed
    WrongPass,       // WRONGPASS / invalid password
    NoPerm,          // NOPERM: the ACL user may not run this
    ReadOnlyReplica, // READONLY: a write sent to a replica
    Loading,         // LOADING: the server is loading its dataset
    Moved,           // MOVED / ASK: a cluster redirect
    Busy,            // BUSY: a script is running
    ConnectionRefused,
    HostNotFound,
    Timeout,         // no answer within the request timeout
    Disconnected,    // the connection dropped with the request in flight
    RefusedReadOnly, // refused by this client's read-only switch; never sent
    TlsError,
    ProtocolError,
};
QString errorKindId(RedisErrorKind kind); // "noauth", "timeout", ... (stable, for JSON)

class Connection : public QObject {
    Q_OBJECT
public:
    enum class State : quint8 { Disconnected, Connecting, Authenticating, Ready, Reconnecting };
    Q_ENUM(State)

    using Callback = std::function<void(const Reply &)>;

    explicit Connection(ConnectionOptions options, QObject *parent = nullptr);
    ~Connection() override;

    const ConnectionOptions &options() const { return m_options; }
    State state() const;
    bool isReady() const { return state() == State::Ready; }

    // Connects (AUTH and SELECT happen before Ready). Requests sent earlier wait for Ready.
    void open();
    // Closes; every request in flight completes with a Disconnected NoReply "connection closed".
    // No reconnect follows; later send()s fail the same way until open() is called again.
    void close();

    // Queues one command; `done` is called exactly once, on this object's thread, with the reply,
    // a server error, or a NoReply failure. timeoutMs < 0: the options' request timeout.
    // Returns a request id (never 0).
    // `done` never runs inside send() itself (a refusal is delivered from the event loop).
    // timeoutMs == 0: no timeout. A timed-out request completes with
    // a Timeout NoReply "timeout after N ms"; if it was already written, its late reply is
    // discarded. Requests queued while (re)connecting are sent once Ready; requests in flight
    // when the connection drops complete with a "disconnected: ..." NoReply and are never
    // sent again.
    quint64 send(const Command &argv, Callback done, qint64 timeoutMs = -1);
    // Hands what send() wrote to the system now. The socket otherwise writes when the event
    // loop next polls it, which may be after other work queued for that turn: a pipelining
    // caller that sends a batch and then has much to do flushes, so the server can work
    // meanwhile. No-op while not connected (queued requests go out once Ready).
    void flush();

    // EVALSHA sha..., and on NOSCRIPT the same with EVAL body... (an empty sha1 is computed
    // from the body). Both are writes for the read-only switch; EVAL_RO/EVALSHA_RO are not.
    void evalScript(const QByteArray &sha1, const QByteArray &body, const Command &keys,
                    const Command &args, Callback done, qint64 timeoutMs = -1);

    // Pub/sub on this connection (it then accepts only (P)(UN)SUBSCRIBE/PING, as Redis says).
    // Channels subscribed here are subscribed again after a reconnect. Pushed messages come
    // as messageReceived and are never matched to requests; (P)SUBSCRIBE sent through send()
    // also works (its callback gets the first confirmation). Sharded pub/sub is not supported.
    void subscribe(const QByteArray &channel);
    void unsubscribe(const QByteArray &channel);

    // Whether a command writes (the read-only switch refuses these). Unknown commands count
    // as writes: refusing is the safe side.
    // `name` may name a subcommand: "CONFIG SET", "config|set"; "CONFIG" alone counts as a write.
    static bool isWriteCommand(const QByteArray &name);
    // The same for a whole command: the subcommand of CONFIG, CLIENT, SCRIPT, ... decides.
    static bool isWriteCommand(const Command &argv);
    static RedisErrorKind classify(const Reply &reply);
    // A sentence for a person: "wrong password for user 'app' on 127.0.0.1:6379", ...
    QString describe(const Reply &reply) const;

    // Commands written to the server for callers (the AUTH/SELECT handshake not counted).
    quint64 commandsSent() const;
    // The bytes of the commands written and not answered yet (options().maxBytesInFlight).
    qint64 bytesInFlight() const;
    // How many times the connection became ready again after losing it.
    quint64 reconnects() const;

signals:
    void stateChanged(lockscope::Connection::State state);
    void ready();
    // The connection failed or dropped; a reconnect may follow (then stateChanged(Reconnecting)).
    void connectionError(lockscope::RedisErrorKind kind, const QString &message);
    void messageReceived(const QByteArray &channel, const QByteArray &message,
                         const QByteArray &pattern);

private:
    class Private;
    ConnectionOptions m_options;
    std::unique_ptr<Private> d;
};

} // namespace lockscope
