// String commands: GET, SET and its options, the SETNX/SETEX/GETSET/GETDEL/GETEX variants, the
// multi-key MGET/MSET/MSETNX, the INCR family, APPEND and STRLEN.
//
// Written from the command reference (redis.io/commands/set, /getex, /incrby ...) and from what
// redis-server 7.0 answers where the reference is silent: which error wins when several apply,
// which repeated options are accepted. test_engine_differential sends the same commands to both.
#include "engine_commands.h"
#include "util/decimal.h"

#include "engine_notify.h"
#include "redis_strings.h"

#include <QtNumeric>

#include <limits>

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
constexpr qint64 kMaxInt64 = std::numeric_limits<qint64>::max();

// What SET and GETEX may be told to do with the key's time to live. The four deadline forms
// carry a value argument; KEEPTTL (SET only) and PERSIST (GETEX only) do not.
enum class TtlChange { None, Seconds, Milliseconds, UnixSeconds, UnixMilliseconds, Keep, Persist };

// SET's write condition: NX writes only a missing key, XX only an existing one.
enum class WriteIf { Always, Missing, Exists };

struct StringOptions {
    WriteIf writeIf = WriteIf::Always;
    bool replyOldValue = false; // GET
    TtlChange ttl = TtlChange::None;
    const QByteArray *ttlArgument = nullptr; // the number after EX/PX/EXAT/PXAT
};

enum class OptionWord { Unknown, Nx, Xx, Get, KeepTtl, Persist, Ex, Px, ExAt, PxAt };

// The option a word names. Case does not matter, and the server reads the word only up to its
// first NUL byte ("nx\0junk" is NX), which optionIs() reproduces. Dispatching on the first letter
// keeps SET ... NX PX, the simulator's most frequent command, to two short comparisons.
OptionWord optionWord(const QByteArray &word)
{
    const unsigned char first = asciiLower(static_cast<unsigned char>(*word.constData()));
    if (word.size() == 2) {
        // Two bytes (and the terminating NUL) name a two-letter option exactly when the second
        // byte is its second letter: optionIs()'s answer, without the call and the loop.
        const unsigned char second = asciiLower(static_cast<unsigned char>(word.constData()[1]));
        if (second != 'x')
            return OptionWord::Unknown; // "nx", "xx", "ex", "px" all end in x
        switch (first) {
        case 'n':
            return OptionWord::Nx;
        case 'x':
            return OptionWord::Xx;
        case 'e':
            return OptionWord::Ex;
        case 'p':
            return OptionWord::Px;
        default:
            return OptionWord::Unknown;
        }
    }
    switch (first) {
    case 'n':
        return optionIs(word, "nx") ? OptionWord::Nx : OptionWord::Unknown;
    case 'x':
        return optionIs(word, "xx") ? OptionWord::Xx : OptionWord::Unknown;
    case 'g':
        return optionIs(word, "get") ? OptionWord::Get : OptionWord::Unknown;
    case 'k':
        return optionIs(word, "keepttl") ? OptionWord::KeepTtl : OptionWord::Unknown;
    case 'e':
        if (optionIs(word, "ex"))
            return OptionWord::Ex;
        return optionIs(word, "exat") ? OptionWord::ExAt : OptionWord::Unknown;
    case 'p':
        if (optionIs(word, "px"))
            return OptionWord::Px;
        if (optionIs(word, "pxat"))
            return OptionWord::PxAt;
        return optionIs(word, "persist") ? OptionWord::Persist : OptionWord::Unknown;
    default:
        return OptionWord::Unknown;
    }
}

TtlChange ttlChangeOf(OptionWord word)
{
    switch (word) {
    case OptionWord::Ex:
        return TtlChange::Seconds;
    case OptionWord::Px:
        return TtlChange::Milliseconds;
    case OptionWord::ExAt:
        return TtlChange::UnixSeconds;
    case OptionWord::PxAt:
        return TtlChange::UnixMilliseconds;
    case OptionWord::KeepTtl:
        return TtlChange::Keep;
    case OptionWord::Persist:
        return TtlChange::Persist;
    default:
        return TtlChange::None;
    }
}

bool takesArgument(TtlChange ttl)
{
    return ttl != TtlChange::None && ttl != TtlChange::Keep && ttl != TtlChange::Persist;
}

enum class Grammar { Set, GetEx };

