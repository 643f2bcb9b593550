// Hash commands, ported from Redis 7.0's t_hash.c. Fields keep insertion order, as a small
// Redis hash (a listpack) does; see KeyValue::fields.
#include "engine_commands.h"
#include "util/decimal.h"

#include "engine_notify.h"
#include "redis_strings.h"

#include <climits>

namespace lockscope::redis {

namespace {

using Type = KeyValue::Type;
using Kind = Engine::KeyChange::Kind;

// hashTypeLookupWriteOrCreate(): null (with WRONGTYPE in `error`) when the key is not a hash.
KeyValue *hashForWrite(EngineCore &core, const QByteArray &key, ExecCtx &ctx, Reply *error)
{
    KeyValue *value = core.lookup(key, ctx);
    if (!value)
        return &core.createHash(key);
    if (value->type != Type::Hash) {
        *error = wrongTypeError();
        return nullptr;
    }
    return value;
}

// lookupKeyReadOrReply() + checkType(): `missing` when absent, WRONGTYPE when not a hash.
const KeyValue *hashForRead(EngineCore &core, const QByteArray &key, ExecCtx &ctx, Reply *reply,
                            const Reply &missing)
{
    const KeyValue *value = core.lookup(key, ctx);
    if (!value) {
        *reply = missing;
        return nullptr;
    }
    if (value->type != Type::Hash) {
        *reply = wrongTypeError();
        return nullptr;
    }
    return value;
}

// Returns true when the field was created, false when updated.
bool setField(KeyValue &hash, const QByteArray &field, const QByteArray &value)
{
    if (QByteArray *existing = hash.field(field)) {
        *existing = value;
        return false;
    }
    hash.fields.emplace_back(field, value);
    return true;
}

enum class Part { Fields, Values, Both };

Reply listHash(EngineCore &core, const QByteArray &key, ExecCtx &ctx, Part part)
{
    Reply reply;
    const KeyValue *hash = hashForRead(core, key, ctx, &reply, Reply::array({}));
    if (!hash)
        return reply;
    QList<Reply> out;
    out.reserve(qsizetype(hash->fields.size()) * (part == Part::Both ? 2 : 1));
    for (const auto &[field, value] : hash->fields) {
        if (part != Part::Values)
            out.append(Reply::bulk(field));
        if (part != Part::Fields)
            out.append(Reply::bulk(value));
    }
    return Reply::array(std::move(out));
}

} // namespace

Reply cmdHSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    // HSET and the deprecated HMSET share the code, as in Redis; they differ in the reply.
    const bool isHSet = argv[0].size() > 1 && (argv[0][1] == 's' || argv[0][1] == 'S');
    if (argv.size() % 2 == 1)
        return arityError(isHSet ? "hset" : "hmset");
    Reply error;
    KeyValue *hash = hashForWrite(core, argv[1], ctx, &error);
    if (!hash)
        return error;
    qint64 created = 0;
    for (qsizetype i = 2; i < argv.size(); i += 2)
        created += setField(*hash, argv[i], argv[i + 1]) ? 1 : 0;
    core.keyChanged(Kind::Written, argv[1], ctx.session);
    core.notify(NotifyHash, "hset", argv[1]);
    return isHSet ? Reply::integer(created) : Reply::ok();
}

Reply cmdHSetNx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    Reply error;
    KeyValue *hash = hashForWrite(core, argv[1], ctx, &error);
    if (!hash)
        return error;
    if (hash->field(argv[2]))
        return Reply::integer(0);
    setField(*hash, argv[2], argv[3]);
    core.keyChanged(Kind::Written, argv[1], ctx.session);
    core.notify(NotifyHash, "hset", argv[1]);
    return Reply::integer(1);
}

Reply cmdHGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    Reply reply;
    const KeyValue *hash = hashForRead(core, argv[1], ctx, &reply, Reply::nil());
    if (!hash)
        return reply;
    const QByteArray *value = hash->field(argv[2]);
    return value ? Reply::bulk(*value) : Reply::nil();
}

Reply cmdHMGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const KeyValue *hash = core.lookup(argv[1], ctx);
    if (hash && hash->type != Type::Hash)
        return wrongTypeError();
    QList<Reply> out;
    out.reserve(argv.size() - 2);
    for (qsizetype i = 2; i < argv.size(); ++i) {
        const QByteArray *value = hash ? hash->field(argv[i]) : nullptr;
        out.append(value ? Reply::bulk(*value) : Reply::nil());
    }
    return Reply::array(std::move(out));
}

Reply cmdHGetAll(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return listHash(core, argv[1], ctx, Part::Both);
}

Reply cmdHKeys(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return listHash(core, argv[1], ctx, Part::Fields);
}

Reply cmdHVals(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return listHash(core, argv[1], ctx, Part::Values);
}

Reply cmdHIncrBy(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<qint64> incr = parseInteger(argv[3]);
    if (!incr)
        return notIntegerError();
    Reply error;
    KeyValue *hash = hashForWrite(core, argv[1], ctx, &error);
    if (!hash)
        return error;
    qint64 value = 0;
    if (const QByteArray *current = hash->field(argv[2])) {
        const std::optional<qint64> parsed = parseInteger(*current);
        if (!parsed)
            return Reply::error(QByteArrayLiteral("ERR hash value is not an integer"));
        value = *parsed;
    }
    if ((*incr < 0 && value < 0 && *incr < (LLONG_MIN - value)) ||
        (*incr > 0 && value > 0 && *incr > (LLONG_MAX - value)))
        return Reply::error(QByteArrayLiteral("ERR increment or decrement would overflow"));
    value += *incr;
    setField(*hash, argv[2], decimal(value));
    core.keyChanged(Kind::Written, argv[1], ctx.session);
    core.notify(NotifyHash, "hincrby", argv[1]);
    return Reply::integer(value);
}

Reply cmdHExists(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    Reply reply;
    const KeyValue *hash = hashForRead(core, argv[1], ctx, &reply, Reply::integer(0));
    if (!hash)
        return reply;
    return Reply::integer(hash->field(argv[2]) ? 1 : 0);
}

Reply cmdHDel(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *hash = core.lookup(argv[1], ctx);
    if (!hash)
        return Reply::integer(0);
    if (hash->type != Type::Hash)
        return wrongTypeError();
    qint64 deleted = 0;
    bool keyRemoved = false;
    for (qsizetype i = 2; i < argv.size(); ++i) {
        auto &fields = hash->fields;
        for (auto it = fields.begin(); it != fields.end(); ++it) {
            if (it->first == argv[i]) {
                fields.erase(it);
                ++deleted;
                break;
            }
        }
        if (fields.empty()) {
            keyRemoved = true;
            break;
        }
    }
    if (deleted) {
        core.notify(NotifyHash, "hdel", argv[1]);
        if (keyRemoved) {
            core.deleteKey(argv[1], ctx);
            core.notify(NotifyGeneric, "del", argv[1]);
        } else {
            core.keyChanged(Kind::Written, argv[1], ctx.session);
        }
    }
    return Reply::integer(deleted);
}

Reply cmdHLen(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    Reply reply;
    const KeyValue *hash = hashForRead(core, argv[1], ctx, &reply, Reply::integer(0));
    if (!hash)
        return reply;
    return Reply::integer(qint64(hash->fields.size()));
}

Reply cmdHStrLen(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    Reply reply;
    const KeyValue *hash = hashForRead(core, argv[1], ctx, &reply, Reply::integer(0));
    if (!hash)
        return reply;
    const QByteArray *value = hash->field(argv[2]);
    return Reply::integer(value ? value->size() : 0);
}

} // namespace lockscope::redis
