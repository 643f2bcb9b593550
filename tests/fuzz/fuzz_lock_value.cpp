// What a production key may hold, as the monitor reads it: any type, any TTL, any bytes in the
// value, fields and members. The input is pieces cut at \x1f: key, type name ("string", "hash",
// "list", "zset", ...), PTTL, full length (empty: what was read; more: the read was cut), then
// the string value, or field/value pairs, or items, or member/score pairs. Recognised,
// described and shown as the monitor does.
#include "fuzz_target.h"

#include "monitor/lock_format.h"

LOCKSCOPE_FUZZ_TARGET(lock_value)
{
    using namespace lockscope;
    const QList<QByteArray> pieces = fuzz::splitInput(fuzz::bytes(data, size), '\x1f');
    KeySnapshot snapshot;
    snapshot.key = pieces.value(0);
    snapshot.type = keyTypeFromName(pieces.value(1));
    snapshot.pttlMs = pieces.value(2).toLongLong();
    const QList<QByteArray> value = pieces.mid(4);
    switch (snapshot.type) {
    case KeyType::String:
        snapshot.string = value.value(0);
        snapshot.length = snapshot.string.size();
        break;
    case KeyType::Hash:
        for (qsizetype i = 0; i + 1 < value.size(); i += 2)
            snapshot.fields.append({value[i], value[i + 1]});
        snapshot.length = snapshot.fields.size();
        break;
    case KeyType::ZSet:
        for (qsizetype i = 0; i + 1 < value.size(); i += 2)
            snapshot.members.append({value[i], value[i + 1].toDouble()});
        snapshot.length = snapshot.members.size();
        break;
    default:
        snapshot.items = value;
        snapshot.length = value.size();
        break;
    }
    if (!pieces.value(3).isEmpty())
        snapshot.length = pieces.value(3).toLongLong();
    (void)snapshot.truncated();
    const LockInfo info = recognizeLock(snapshot);
    fuzz::require(!info.format.isEmpty());
    (void)snapshot.valueText();
    (void)snapshot.valueText(8);
    fuzz::require(snapshot.sameValue(snapshot));
    for (const QByteArray &piece : value) {
        (void)displayBytes(piece);
        (void)displayBytes(piece, 5);
        (void)isRedissonLockName(piece);
        (void)isPlausibleUuid1Hex(piece);
    }
    return 0;
}
