// Keyspace commands: DEL/EXISTS/TYPE, the EXPIRE and TTL families, SCAN/KEYS, DBSIZE, FLUSHALL.
// Ported from Redis 7.0's db.c and expire.c.
#include "engine_commands.h"

#include "engine_notify.h"
#include "glob_match.h"
#include "redis_strings.h"

#include <algorithm>
#include <climits>

namespace lockscope::redis {

namespace {

using Type = KeyValue::Type;

enum ExpireFlag : int { ExpNx = 1, ExpXx = 2, ExpGt = 4, ExpLt = 8 };

QByteArray typeName(const KeyValue *value)
{
    if (!value)
        return QByteArrayLiteral("none");
    return value->type == Type::String ? QByteArrayLiteral("string") : QByteArrayLiteral("hash");
}

// expireGenericCommand(): `basetime` is now for EXPIRE/PEXPIRE and 0 for the *AT forms.
Reply expireGeneric(EngineCore &core, const Command &argv, ExecCtx &ctx, qint64 basetime,
                    bool seconds, const char *command)
{
    int flags = 0;
    for (qsizetype j = 3; j < argv.size(); ++j) {
        const QByteArray &opt = argv[j];
        if (optionIs(opt, "nx"))
            flags |= ExpNx;
        else if (optionIs(opt, "xx"))
            flags |= ExpXx;
        else if (optionIs(opt, "gt"))
            flags |= ExpGt;
        else if (optionIs(opt, "lt"))
            flags |= ExpLt;
        else
            return Reply::error(sanitizeErrorText("ERR Unsupported option " + untilNul(opt)));
    }
    if ((flags & ExpNx) && (flags & (ExpXx | ExpGt | ExpLt)))
        return Reply::error(QByteArrayLiteral(
            "ERR NX and XX, GT or LT options at the same time are not compatible"));
    if ((flags & ExpGt) && (flags & ExpLt))
        return Reply::error(
            QByteArrayLiteral("ERR GT and LT options at the same time are not compatible"));

    const std::optional<qint64> parsed = parseInteger(argv[2]);
    if (!parsed)
        return notIntegerError();
    const Reply invalid =
        Reply::error("ERR invalid expire time in '" + QByteArray(command) + "' command");
    qint64 when = *parsed;
    if (seconds) {
        if (when > LLONG_MAX / 1000 || when < LLONG_MIN / 1000)
            return invalid;
        when *= 1000;
    }
    if (when > LLONG_MAX - basetime)
        return invalid;
    when += basetime;

    const QByteArray &key = argv[1];
    KeyValue *value = core.lookup(key, ctx);
    if (!value)
        return Reply::integer(0);
    const qint64 current = value->expireAt;
    if ((flags & ExpNx) && current != -1)
        return Reply::integer(0);
    if ((flags & ExpXx) && current == -1)
        return Reply::integer(0);
    // GT treats "no TTL" as infinite, so it always fails on a persistent key.
    if ((flags & ExpGt) && (when <= current || current == -1))
        return Reply::integer(0);
    if ((flags & ExpLt) && current != -1 && when >= current)
        return Reply::integer(0);

    if (when <= ctx.nowMs) {
        // checkAlreadyExpired(): a deadline in the past deletes the key, and says so with 'del'.
        core.deleteKey(key, ctx);
        core.notify(NotifyGeneric, "del", key);
        return Reply::integer(1);
    }
    core.setExpire(key, *value, when, ctx);
    core.notify(NotifyGeneric, "expire", key);
    return Reply::integer(1);
}

// ttlGenericCommand().
Reply ttlGeneric(EngineCore &core, const Command &argv, ExecCtx &ctx, bool outputMs, bool absolute)
{
    const KeyValue *value = core.lookup(argv[1], ctx);
    if (!value)
        return Reply::integer(-2);
    if (value->expireAt == -1)
        return Reply::integer(-1);
    qint64 ttl = absolute ? value->expireAt : value->expireAt - ctx.nowMs;
    if (ttl < 0)
        ttl = 0;
    return Reply::integer(outputMs ? ttl : (ttl + 500) / 1000);
}

// SCAN order: keys sorted by a fixed 64-bit hash of their name. A cursor is the hash position
// where the next call resumes, so every key present for the whole iteration is returned
// exactly once, whatever is added or deleted in between, and the order is deterministic.
// (Redis's cursor values come from its hash table layout and are not reproduced.)
quint64 scanPosition(const QByteArray &key)
{
    const quint64 h = keyHash64(key);
    return h == 0 ? 1 : h; // 0 is the start/end cursor
}

} // namespace

Reply cmdDel(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    qint64 deleted = 0;
    for (qsizetype j = 1; j < argv.size(); ++j) {
        if (core.lookup(argv[j], ctx)) {
            core.deleteKey(argv[j], ctx);
            core.notify(NotifyGeneric, "del", argv[j]);
            ++deleted;
        }
    }
    return Reply::integer(deleted);
}

Reply cmdExists(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    qint64 count = 0;
    for (qsizetype j = 1; j < argv.size(); ++j) {
        if (core.lookup(argv[j], ctx))
            ++count;
    }
    return Reply::integer(count);
}

Reply cmdTouch(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return cmdExists(core, argv, ctx);
}

Reply cmdType(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return Reply::status(typeName(core.lookup(argv[1], ctx)));
}

Reply cmdExpire(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return expireGeneric(core, argv, ctx, ctx.nowMs, true, "expire");
}

Reply cmdPExpire(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return expireGeneric(core, argv, ctx, ctx.nowMs, false, "pexpire");
}

Reply cmdExpireAt(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return expireGeneric(core, argv, ctx, 0, true, "expireat");
}

Reply cmdPExpireAt(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return expireGeneric(core, argv, ctx, 0, false, "pexpireat");
}

Reply cmdTtl(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return ttlGeneric(core, argv, ctx, false, false);
}

Reply cmdPTtl(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return ttlGeneric(core, argv, ctx, true, false);
}

Reply cmdExpireTime(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return ttlGeneric(core, argv, ctx, false, true);
}

Reply cmdPExpireTime(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return ttlGeneric(core, argv, ctx, true, true);
}

Reply cmdPersist(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *value = core.lookup(argv[1], ctx);
    if (!value || !core.keyspace.removeExpire(*value))
        return Reply::integer(0);
    core.keyChanged(Engine::KeyChange::Kind::ExpireChanged, argv[1], ctx.session);
    core.notify(NotifyGeneric, "persist", argv[1]);
    return Reply::integer(1);
}

Reply cmdScan(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<quint64> cursor = parseScanCursor(argv[1]);
    if (!cursor)
        return Reply::error(QByteArrayLiteral("ERR invalid cursor"));
    qint64 count = 10;
    const QByteArray *pattern = nullptr;
    const QByteArray *typeFilter = nullptr;
    for (qsizetype i = 2; i < argv.size();) {
        const qsizetype remaining = argv.size() - i;
        if (optionIs(argv[i], "count") && remaining >= 2) {
            const std::optional<qint64> n = parseInteger(argv[i + 1]);
            if (!n)
                return notIntegerError();
            if (*n < 1)
                return syntaxError();
            count = *n;
            i += 2;
        } else if (optionIs(argv[i], "match") && remaining >= 2) {
            pattern = &argv[i + 1];
            i += 2;
        } else if (optionIs(argv[i], "type") && remaining >= 2) {
            typeFilter = &argv[i + 1];
            i += 2;
        } else {
            return syntaxError();
        }
    }
    if (pattern && *pattern == "*")
        pattern = nullptr;

    // The `count` keys from the cursor's position on, never splitting keys of equal position.
    std::vector<std::pair<quint64, QByteArray>> candidates;
    core.keyspace.forEach([&](const QByteArray &key, const KeyValue &) {
        const quint64 position = scanPosition(key);
        if (position >= *cursor)
            candidates.emplace_back(position, key);
    });
    quint64 next = 0;
    if (qint64(candidates.size()) > count) {
        const auto nth = candidates.begin() + count;
        std::nth_element(candidates.begin(), nth, candidates.end());
        next = nth->first;
        candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                        [&](const auto &c) { return c.first >= next; }),
                         candidates.end());
    }
    std::sort(candidates.begin(), candidates.end());

    QList<Reply> keys;
    for (const auto &[position, key] : candidates) {
        if (pattern && !globMatch(*pattern, key))
            continue;
        const KeyValue *value = core.lookup(key, ctx); // expired keys go, as in Redis
        if (!value)
            continue;
        if (typeFilter) {
            const QByteArray name = typeName(value);
            if (typeFilter->size() != name.size() ||
                !equalsIgnoreCase(typeFilter->constData(), name.constData(), name.size()))
                continue;
        }
        keys.append(Reply::bulk(key));
    }
    return Reply::array({Reply::bulk(QByteArray::number(next)), Reply::array(std::move(keys))});
}

