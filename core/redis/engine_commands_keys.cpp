// Keyspace commands: DEL/EXISTS/TOUCH/TYPE, the EXPIRE and TTL families, PERSIST, SCAN/KEYS,
// DBSIZE and FLUSHALL.
//
// Written from the command reference (redis.io/commands/expire, /ttl, /scan ...) and redis-server
// 7.0's answers, which test_engine_differential compares reply for reply. SCAN's cursors are our
// own (see scanPosition()); only the set of keys a full iteration returns is the server's.
#include "engine_commands.h"

#include "engine_notify.h"
#include "glob_match.h"
#include "redis_strings.h"

#include <QtNumeric>

#include <algorithm>

namespace lockscope::redis {

namespace {

using Type = KeyValue::Type;

QByteArray typeName(const KeyValue *value)
{
    if (!value)
        return QByteArrayLiteral("none");
    return value->type == Type::String ? QByteArrayLiteral("string") : QByteArrayLiteral("hash");
}

// The conditions EXPIRE and its siblings accept after the time (Redis 7.0 and later).
struct ExpireConditions {
    bool onlyWithoutTtl = false; // NX
    bool onlyWithTtl = false;    // XX
    bool onlyIfLater = false;    // GT
    bool onlyIfEarlier = false;  // LT

    // A persistent key counts as expiring never: GT cannot beat that, LT always does.
    bool allow(qint64 currentDeadline, qint64 newDeadline) const
    {
        const bool hasTtl = currentDeadline != -1;
        if ((onlyWithoutTtl && hasTtl) || (onlyWithTtl && !hasTtl))
            return false;
        if (onlyIfLater && (!hasTtl || newDeadline <= currentDeadline))
            return false;
        if (onlyIfEarlier && hasTtl && newDeadline >= currentDeadline)
            return false;
        return true;
    }
};

// Reads the conditions from argv[3] on. Words are case-insensitive and may repeat; the first
// unknown word is the error, named as far as its first NUL byte. Combinations are judged only
// after all words are read: NX excludes the three others, GT excludes LT.
std::optional<ExpireConditions> parseExpireConditions(const Command &argv, Reply *error)
{
    ExpireConditions c;
    for (qsizetype i = 3; i < argv.size(); ++i) {
        const QByteArray &word = argv[i];
        if (optionIs(word, "nx")) {
            c.onlyWithoutTtl = true;
        } else if (optionIs(word, "xx")) {
            c.onlyWithTtl = true;
        } else if (optionIs(word, "gt")) {
            c.onlyIfLater = true;
        } else if (optionIs(word, "lt")) {
            c.onlyIfEarlier = true;
        } else {
            *error = Reply::error(sanitizeErrorText("ERR Unsupported option " + untilNul(word)));
            return std::nullopt;
        }
    }
    if (c.onlyWithoutTtl && (c.onlyWithTtl || c.onlyIfLater || c.onlyIfEarlier)) {
        *error = Reply::error(QByteArrayLiteral(
            "ERR NX and XX, GT or LT options at the same time are not compatible"));
        return std::nullopt;
    }
    if (c.onlyIfLater && c.onlyIfEarlier) {
        *error = Reply::error(
            QByteArrayLiteral("ERR GT and LT options at the same time are not compatible"));
        return std::nullopt;
    }
    return c;
}

enum class TimeUnit { Seconds, Milliseconds };
enum class TimeBase { Now, Epoch }; // EXPIRE/PEXPIRE count from now, the *AT forms from 1970

// EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT. Unlike SET's EX, the time may be zero or negative: a
// deadline not after now deletes the key at once (event 'del', reply 1). It is refused only when
// it does not fit in 64-bit milliseconds. The options are judged before the number, and both
// before the key is looked at.
Reply setDeadline(EngineCore &core, const Command &argv, ExecCtx &ctx, TimeUnit unit, TimeBase base,
                  const char *command)
{
    Reply error;
    const std::optional<ExpireConditions> conditions = parseExpireConditions(argv, &error);
    if (!conditions)
        return error;
    const std::optional<qint64> amount = parseInteger(argv[2]);
    if (!amount)
        return notIntegerError();
    qint64 deadline = *amount;
    if ((unit == TimeUnit::Seconds && qMulOverflow(deadline, qint64(1000), &deadline)) ||
        (base == TimeBase::Now && qAddOverflow(deadline, ctx.nowMs, &deadline)))
        return Reply::error("ERR invalid expire time in '" + QByteArray(command) + "' command");

    const QByteArray &key = argv[1];
    KeyValue *value = core.lookup(key, ctx);
    if (!value || !conditions->allow(value->expireAt, deadline))
        return Reply::integer(0);
    if (deadline <= ctx.nowMs) {
        core.deleteKey(key, ctx);
        core.notify(NotifyGeneric, "del", key);
    } else {
        core.setExpire(key, *value, deadline, ctx);
        core.notify(NotifyGeneric, "expire", key);
    }
    return Reply::integer(1);
}

enum class TtlForm { Remaining, Deadline };

// TTL, PTTL, EXPIRETIME, PEXPIRETIME: -2 for a missing key, -1 for one without a TTL; else the
// time left (never below 0) or the absolute deadline, in seconds rounded to nearest or in ms.
Reply reportTtl(EngineCore &core, const Command &argv, ExecCtx &ctx, TimeUnit unit, TtlForm form)
{
    const KeyValue *value = core.lookup(argv[1], ctx);
    if (!value)
        return Reply::integer(-2);
    if (value->expireAt == -1)
        return Reply::integer(-1);
    const qint64 ms =
        qMax<qint64>(0, form == TtlForm::Deadline ? value->expireAt : value->expireAt - ctx.nowMs);
    if (unit == TimeUnit::Milliseconds)
        return Reply::integer(ms);
    // Rounded to the nearest second. For a deadline near the largest millisecond count
    // (PEXPIREAT 9223372036854775807) ms + 500 does not fit in 64 signed bits; the server still
    // answers 9223372036854776, the rounding of the true sum, which unsigned arithmetic gives
    // (ms is never negative here) without the undefined overflow UBSan found.
    return Reply::integer(static_cast<qint64>((static_cast<quint64>(ms) + 500U) / 1000U));
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
    return setDeadline(core, argv, ctx, TimeUnit::Seconds, TimeBase::Now, "expire");
}

Reply cmdPExpire(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return setDeadline(core, argv, ctx, TimeUnit::Milliseconds, TimeBase::Now, "pexpire");
}

Reply cmdExpireAt(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return setDeadline(core, argv, ctx, TimeUnit::Seconds, TimeBase::Epoch, "expireat");
}

Reply cmdPExpireAt(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return setDeadline(core, argv, ctx, TimeUnit::Milliseconds, TimeBase::Epoch, "pexpireat");
}

Reply cmdTtl(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return reportTtl(core, argv, ctx, TimeUnit::Seconds, TtlForm::Remaining);
}

Reply cmdPTtl(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return reportTtl(core, argv, ctx, TimeUnit::Milliseconds, TtlForm::Remaining);
}

Reply cmdExpireTime(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return reportTtl(core, argv, ctx, TimeUnit::Seconds, TtlForm::Deadline);
}

Reply cmdPExpireTime(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return reportTtl(core, argv, ctx, TimeUnit::Milliseconds, TtlForm::Deadline);
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
            // The server compares the TYPE word as a C string: "string\0x" is "string".
            if (!optionIs(*typeFilter, typeName(value).constData()))
                continue;
        }
        keys.append(Reply::bulk(key));
    }
    return Reply::array({Reply::bulk(QByteArray::number(next)), Reply::array(std::move(keys))});
}

Reply cmdKeys(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    // Unlike SCAN, KEYS leaves expired keys in place; it only leaves them out of the reply.
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
