// String commands: GET/SET and friends, INCR family. Ported from Redis 7.0's t_string.c, keeping
// its order of checks so the same input fails with the same error.
#include "engine_commands.h"
#include "util/decimal.h"

#include "engine_notify.h"
#include "redis_strings.h"

#include <climits>

namespace lockscope::redis {

Reply wrongTypeError()
{
    return Reply::error(
        QByteArrayLiteral("WRONGTYPE Operation against a key holding the wrong kind of value"));
}

Reply syntaxError()
{
    return Reply::error(QByteArrayLiteral("ERR syntax error"));
}

Reply notIntegerError()
{
    return Reply::error(QByteArrayLiteral("ERR value is not an integer or out of range"));
}

namespace {

using Type = KeyValue::Type;

enum SetFlag : int {
    SetNx = 1 << 0,
    SetXx = 1 << 1,
    SetGet = 1 << 2,
    KeepTtl = 1 << 3,
    Persist = 1 << 4,
    Ex = 1 << 5,
    Px = 1 << 6,
    ExAt = 1 << 7,
    PxAt = 1 << 8,
};

enum class ParseFor { Set, GetEx };

// parseExtendedStringArgumentsOrReply(). Note the quirks kept from Redis: a repeated EX/PX is
// accepted (the last wins) and options are compared as C strings.
bool parseExtended(const Command &argv, ParseFor kind, int *flags, const QByteArray **expire,
                   bool *seconds)
{
    const bool forSet = kind == ParseFor::Set;
    const int anyExpire = Ex | Px | ExAt | PxAt;
    for (qsizetype j = forSet ? 3 : 2; j < argv.size(); ++j) {
        const QByteArray &opt = argv[j];
        const bool hasNext = j < argv.size() - 1;
        const int f = *flags;
        // The option words mostly differ in their first letter: checking it before the whole
        // word skips most comparisons (SET ... NX PX is on the simulator's hot path).
        const char c = char(asciiLower(static_cast<unsigned char>(*opt.constData())));
        if (forSet && c == 'n' && optionIs(opt, "nx") && !(f & SetXx)) {
            *flags |= SetNx;
        } else if (forSet && c == 'x' && optionIs(opt, "xx") && !(f & SetNx)) {
            *flags |= SetXx;
        } else if (forSet && c == 'g' && optionIs(opt, "get")) {
            *flags |= SetGet;
        } else if (forSet && c == 'k' && optionIs(opt, "keepttl") && !(f & Persist) &&
                   !(f & anyExpire)) {
            *flags |= KeepTtl;
        } else if (!forSet && c == 'p' && optionIs(opt, "persist") && !(f & anyExpire) &&
                   !(f & KeepTtl)) {
            *flags |= Persist;
        } else if (c == 'e' && optionIs(opt, "ex") &&
                   !(f & (KeepTtl | Persist | ExAt | Px | PxAt)) && hasNext) {
            *flags |= Ex;
            *seconds = true;
            *expire = &argv[++j];
        } else if (c == 'p' && optionIs(opt, "px") &&
                   !(f & (KeepTtl | Persist | Ex | ExAt | PxAt)) && hasNext) {
            *flags |= Px;
            *seconds = false;
            *expire = &argv[++j];
        } else if (c == 'e' && optionIs(opt, "exat") &&
                   !(f & (KeepTtl | Persist | Ex | Px | PxAt)) && hasNext) {
            *flags |= ExAt;
            *seconds = true;
            *expire = &argv[++j];
        } else if (c == 'p' && optionIs(opt, "pxat") &&
                   !(f & (KeepTtl | Persist | Ex | ExAt | Px)) && hasNext) {
            *flags |= PxAt;
            *seconds = false;
            *expire = &argv[++j];
        } else {
            return false;
        }
    }
    return true;
}

Reply invalidExpire(const char *command)
{
    return Reply::error("ERR invalid expire time in '" + QByteArray(command) + "' command");
}

// getExpireMillisecondsOrReply(): the absolute deadline in ms, or an error reply.
bool expireDeadline(const QByteArray &arg, int flags, bool seconds, qint64 nowMs,
                    const char *command, qint64 *when, Reply *error)
{
    const std::optional<qint64> parsed = parseInteger(arg);
    if (!parsed) {
        *error = notIntegerError();
        return false;
    }
    qint64 ms = *parsed;
    if (ms <= 0 || (seconds && ms > LLONG_MAX / 1000)) {
        *error = invalidExpire(command);
        return false;
    }
    if (seconds)
        ms *= 1000;
    if (flags & (Px | Ex)) // relative: add now, wrapping like Redis's unchecked addition
        ms = static_cast<qint64>(static_cast<quint64>(ms) + static_cast<quint64>(nowMs));
    if (ms <= 0) {
        *error = invalidExpire(command);
        return false;
    }
    *when = ms;
    return true;
}

// getGenericCommand(): the value as GET replies it; false with WRONGTYPE in `reply`.
bool getValue(KeyValue *value, Reply *reply)
{
    if (!value) {
        *reply = Reply::nil();
        return true;
    }
    if (value->type != Type::String) {
        *reply = wrongTypeError();
        return false;
    }
    *reply = Reply::bulk(value->str);
    return true;
}

// setGenericCommand().
Reply setGeneric(EngineCore &core, ExecCtx &ctx, const QByteArray &key, const QByteArray &val,
                 int flags, const QByteArray *expire, bool seconds, const char *command,
                 const Reply &okReply, const Reply &abortReply)
{
    qint64 when = 0;
    Reply error;
    if (expire && !expireDeadline(*expire, flags, seconds, ctx.nowMs, command, &when, &error))
        return error;

    Reply getReply;
    if ((flags & SetGet) && !getValue(core.lookup(key, ctx), &getReply))
        return getReply;

    KeyValue *existing = core.lookup(key, ctx);
    if (((flags & SetNx) && existing) || ((flags & SetXx) && !existing))
        return (flags & SetGet) ? getReply : abortReply;

    KeyValue &value = core.setString(key, existing, val, flags & KeepTtl, ctx);
    core.notify(NotifyString, "set", key);
    if (expire) {
        // Part of the write the observer already hears about: no separate ExpireChanged.
        core.keyspace.setExpire(key, value, when);
        core.notify(NotifyGeneric, "expire", key);
    }
    return (flags & SetGet) ? getReply : okReply;
}

Reply incrDecr(EngineCore &core, ExecCtx &ctx, const QByteArray &key, qint64 incr)
{
    KeyValue *value = core.lookup(key, ctx);
    if (value && value->type != Type::String)
        return wrongTypeError();
    qint64 current = 0;
    if (value) {
        const std::optional<qint64> parsed = parseInteger(value->str);
        if (!parsed)
            return notIntegerError();
        current = *parsed;
    }
    if ((incr < 0 && current < 0 && incr < (LLONG_MIN - current)) ||
        (incr > 0 && current > 0 && incr > (LLONG_MAX - current)))
        return Reply::error(QByteArrayLiteral("ERR increment or decrement would overflow"));
    current += incr;
    // dbOverwrite() keeps the TTL; a new key has none.
    core.setString(key, value, decimal(current), true, ctx);
    core.notify(NotifyString, "incrby", key);
    return Reply::integer(current);
}

} // namespace

Reply cmdGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    Reply reply;
    getValue(core.lookup(argv[1], ctx), &reply);
    return reply;
}