Reply cmdKeys(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    // Unlike SCAN, KEYS only skips expired keys (keyIsExpired), it does not delete them.
    const bool all = argv[1] == "*";
    QList<QByteArray> names;
    core.keyspace.forEach([&](const QByteArray &key, const KeyValue &value) {
        if ((all || globMatch(argv[1], key)) &&
            (value.expireAt < 0 || !(ctx.nowMs > value.expireAt)))
            names.append(key);
    });
    std::sort(names.begin(), names.end()); // Redis's order is its hash table's
    QList<Reply> out;
    out.reserve(names.size());
    for (const QByteArray &name : names)
        out.append(Reply::bulk(name));
    return Reply::array(std::move(out));
}

Reply cmdDbSize(EngineCore &core, const Command &, ExecCtx &)
{
    // Like Redis: expired keys not yet reclaimed still count.
    return Reply::integer(qint64(core.keyspace.size()));
}

Reply cmdFlushAll(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (argv.size() > 2 ||
        (argv.size() == 2 && !optionIs(argv[1], "sync") && !optionIs(argv[1], "async")))
        return syntaxError();
    // No keyspace events (Redis sends none), but the observer hears of every key that went.
    if (core.observing()) {
        QList<QByteArray> names;
        core.keyspace.forEach([&](const QByteArray &key, const KeyValue &) { names.append(key); });
        std::sort(names.begin(), names.end());
        for (const QByteArray &name : names)
            core.deleteKey(name, ctx);
    }
    core.keyspace.clear();
    return Reply::ok();
}

} // namespace lockscope::redis
