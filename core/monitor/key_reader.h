// Bounded, pipelined reads of keys, each read bounded by ReadLimits. The first round of a key
// that is (or may be) a string is a probe of two commands:
//   GETRANGE key 0 max + PTTL
// GETRANGE both reads the value and tells the type (a bulk reply is a string; WRONGTYPE says it
// is not one), and asking for one byte past the limit tells a cut value without STRLEN. Most
// lock keys are strings, so most keys cost two commands and one round trip. The probe hands a
// key on to a typed read when it is not a string, was cut, or answered empty (an empty string,
// or a key that appeared between the two commands: GETRANGE cannot tell a missing key from an
// empty value, TYPE can).
// A typed read sends TYPE for every key, then PTTL and the value by type in the next round
// (PTTL goes with the value so that both describe the same moment, and a key gone in between
// is seen as gone):
//   string  STRLEN + GETRANGE key 0 (max-1)
//   hash    HLEN, then HGETALL when HLEN <= max fields, else HSCAN key 0 COUNT max (one page)
//   list    LLEN + LRANGE key 0 (max-1)
//   zset    ZCARD + ZRANGE key 0 (max-1) WITHSCORES
// With a type guess (the type seen last time, or the probe's) PTTL and the value commands go
// in the first round with TYPE: one round trip; a hash then uses HSCAN's first page (the whole
// hash when it is small: Redis answers a listpack-encoded hash in one page, its cursor back at 0,
// so no HLEN is needed) instead of HGETALL, since HLEN is not known yet; a bigger hash gets HLEN
// next round. A wrong guess costs one more round trip. Only read commands are used.
#pragma once

#include "key_snapshot.h"
#include "monitor_options.h"
#include "redis/connection.h"

#include <functional>

namespace lockscope {

struct ReadRequest {
    QByteArray key;
    KeyType hint = KeyType::Unknown;
    quint64 ticket = 0; // copied into the snapshot
};

class KeyReader {
public:
    using Done = std::function<void(QList<KeySnapshot> snapshots)>;

    // Reads the keys; `done` runs exactly once, from the connection's event loop, with one
    // snapshot per request in request order (failed ones have `failed` set). After a reply
    // that never came (timeout, lost connection) no further round is sent.
    static void read(Connection &connection, const QList<ReadRequest> &requests,
                     const ReadLimits &limits, Done done);

    // The value commands of one round for `type` (exposed for tests). `hashLength` < 0: the
    // first round of a hash (HLEN, or HSCAN's first page when speculative).
    static QList<Command> valueCommands(const QByteArray &key, KeyType type,
                                        const ReadLimits &limits, qint64 hashLength,
                                        bool speculative);
};

} // namespace lockscope