Reply cmdSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    int flags = 0;
    const QByteArray *expire = nullptr;
    bool seconds = true;
    if (!parseExtended(argv, ParseFor::Set, &flags, &expire, &seconds))
        return syntaxError();
    return setGeneric(core, ctx, argv[1], argv[2], flags, expire, seconds, "set", Reply::ok(),
                      Reply::nil());
}

Reply cmdSetNx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return setGeneric(core, ctx, argv[1], argv[2], SetNx, nullptr, false, "setnx",
                      Reply::integer(1), Reply::integer(0));
}

Reply cmdSetEx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return setGeneric(core, ctx, argv[1], argv[3], Ex, &argv[2], true, "setex", Reply::ok(),
                      Reply::nil());
}

Reply cmdPSetEx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return setGeneric(core, ctx, argv[1], argv[3], Px, &argv[2], false, "psetex", Reply::ok(),
                      Reply::nil());
}

Reply cmdGetSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *existing = core.lookup(argv[1], ctx);
    Reply reply;
    if (!getValue(existing, &reply))
        return reply;
    core.setString(argv[1], existing, argv[2], false, ctx);
    core.notify(NotifyString, "set", argv[1]);
    return reply;
}

Reply cmdGetDel(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *existing = core.lookup(argv[1], ctx);
    Reply reply;
    if (!getValue(existing, &reply) || !existing)
        return reply;
    core.deleteKey(argv[1], ctx);
    core.notify(NotifyGeneric, "del", argv[1]);
    return reply;
}