// The options from argv[first] on, or nullopt for "ERR syntax error". The rules, as the server
// applies them: an option outside the command's grammar is an error; NX and XX exclude each
// other; at most one kind of TTL change, though the same kind may be repeated (the last value
// wins, and only that value is checked later); a deadline word needs a value after it, whatever
// that value looks like.
std::optional<StringOptions> parseOptions(const Command &argv, qsizetype first, Grammar grammar)
{
    StringOptions options;
    for (qsizetype i = first; i < argv.size(); ++i) {
        const OptionWord word = optionWord(argv[i]);
        const bool forSet = grammar == Grammar::Set;
        if (word == OptionWord::Nx || word == OptionWord::Xx) {
            const WriteIf wanted = word == OptionWord::Nx ? WriteIf::Missing : WriteIf::Exists;
            if (!forSet || (options.writeIf != WriteIf::Always && options.writeIf != wanted))
                return std::nullopt;
            options.writeIf = wanted;
            continue;
        }
        if (word == OptionWord::Get) {
            if (!forSet)
                return std::nullopt;
            options.replyOldValue = true;
            continue;
        }
        const TtlChange ttl = ttlChangeOf(word);
        const bool inGrammar = ttl != TtlChange::None && !(forSet && ttl == TtlChange::Persist) &&
                               !(!forSet && ttl == TtlChange::Keep);
        if (!inGrammar || (options.ttl != TtlChange::None && options.ttl != ttl))
            return std::nullopt;
        options.ttl = ttl;
        if (takesArgument(ttl)) {
            if (i + 1 == argv.size())
                return std::nullopt;
            options.ttlArgument = &argv[++i];
        }
    }
    return options;
}

Reply invalidExpireError(const char *command)
{
    return Reply::error("ERR invalid expire time in '" + QByteArray(command) + "' command");
}

// parseInteger() of a TTL argument. A lock's SET ... NX PX sends the same TTL text on every
// attempt, shared from one buffer: the last text parsed is kept (a reference, so its bytes can
// neither go nor change) with its value, and the same buffer is not parsed again. Bytes not
// owned by a QByteArray (fromRawData, capacity 0) may change under it: never kept. Per
// thread: engines of several simulations may run at once.
std::optional<qint64> parseTtlArgument(const QByteArray &argument)
{
    thread_local QByteArray lastText;
    thread_local std::optional<qint64> lastValue;
    if (argument.constData() == lastText.constData() && argument.size() == lastText.size() &&
        !lastText.isNull())
        return lastValue;
    const std::optional<qint64> value = parseInteger(argument);
    if (argument.capacity() != 0) {
        lastText = argument;
        lastValue = value;
    }
    return value;
}

// The absolute deadline (node-clock milliseconds) that a deadline option's value names. The
// value must be a positive integer; in seconds it must still fit in 64 bits once multiplied by
// 1000, and a relative one once the current time is added; the deadline must lie after the
// epoch. Otherwise: "not an integer" for a malformed value, "invalid expire time" for the rest.
std::optional<qint64> deadlineOf(const QByteArray &argument, TtlChange ttl, qint64 nowMs,
                                 const char *command, Reply *error)
{
    const std::optional<qint64> value = parseTtlArgument(argument);
    if (!value) {
        *error = notIntegerError();
        return std::nullopt;
    }
    const bool inSeconds = ttl == TtlChange::Seconds || ttl == TtlChange::UnixSeconds;
    const bool relative = ttl == TtlChange::Seconds || ttl == TtlChange::Milliseconds;
    qint64 ms = *value;
    if (ms <= 0 || (inSeconds && ms > kMaxInt64 / 1000)) {
        *error = invalidExpireError(command);
        return std::nullopt;
    }
    if (inSeconds)
        ms *= 1000;
    if (relative && qAddOverflow(ms, nowMs, &ms)) {
        *error = invalidExpireError(command);
        return std::nullopt;
    }
    if (ms <= 0) { // only reachable with a node clock before the epoch
        *error = invalidExpireError(command);
        return std::nullopt;
    }
    return ms;
}

// GET's answer for a value: nil when absent, the bytes of a string, WRONGTYPE otherwise.
Reply readString(const KeyValue *value)
{
    if (!value)
        return Reply::nil();
    if (value->type != Type::String)
        return wrongTypeError();
    return Reply::bulk(value->str);
}

