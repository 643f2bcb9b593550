// A Redis reply (RESP2 shape), shared by the embedded engine, the live connection and the
// event log. A missing reply (timeout, lost connection, node down) is a reply of its own type,
// so that strategy code handles "no answer" exactly where real clients have to.
#pragma once

#include <QByteArray>
#include <QList>

namespace lockscope {

// One Redis command: the argument vector as sent on the wire ("SET", key, value, "NX", ...).
using Command = QList<QByteArray>;

// Why a NoReply has no answer. Whoever gives up on the answer says why here, so the reason's
// text is only ever read by people (and stays English in logs and recordings); code switches on
// this instead (Connection::classify()).
enum class NoReplyKind : quint8 {
    Disconnected,      // the connection dropped or was closed, the node is down, ...
    Timeout,           // no answer within the timeout (of the request or of connecting)
    ConnectionRefused, // nothing listens at the address
    HostNotFound,      // the name does not resolve
    RefusedReadOnly,   // refused by the client's read-only switch; never sent
    TlsError,          // the TLS set-up or session failed
    ProtocolError,     // the bytes were not RESP, or the command could not be sent at all
};

class Reply {
public:
    enum class Type : quint8 {
        Nil,     // null bulk string / null array
        Status,  // +OK
        Error,   // -ERR ..., -WRONGTYPE ..., -NOSCRIPT ...
        Integer, // :1
        Bulk,    // $3 foo
        Array,   // *2 ...
        NoReply, // the client got no answer: timeout, connection lost, node down
    };

    Reply() = default;

    static Reply nil() { return Reply(Type::Nil); }
    static Reply ok() { return status(QByteArrayLiteral("OK")); }
    static Reply status(QByteArray text) { return Reply(Type::Status, std::move(text)); }
    static Reply error(QByteArray text) { return Reply(Type::Error, std::move(text)); }
    static Reply noReply(NoReplyKind kind, QByteArray why)
    {
        Reply r(Type::NoReply, std::move(why));
        r.m_noReplyKind = kind;
        return r;
    }
    static Reply integer(qint64 v)
    {
        Reply r(Type::Integer);
        r.m_integer = v;
        return r;
    }
    static Reply bulk(QByteArray data) { return Reply(Type::Bulk, std::move(data)); }
    static Reply array(QList<Reply> elements)
    {
        Reply r(Type::Array);
        r.m_elements = std::move(elements);
        return r;
    }

    Type type() const { return m_type; }
    bool isNil() const { return m_type == Type::Nil; }
    bool isError() const { return m_type == Type::Error; }
    bool isNoReply() const { return m_type == Type::NoReply; }
    // Either a server error or no answer at all: the command's effect is unknown or absent.
    bool failed() const { return m_type == Type::Error || m_type == Type::NoReply; }
    bool isOk() const { return m_type == Type::Status && m_text == "OK"; }
    bool isInteger() const { return m_type == Type::Integer; }
    bool isBulk() const { return m_type == Type::Bulk; }
    bool isArray() const { return m_type == Type::Array; }

    qint64 integer() const { return m_integer; }
    // The text of a status, error, bulk string, or the reason for NoReply.
    const QByteArray &text() const { return m_text; }
    // Why a NoReply has no answer (Disconnected for every other type).
    NoReplyKind noReplyKind() const { return m_noReplyKind; }
    const QList<Reply> &elements() const { return m_elements; }

    // The error code of an error reply: "ERR", "WRONGTYPE", "NOSCRIPT", ...
    QByteArray errorCode() const;

    // redis-cli's rendering, on one line: OK, (integer) 1, "value", (nil), (error) ERR ...,
    // 1) "a" 2) "b". Used by the event log and the command log view.
    QByteArray toDisplay() const;

    friend bool operator==(const Reply &a, const Reply &b);

private:
    explicit Reply(Type t, QByteArray text = {})
        : m_type(t)
        , m_text(std::move(text))
    {}

    Type m_type = Type::Nil;
    NoReplyKind m_noReplyKind = NoReplyKind::Disconnected;
    qint64 m_integer = 0;
    QByteArray m_text;
    QList<Reply> m_elements;
};

// redis-cli style rendering of a command for logs: SET lock "tok" NX PX 30000.
QByteArray commandToDisplay(const Command &argv);

} // namespace lockscope
