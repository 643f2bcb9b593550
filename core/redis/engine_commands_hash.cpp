// Hash commands: HSET/HMSET/HSETNX, the readers (HGET, HMGET, HGETALL, HKEYS, HVALS, HEXISTS,
// HLEN, HSTRLEN), HINCRBY and HDEL.
//
// Written from the command reference (redis.io/commands/hset, /hincrby ...) and redis-server
// 7.0's answers; test_engine_differential compares the two. Fields are kept in insertion order,
// the order a small hash on the server replies in (see KeyValue::fields).
#include "engine_commands.h"
#include "util/decimal.h"

#include "engine_notify.h"
#include "redis_strings.h"

#include <QtNumeric>

#include <algorithm>

namespace lockscope::redis {

namespace {

using Type = KeyValue::Type;
using Kind = Engine::KeyChange::Kind;

// A key looked up for a hash command: the hash, or no hash because the key is missing, or the
// key holds something else (every hash command then answers WRONGTYPE).
struct HashLookup {
    KeyValue *hash = nullptr;
    bool wrongType = false;
};

HashLookup findHash(EngineCore &core, const QByteArray &key, ExecCtx &ctx)
{
    KeyValue *value = core.lookup(key, ctx);
    if (value && value->type != Type::Hash)
        return {nullptr, true};
    return {value, false};
}

// The hash a write goes to; a missing key becomes an empty hash, which the caller fills.
HashLookup hashToWrite(EngineCore &core, const QByteArray &key, ExecCtx &ctx)
{
    HashLookup found = findHash(core, key, ctx);
    if (!found.hash && !found.wrongType)
        found.hash = &core.createHash(key);
    return found;
}

// Stores one field; true when the field is new.
bool storeField(KeyValue &hash, const QByteArray &field, const QByteArray &value)
{
    if (QByteArray *current = hash.field(field)) {
        *current = value;
        return false;
    }
    hash.fields.emplace_back(field, value);
    return true;
}

void reportHashWrite(EngineCore &core, const QByteArray &key, ExecCtx &ctx, const char *event)
{
    core.keyChanged(Kind::Written, key, ctx.session);
    core.notify(NotifyHash, event, key);
}

// HSET and HMSET: field/value pairs from argv[2] on. Returns the number of new fields, or -1
// after WRONGTYPE (in `error`).
qint64 storePairs(EngineCore &core, const Command &argv, ExecCtx &ctx, Reply *error)
{
    const HashLookup target = hashToWrite(core, argv[1], ctx);
    if (target.wrongType) {
        *error = wrongTypeError();
        return -1;
    }
    qint64 added = 0;
    for (qsizetype i = 2; i + 1 < argv.size(); i += 2)
        added += storeField(*target.hash, argv[i], argv[i + 1]) ? 1 : 0;
    reportHashWrite(core, argv[1], ctx, "hset");
    return added;
}

// Field/value pairs after the key: an odd count of arguments in all.
bool pairedFields(const Command &argv)
{
    return argv.size() % 2 == 0;
}

// HGETALL, HKEYS and HVALS differ only in which half of each pair they list.
enum class Listing { FieldsAndValues, Fields, Values };

Reply listHash(EngineCore &core, const QByteArray &key, ExecCtx &ctx, Listing listing)
{
    const HashLookup found = findHash(core, key, ctx);
    if (found.wrongType)
        return wrongTypeError();
    QList<Reply> out;
    if (!found.hash)
        return Reply::array(std::move(out));
    out.reserve(qsizetype(found.hash->fields.size()) *
                (listing == Listing::FieldsAndValues ? 2 : 1));
    for (const auto &[field, value] : found.hash->fields) {
        if (listing != Listing::Values)
            out.append(Reply::bulk(field));
        if (listing != Listing::Fields)
            out.append(Reply::bulk(value));
    }
    return Reply::array(std::move(out));
}

} // namespace

Reply cmdHSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (!pairedFields(argv))
        return arityError("hset");
    Reply error;
    const qint64 added = storePairs(core, argv, ctx, &error);
    return added < 0 ? error : Reply::integer(added);
}

Reply cmdHMSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (!pairedFields(argv))
        return arityError("hmset");
    Reply error;
    return storePairs(core, argv, ctx, &error) < 0 ? error : Reply::ok();
}

