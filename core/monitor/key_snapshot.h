// What one bounded read of a key returned: its type, its PTTL and a bounded view of its value.
// Plain data; the key reader fills it, the lock-format recognisers and the monitor read it.
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace lockscope {

enum class KeyType : quint8 { Unknown, None, String, Hash, List, Set, ZSet, Stream, Other };
KeyType keyTypeFromName(const QByteArray &typeReply); // "string" -> String, "none" -> None
const char *keyTypeName(KeyType type);                // "string", "hash", ...

struct KeySnapshot {
    QByteArray key;
    KeyType type = KeyType::Unknown;
    qint64 pttlMs = -2;  // as PTTL says: -1 no TTL, -2 no such key
    qint64 readAtUs = 0; // when the PTTL reply came (liveClockUs): the countdown's origin
    // When the PTTL was sent: the server ran it between this and readAtUs, so the expiry it
    // implies is known only that closely (on a busy machine the reply may wait tens of ms
    // before it is read). 0: not known (taken as readAtUs).
    qint64 sentAtUs = 0;

    // The value, bounded by ReadLimits. `length` is the full size (STRLEN, HLEN, LLEN, ZCARD);
    // fewer bytes, fields or items than that means the view was cut.
    qint64 length = 0;
    QByteArray string;                           // String: GETRANGE 0 (limit-1)
    QList<QPair<QByteArray, QByteArray>> fields; // Hash: HGETALL, or HSCAN's first page
    QList<QByteArray> items;                     // List: LRANGE 0 (limit-1)
    QList<QPair<QByteArray, double>> members;    // ZSet: ZRANGE 0 (limit-1) WITHSCORES

    quint64 ticket = 0; // the caller's id for this read (the monitor orders reads by it)

    bool failed = false;   // a reply was an error or never came: nothing here can be trusted
    bool timedOut = false; // ... because the server did not answer in time (paused, overloaded)
    QByteArray error;

    bool exists() const { return !failed && type != KeyType::None && pttlMs != -2; }
    bool truncated() const;
    // Same type and same (bounded) value; the TTL is not compared.
    bool sameValue(const KeySnapshot &other) const;
    // The value on one line for logs and tables: the string itself, "field=value field=value",
    // "[3] a, b, c", "[2] member=score, ...". Cut at maxBytes with "…".
    QByteArray valueText(int maxBytes = 200) const;
};

// Bytes as a person can read them and JSON can carry them: valid UTF-8 without control
// characters passes unchanged; anything else is written as \xNN (as redis-cli does). At most
// maxBytes of output, cut on a character boundary, with "…" when cut.
QByteArray displayBytes(const QByteArray &bytes, int maxBytes = 200);

} // namespace lockscope