// What a SET-like command replies: SET and SETEX answer OK or nil, SETNX 1 or 0; with GET, the
// old value either way.
struct SetReplies {
    Reply written;
    Reply skipped;
};

// The SET family's one write path. The order of the checks decides which error a command with
// several faults gets: the deadline's value first, then GET's type check, then NX/XX.
Reply writeString(EngineCore &core, ExecCtx &ctx, const QByteArray &key, const QByteArray &data,
                  const StringOptions &options, const char *command, const SetReplies &replies)
{
    std::optional<qint64> deadline;
    if (options.ttlArgument) {
        Reply error;
        deadline = deadlineOf(*options.ttlArgument, options.ttl, ctx.nowMs, command, &error);
        if (!deadline)
            return error;
    }
    KeyValue *existing = core.lookup(key, ctx);
    Reply oldValue;
    if (options.replyOldValue) {
        oldValue = readString(existing);
        if (oldValue.isError())
            return oldValue;
    }
    const bool skip = (options.writeIf == WriteIf::Missing && existing) ||
                      (options.writeIf == WriteIf::Exists && !existing);
    if (skip)
        return options.replyOldValue ? oldValue : replies.skipped;

    KeyValue &stored = core.setString(key, existing, data, options.ttl == TtlChange::Keep, ctx);
    core.notify(NotifyString, "set", key);
    if (deadline) {
        // The TTL is part of the write the observer hears about: no separate ExpireChanged.
        core.keyspace.setExpire(key, stored, *deadline);
        core.notify(NotifyGeneric, "expire", key);
    }
    return options.replyOldValue ? oldValue : replies.written;
}

StringOptions deadlineOption(TtlChange ttl, const QByteArray &argument)
{
    StringOptions options;
    options.ttl = ttl;
    options.ttlArgument = &argument;
    return options;
}

// INCR, DECR, INCRBY, DECRBY: the stored value (a missing key counts as 0) must be a canonical
// 64-bit integer, and so must the result. The key keeps its TTL.
Reply addToInteger(EngineCore &core, ExecCtx &ctx, const QByteArray &key, qint64 delta)
{
    KeyValue *value = core.lookup(key, ctx);
    if (value && value->type != Type::String)
        return wrongTypeError();
    qint64 number = 0;
    if (value) {
        const std::optional<qint64> stored = parseInteger(value->str);
        if (!stored)
            return notIntegerError();
        number = *stored;
    }
    if (qAddOverflow(number, delta, &number))
        return Reply::error(QByteArrayLiteral("ERR increment or decrement would overflow"));
    core.setString(key, value, decimal(number), /*keepTtl=*/true, ctx);
    core.notify(NotifyString, "incrby", key);
    return Reply::integer(number);
}

// MSET and MSETNX take key/value pairs; an odd count is an arity error under the command's name.
bool pairedArguments(const Command &argv)
{
    return argv.size() % 2 == 1;
}

void writePairs(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    for (qsizetype i = 1; i + 1 < argv.size(); i += 2) {
        core.setString(argv[i], core.lookup(argv[i], ctx), argv[i + 1], /*keepTtl=*/false, ctx);
        core.notify(NotifyString, "set", argv[i]);
    }
}

} // namespace

Reply cmdGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return readString(core.lookup(argv[1], ctx));
}

Reply cmdSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<StringOptions> options = parseOptions(argv, 3, Grammar::Set);
    if (!options)
        return syntaxError();
    // Built once: the lock's SET NX PX is the hottest write, and most attempts find it taken.
    static const SetReplies replies{Reply::ok(), Reply::nil()};
    return writeString(core, ctx, argv[1], argv[2], *options, "set", replies);
}

Reply cmdSetNx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    StringOptions options;
    options.writeIf = WriteIf::Missing;
    return writeString(core, ctx, argv[1], argv[2], options, "setnx",
                       {Reply::integer(1), Reply::integer(0)});
}

Reply cmdSetEx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return writeString(core, ctx, argv[1], argv[3], deadlineOption(TtlChange::Seconds, argv[2]),
                       "setex", {Reply::ok(), Reply::nil()});
}

Reply cmdPSetEx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return writeString(core, ctx, argv[1], argv[3],
                       deadlineOption(TtlChange::Milliseconds, argv[2]), "psetex",
                       {Reply::ok(), Reply::nil()});
}

