// Lock recognition: what a key read from production is, in the formats docs/lock-catalogue.md
// lists ("Lock formats on production servers"): Redisson (RLock, fair lock, fenced lock, read-write
// lock), redis-py, python-redis-lock, node-redlock, go-redsync, and LockScope's own strategies.
// Pure functions of one KeySnapshot; keys that belong together (a Redisson fair lock and its
// queue) are linked by the monitor through `lockKey`.
#pragma once

#include "key_snapshot.h"

#include <QList>
#include <QString>

namespace lockscope {

enum class LockRole : quint8 {
    Lock,      // a lock key: it has (or had) an owner
    Auxiliary, // belongs to a lock: a waiters' queue, a fencing counter, a signal list
    Other,     // matched the pattern but is not a lock in any format we know
};

struct LockHolder {
    QByteArray id; // "<uuid>:<threadId>", a token, ...
    qint64 count = 0;
};

struct LockInfo {
    // Stable ids, for JSON and tests:
    //   redisson-lock, redisson-rwlock, redisson-fair-queue, redisson-fair-timeouts,
    //   redisson-fence-token, redisson-rwlock-timeout, redis-py, node-redlock,
    //   python-redis-lock, python-redis-lock-signal, go-redsync, lockscope, lockscope-reentrant,
    //   lockscope-fence, expiry-timestamp, unknown
    QByteArray format = QByteArrayLiteral("unknown");
    QString label; // for people: "Redisson RLock", "redis-py Lock", ...
    LockRole role = LockRole::Other;

    QByteArray owner;     // who holds it, as the library names it; empty: nobody we can name
    QByteArray process;   // the part of the owner naming a process (Redisson uuid, client name)
    QByteArray thread;    // the part naming a thread (Redisson, LockScope reentrant hash)
    qint64 holdCount = 0; // reentrant count; 1 for a held non-reentrant lock
    QByteArray mode;      // read-write lock: "read" or "write"
    QList<LockHolder> holders; // every holder (the readers of a read lock), with counts

    qint64 waiters = -1;  // a queue: how many wait
    QByteArray queueHead; // a queue: who is first
    qint64 counter = -1;  // a fencing counter: its value
    QByteArray lockKey;   // an auxiliary key: the lock key it belongs to
    QString note;         // what else the value says ("a version-1 UUID made 2024-05-01 ...")
};

LockInfo recognizeLock(const KeySnapshot &snapshot);

// The pieces, exposed for tests and for the window's explanations.
bool isRedissonLockName(const QByteArray &field); // "<uuid>:<threadId>"
// A redis-py token (uuid.uuid1().hex): 32 lower-case hex digits, version 1, RFC 4122 variant,
// made between 2005 and tomorrow. *madeAtMs gets its time (ms since the epoch).
bool isPlausibleUuid1Hex(const QByteArray &value, qint64 *madeAtMs = nullptr);
bool isLowerHex(QByteArrayView value, int length);
bool isBase64(const QByteArray &value, int length); // standard alphabet, '=' padding at the end

} // namespace lockscope
