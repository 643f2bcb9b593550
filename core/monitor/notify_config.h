// Keyspace notifications: what the server's `notify-keyspace-events` says, whether it covers
// what the monitor needs, and the smallest change that would make it cover it.
//
// The monitor subscribes to __keyspace@<db>__:<pattern> (so it needs K) and must hear about:
//   set            string class  $   (SET, SETNX, GETSET, SET ... PX)
//   del, expire    generic       g   (DEL, UNLINK, EXPIRE/PEXPIRE, PERSIST, RENAME, ...)
//   expired        expired       x   (the key's TTL ran out)
//   hset, hincrby, hdel  hash    h   (Redisson RLock, read-write lock, LockScope's reentrant hash)
// so the minimal flags are K g $ h x: `CONFIG SET notify-keyspace-events Kg$hx`. Queues (lists,
// zsets) of Redisson's fair lock are not covered by these flags; the monitor re-reads them
// periodically instead (adding l and z would cover them too, at the cost of more messages).
#pragma once

#include <QByteArray>

namespace lockscope {

class NotifyConfig {
public:
    // The value of CONFIG GET notify-keyspace-events, e.g. "", "Ex", "AKE", "gxK$h".
    static NotifyConfig parse(const QByteArray &flags);

    const QByteArray &flags() const { return m_flags; }
    bool keyspaceOn() const; // K: messages on __keyspace@<db>__:<key>
    // Every class the monitor needs is on (with K). Partial: K and some of them.
    bool coversMonitor() const;
    bool coversSome() const;
    // Which of g $ h x are missing, in that order ("" when none).
    QByteArray missingClasses() const;
    // The smallest value that keeps what is on and adds what the monitor needs:
    // "" -> "Kg$hx", "Ex" -> "KExg$h", "AKE" -> "AKE" (already enough).
    QByteArray enablingValue() const;
    // "CONFIG SET notify-keyspace-events Kg$hx", to show the user.
    QByteArray enablingCommand() const;

    static constexpr const char *kNeeded = "g$hx"; // classes the monitor needs, besides K

private:
    bool has(char flag) const;
    QByteArray m_flags;
};

} // namespace lockscope