Reply cmdGetSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *existing = core.lookup(argv[1], ctx);
    Reply old = readString(existing);
    if (old.isError())
        return old;
    core.setString(argv[1], existing, argv[2], /*keepTtl=*/false, ctx);
    core.notify(NotifyString, "set", argv[1]);
    return old;
}

Reply cmdGetDel(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *existing = core.lookup(argv[1], ctx);
    Reply old = readString(existing);
    if (existing && !old.isError()) {
        core.deleteKey(argv[1], ctx);
        core.notify(NotifyGeneric, "del", argv[1]);
    }
    return old;
}

// GETEX reads the value first (nil or WRONGTYPE end it before the TTL value is looked at), then
// changes the TTL: a deadline already passed deletes the key, PERSIST drops an existing TTL.
Reply cmdGetEx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<StringOptions> options = parseOptions(argv, 2, Grammar::GetEx);
    if (!options)
        return syntaxError();
    const QByteArray &key = argv[1];
    KeyValue *value = core.lookup(key, ctx);
    Reply read = readString(value);
    if (!value || read.isError())
        return read;
    if (options->ttlArgument) {
        Reply error;
        const std::optional<qint64> deadline =
            deadlineOf(*options->ttlArgument, options->ttl, ctx.nowMs, "getex", &error);
        if (!deadline)
            return error;
        if (*deadline <= ctx.nowMs) {
            core.deleteKey(key, ctx);
            core.notify(NotifyGeneric, "del", key);
        } else {
            core.setExpire(key, *value, *deadline, ctx);
            core.notify(NotifyGeneric, "expire", key);
        }
    } else if (options->ttl == TtlChange::Persist && core.keyspace.removeExpire(*value)) {
        core.keyChanged(Engine::KeyChange::Kind::ExpireChanged, key, ctx.session);
        core.notify(NotifyGeneric, "persist", key);
    }
    return read;
}

Reply cmdMGet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    QList<Reply> out;
    out.reserve(argv.size() - 1);
    for (qsizetype i = 1; i < argv.size(); ++i) {
        const KeyValue *value = core.lookup(argv[i], ctx);
        // MGET has no error case: whatever is not a string reads as nil.
        out.append(value && value->type == Type::String ? Reply::bulk(value->str) : Reply::nil());
    }
    return Reply::array(std::move(out));
}

Reply cmdMSet(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (!pairedArguments(argv))
        return arityError("mset");
    writePairs(core, argv, ctx);
    return Reply::ok();
}

Reply cmdMSetNx(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (!pairedArguments(argv))
        return arityError("msetnx");
    // All or nothing: one existing key and no key is written.
    for (qsizetype i = 1; i < argv.size(); i += 2) {
        if (core.lookup(argv[i], ctx))
            return Reply::integer(0);
    }
    writePairs(core, argv, ctx);
    return Reply::integer(1);
}

Reply cmdIncr(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return addToInteger(core, ctx, argv[1], 1);
}

Reply cmdDecr(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return addToInteger(core, ctx, argv[1], -1);
}

Reply cmdIncrBy(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<qint64> delta = parseInteger(argv[2]);
    if (!delta)
        return notIntegerError();
    return addToInteger(core, ctx, argv[1], *delta);
}

Reply cmdDecrBy(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const std::optional<qint64> amount = parseInteger(argv[2]);
    if (!amount)
        return notIntegerError();
    // The one amount that cannot be negated is refused before the key is even looked at.
    if (*amount == std::numeric_limits<qint64>::min())
        return Reply::error(QByteArrayLiteral("ERR decrement would overflow"));
    return addToInteger(core, ctx, argv[1], -*amount);
}

Reply cmdAppend(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    KeyValue *value = core.lookup(argv[1], ctx);
    if (value && value->type != Type::String)
        return wrongTypeError();
    const QByteArray joined = value ? value->str + argv[2] : argv[2];
    const KeyValue &stored = core.setString(argv[1], value, joined, /*keepTtl=*/true, ctx);
    core.notify(NotifyString, "append", argv[1]);
    return Reply::integer(stored.str.size());
}

Reply cmdStrLen(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    const KeyValue *value = core.lookup(argv[1], ctx);
    if (value && value->type != Type::String)
        return wrongTypeError();
    return Reply::integer(value ? value->str.size() : 0);
}

} // namespace lockscope::redis
