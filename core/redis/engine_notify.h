// Keyspace-notification classes and the notify-keyspace-events syntax, as the CONFIG SET
// documentation (redis.io/docs/manual/keyspace-notifications) describes them.
#pragma once

#include <QByteArray>

#include <optional>

namespace lockscope::redis {

enum NotifyClass : int {
    NotifyKeyspace = 1 << 0, // K: __keyspace@<db>__:<key> <event>
    NotifyKeyevent = 1 << 1, // E: __keyevent@<db>__:<event> <key>
    NotifyGeneric = 1 << 2,  // g: del, expire, persist, ...
    NotifyString = 1 << 3,   // $
    NotifyList = 1 << 4,     // l
    NotifySet = 1 << 5,      // s
    NotifyHash = 1 << 6,     // h
    NotifyZset = 1 << 7,     // z
    NotifyExpired = 1 << 8,  // x
    NotifyEvicted = 1 << 9,  // e
    NotifyStream = 1 << 10,  // t
    NotifyKeyMiss = 1 << 11, // m (not part of A)
    NotifyLoaded = 1 << 12,  // module-only, no letter
    NotifyModule = 1 << 13,  // d
    NotifyNew = 1 << 14,     // n (not part of A)
    NotifyAll = NotifyGeneric | NotifyString | NotifyList | NotifySet | NotifyHash | NotifyZset |
                NotifyExpired | NotifyEvicted | NotifyStream | NotifyModule,
};

// keyspaceEventsStringToFlags(): nullopt on a character that is not a class.
std::optional<int> parseNotifyFlags(const QByteArray &classes);
// keyspaceEventsFlagsToString(): the canonical form CONFIG GET shows.
QByteArray formatNotifyFlags(int flags);

} // namespace lockscope::redis