Reply cmdHSetNx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const HashLookup target = hashToWrite(core, argv[1], ctx);
    if (target.wrongType)
        return wrongTypeError();
    if (target.hash->field(argv[2]))
        return Reply::integer(0);
    storeField(*target.hash, argv[2], argv[3]);
    reportHashWrite(core, argv[1], ctx, "hset");
    return Reply::integer(1);
}

Reply cmdHGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const HashLookup found = findHash(core, argv[1], ctx);
    if (found.wrongType)
        return wrongTypeError();
    const QByteArray *value = found.hash ? found.hash->field(argv[2]) : nullptr;
    return value ? Reply::bulk(*value) : Reply::nil();
}

Reply cmdHMGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const HashLookup found = findHash(core, argv[1], ctx);
    if (found.wrongType)
        return wrongTypeError();
    QList<Reply> out;
    out.reserve(argv.size() - 2);
    for (qsizetype i = 2; i < argv.size(); ++i) {
        const QByteArray *value = found.hash ? found.hash->field(argv[i]) : nullptr;
        out.append(value ? Reply::bulk(*value) : Reply::nil());
    }
    return Reply::array(std::move(out));
}

Reply cmdHGetAll(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return listHash(core, argv[1], ctx, Listing::FieldsAndValues);
}

Reply cmdHKeys(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return listHash(core, argv[1], ctx, Listing::Fields);
}

Reply cmdHVals(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return listHash(core, argv[1], ctx, Listing::Values);
}

// HINCRBY: the increment is checked before the key, then the field (missing counts as 0) must
// hold a canonical 64-bit integer, with its own error text, and the sum must fit.
Reply cmdHIncrBy(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<qint64> delta = parseInteger(argv[3]);
    if (!delta)
        return notIntegerError();
    const HashLookup target = hashToWrite(core, argv[1], ctx);
    if (target.wrongType)
        return wrongTypeError();
    qint64 number = 0;
    if (const QByteArray *stored = target.hash->field(argv[2])) {
        const std::optional<qint64> parsed = parseInteger(*stored);
        if (!parsed)
            return Reply::error(QByteArrayLiteral("ERR hash value is not an integer"));
        number = *parsed;
    }
    if (qAddOverflow(number, *delta, &number))
        return Reply::error(QByteArrayLiteral("ERR increment or decrement would overflow"));
    storeField(*target.hash, argv[2], decimal(number));
    reportHashWrite(core, argv[1], ctx, "hincrby");
    return Reply::integer(number);
}

Reply cmdHExists(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const HashLookup found = findHash(core, argv[1], ctx);
    if (found.wrongType)
        return wrongTypeError();
    return Reply::integer(found.hash && found.hash->field(argv[2]) ? 1 : 0);
}

// HDEL: a hash left without fields is no longer a key (the 'hdel' event, then 'del').
Reply cmdHDel(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const HashLookup found = findHash(core, argv[1], ctx);
    if (found.wrongType)
        return wrongTypeError();
    if (!found.hash)
        return Reply::integer(0);
    HashFields &fields = found.hash->fields;
    qint64 removed = 0;
    for (qsizetype i = 2; i < argv.size() && !fields.empty(); ++i) {
        const auto it = std::find_if(fields.begin(), fields.end(),
                                     [&](const auto &pair) { return pair.first == argv[i]; });
        if (it != fields.end()) {
            fields.erase(it);
            ++removed;
        }
    }
    if (removed == 0)
        return Reply::integer(0);
    core.notify(NotifyHash, "hdel", argv[1]);
    if (fields.empty()) {
        core.deleteKey(argv[1], ctx);
        core.notify(NotifyGeneric, "del", argv[1]);
    } else {
        core.keyChanged(Kind::Written, argv[1], ctx.session);
    }
    return Reply::integer(removed);
}

Reply cmdHLen(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const HashLookup found = findHash(core, argv[1], ctx);
    if (found.wrongType)
        return wrongTypeError();
    return Reply::integer(found.hash ? qint64(found.hash->fields.size()) : 0);
}

Reply cmdHStrLen(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const HashLookup found = findHash(core, argv[1], ctx);
    if (found.wrongType)
        return wrongTypeError();
    const QByteArray *value = found.hash ? found.hash->field(argv[2]) : nullptr;
    return Reply::integer(value ? value->size() : 0);
}

} // namespace lockscope::redis