Reply cmdGetEx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    int flags = 0;
    const QByteArray *expire = nullptr;
    bool seconds = true;
    if (!parseExtended(argv, ParseFor::GetEx, &flags, &expire, &seconds))
        return syntaxError();
    const QByteArray &key = argv[1];
    KeyValue *value = core.lookup(key, ctx);
    if (!value)
        return Reply::nil();
    if (value->type != Type::String)
        return wrongTypeError();
    qint64 when = 0;
    Reply error;
    if (expire && !expireDeadline(*expire, flags, seconds, ctx.nowMs, "getex", &when, &error))
        return error;
    Reply reply = Reply::bulk(value->str);
    if ((flags & (PxAt | ExAt)) && when <= ctx.nowMs) {
        core.deleteKey(key, ctx);
        core.notify(NotifyGeneric, "del", key);
    } else if (expire) {
        core.setExpire(key, *value, when, ctx);
        core.notify(NotifyGeneric, "expire", key);
    } else if ((flags & Persist) && core.keyspace.removeExpire(*value)) {
        core.keyChanged(Engine::KeyChange::Kind::ExpireChanged, key, ctx.session);
        core.notify(NotifyGeneric, "persist", key);
    }
    return reply;
}

Reply cmdMGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    QList<Reply> out;
    out.reserve(argv.size() - 1);
    for (qsizetype j = 1; j < argv.size(); ++j) {
        const KeyValue *value = core.lookup(argv[j], ctx);
        // MGET never fails: a non-string reads as nil.
        out.append(value && value->type == Type::String ? Reply::bulk(value->str) : Reply::nil());
    }
    return Reply::array(std::move(out));
}

Reply cmdMSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (argv.size() % 2 == 0)
        return arityError("mset");
    for (qsizetype j = 1; j < argv.size(); j += 2) {
        core.setString(argv[j], core.lookup(argv[j], ctx), argv[j + 1], false, ctx);
        core.notify(NotifyString, "set", argv[j]);
    }
    return Reply::ok();
}

Reply cmdMSetNx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (argv.size() % 2 == 0)
        return arityError("msetnx");
    for (qsizetype j = 1; j < argv.size(); j += 2) {
        if (core.lookup(argv[j], ctx))
            return Reply::integer(0);
    }
    for (qsizetype j = 1; j < argv.size(); j += 2) {
        core.setString(argv[j], core.lookup(argv[j], ctx), argv[j + 1], false, ctx);
        core.notify(NotifyString, "set", argv[j]);
    }
    return Reply::integer(1);
}

Reply cmdIncr(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return incrDecr(core, ctx, argv[1], 1);
}

Reply cmdDecr(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return incrDecr(core, ctx, argv[1], -1);
}

Reply cmdIncrBy(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<qint64> incr = parseInteger(argv[2]);
    if (!incr)
        return notIntegerError();
    return incrDecr(core, ctx, argv[1], *incr);
}

Reply cmdDecrBy(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<qint64> decr = parseInteger(argv[2]);
    if (!decr)
        return notIntegerError();
    if (*decr == LLONG_MIN)
        return Reply::error(QByteArrayLiteral("ERR decrement would overflow"));
    return incrDecr(core, ctx, argv[1], -*decr);
}

Reply cmdAppend(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *value = core.lookup(argv[1], ctx);
    if (value && value->type != Type::String)
        return wrongTypeError();
    const QByteArray updated = value ? value->str + argv[2] : argv[2];
    const KeyValue &stored = core.setString(argv[1], value, updated, true, ctx);
    core.notify(NotifyString, "append", argv[1]);
    return Reply::integer(stored.str.size());
}

Reply cmdStrLen(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const KeyValue *value = core.lookup(argv[1], ctx);
    if (!value)
        return Reply::integer(0);
    if (value->type != Type::String)
        return wrongTypeError();
    return Reply::integer(value->str.size());
}

} // namespace lockscope::redis
