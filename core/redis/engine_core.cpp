#include "engine_core.h"

#include "engine_command_table.h"
#include "engine_notify.h"
#include "redis_strings.h"

#include <cstring>

namespace lockscope::redis {

namespace {

// printf("%.*s", precision, arg): a C string, so it stops at an embedded NUL.
QByteArray cString(const QByteArray &arg, qsizetype precision)
{
    const qsizetype nul = arg.indexOf('\0');
    const qsizetype len = nul < 0 ? arg.size() : nul;
    return arg.left(qMin(len, precision));
}

Reply unknownCommand(const Command &argv)
{
    // The server's text: "unknown command '<name, at most 128 bytes>', with args beginning
    // with: " and quoted arguments until that part reaches 128 bytes.
    QByteArray args;
    for (qsizetype i = 1; i < argv.size() && args.size() < 128; ++i)
        args += '\'' + cString(argv[i], 128 - args.size()) + "' ";
    const QByteArray name = argv.isEmpty() ? QByteArray() : cString(argv[0], 128);
    return Reply::error(sanitizeErrorText(
        "ERR unknown command '" + name + "', with args beginning with: " + args, false));
}

Reply unknownSubcommand(const Command &argv)
{
    return Reply::error(sanitizeErrorText("ERR unknown subcommand '" + cString(argv[1], 128) +
                                              "'. Try " + argv[0].toUpper() + " HELP.",
                                          false));
}

} // namespace

Reply arityError(const char *fullName)
{
    return Reply::error("ERR wrong number of arguments for '" + QByteArray(fullName) + "' command");
}

EngineCore::EngineCore(Engine::Clock clock)
    : m_clock(std::move(clock))
{}

EngineCore::~EngineCore() = default;

qint64 EngineCore::nowMs() const
{
    // mstime() from the node clock's microseconds; floor so negative clocks stay monotonic.
    const qint64 us = m_clock();
    return us >= 0 ? us / 1000 : -((-us + 999) / 1000);
}

LuaScripting &EngineCore::scripting()
{
    if (!m_lua) {
        m_lua = std::make_unique<LuaScripting>(*this);
        m_lua->setLimits(scriptLimits);
    }
    return *m_lua;
}

Reply EngineCore::execute(const Command &argv, int session)
{
    ++commandCount;
    ExecCtx ctx;
    ctx.session = session;
    ctx.nowMs = nowMs();
    ++m_depth;
    Reply reply = dispatch(argv, ctx);
    --m_depth;
    if (m_depth == 0 && (!m_pendingChanges.empty() || !m_pendingMessages.empty()))
        flushPending();
    return reply;
}

Reply EngineCore::dispatch(const Command &argv, ExecCtx &ctx)
{
    if (argv.isEmpty())
        return unknownCommand(argv);
    const CommandSpec *spec = lookupCommand(argv[0]);
    if (!spec)
        return unknownCommand(argv);
    if (spec->subcommands && argv.size() > 1) {
        spec = lookupSubcommand(*spec, argv[1]);
        if (!spec)
            return unknownSubcommand(argv);
    }
    if (!arityMatches(*spec, argv.size()))
        return arityError(spec->fullName);
    if (!(spec->flags & CmdPubSub) && pubsub.isSubscribed(ctx.session))
        return Reply::error("ERR Can't execute '" + QByteArray(spec->fullName) +
                            "': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET "
                            "are allowed in this context");
    return spec->handler(*this, argv, ctx);
}

const CommandSpec *EngineCore::scriptCommand(const QByteArray &name)
{
    const CommandSpec *spec = lookupCommand(name);
    return spec && !spec->subcommands ? spec : nullptr;
}

Reply EngineCore::callFromScript(const Command &argv, bool readOnly, const CommandSpec *spec)
{
    // scriptCall(): the checks a command meets inside a script, with their script-only texts.
    if (!spec) {
        spec = lookupCommand(argv[0]);
        if (spec && spec->subcommands && argv.size() > 1)
            spec = lookupSubcommand(*spec, argv[1]);
    }
    if (!spec)
        return Reply::error(QByteArrayLiteral("ERR Unknown Redis command called from script"));
    if (!arityMatches(*spec, argv.size()))
        return Reply::error(
            QByteArrayLiteral("ERR Wrong number of args calling Redis command from script"));
    if (spec->flags & CmdNoScript)
        return Reply::error(QByteArrayLiteral("ERR This Redis command is not allowed from script"));
    if (readOnly && (spec->flags & CmdWrite))
        return Reply::error(
            QByteArrayLiteral("ERR Write commands are not allowed from read-only scripts."));
    return spec->handler(*this, argv, *scriptCtx);
}

bool EngineCore::commandKnown(const Command &argv)
{
    const CommandSpec *spec = lookupCommand(argv[0]);
    if (spec && spec->subcommands && argv.size() > 1)
        spec = lookupSubcommand(*spec, argv[1]);
    return spec && arityMatches(*spec, argv.size());
}

void EngineCore::expireKey(const QByteArray &keyRef)
{
    // keyRef may live in the node we are about to erase: the key is taken out first.
    QByteArray key;
    QByteArray old;
    if (!keyspace.take(keyRef, &key, m_observer ? &old : nullptr))
        key = keyRef;
    notify(NotifyExpired, "expired", key);
    keyChanged(Engine::KeyChange::Kind::Expired, key, -1, old);
}

void EngineCore::expireDue()
{
    const qint64 now = nowMs();
    QByteArray key;
    ++m_depth;
    while (keyspace.nextExpired(now, &key))
        expireKey(key);
    --m_depth;
    if (m_depth == 0 && (!m_pendingChanges.empty() || !m_pendingMessages.empty()))
        flushPending();
}

KeyValue &EngineCore::setString(const QByteArray &key, KeyValue *existing, const QByteArray &value,
                                bool keepTtl, ExecCtx &ctx)
{
    QByteArray old;
    if (existing) {
        if (existing->type == KeyValue::Type::String) {
            if (m_observer)
                old = existing->str;
        } else {
            existing->type = KeyValue::Type::String;
            HashFields().swap(existing->fields);
        }
        existing->str = value;
        if (!keepTtl)
            keyspace.removeExpire(*existing);
    } else {
        existing = &keyspace.insert(key);
        existing->str = value;
        notify(NotifyNew, "new", key);
    }
    keyChanged(Engine::KeyChange::Kind::Written, key, ctx.session, old);
    return *existing;
}

KeyValue &EngineCore::createHash(const QByteArray &key)
{
    KeyValue &value = keyspace.insert(key);
    value.type = KeyValue::Type::Hash;
    notify(NotifyNew, "new", key);
    return value;
}

void EngineCore::deleteKey(const QByteArray &keyRef, ExecCtx &ctx)
{
    // The stored key rather than the command's copy: the observer recognises a lock key by
    // the address of its bytes (sim_world.cpp), and a script's argument is a copy of its own.
    QByteArray key;
    QByteArray old;
    if (!keyspace.take(keyRef, &key, m_observer ? &old : nullptr))
        key = keyRef;
    keyChanged(Engine::KeyChange::Kind::Deleted, key, ctx.session, old);
}

void EngineCore::setExpire(const QByteArray &key, KeyValue &value, qint64 whenMs, ExecCtx &ctx)
{
    keyspace.setExpire(key, value, whenMs);
    keyChanged(Engine::KeyChange::Kind::ExpireChanged, key, ctx.session);
}

void EngineCore::notify(int notifyClass, const char *event, const QByteArray &key)
{
    if (!(notifyFlags & notifyClass) || !pubsub.hasSubscribers())
        return; // nobody could receive it: skip building the channel names
    // `event` is a string literal (static storage), so it can be wrapped without a copy.
    const QByteArray eventName = QByteArray::fromRawData(event, qsizetype(std::strlen(event)));
    if (notifyFlags & NotifyKeyspace)
        publish(QByteArrayLiteral("__keyspace@0__:") + key, eventName);
    if (notifyFlags & NotifyKeyevent)
        publish(QByteArrayLiteral("__keyevent@0__:") + eventName, key);
}

void EngineCore::keyChanged(Engine::KeyChange::Kind kind, const QByteArray &key, int session,
                            const QByteArray &oldValue)
{
    if (m_observer) // braces: clang 14 has no C++20 parenthesized aggregate initialization
        m_pendingChanges.push_back(Engine::KeyChange{kind, key, session, oldValue});
}

int EngineCore::publish(const QByteArray &channel, const QByteArray &message)
{
    return pubsub.publish(channel, [&](int session, const QByteArray &pattern) {
        if (m_sink)
            m_pendingMessages.push_back({session, channel, message, pattern});
    });
}

void EngineCore::flushPending()
{
    if (m_flushing)
        return; // a callback called back into the engine: the outer loop delivers the rest
    m_flushing = true;
    while (!m_pendingChanges.empty() || !m_pendingMessages.empty()) {
        m_changesInFlight.swap(m_pendingChanges);
        m_messagesInFlight.swap(m_pendingMessages);
        for (const Engine::KeyChange &change : m_changesInFlight) {
            if (m_observer)
                m_observer(change);
        }
        for (const Message &m : m_messagesInFlight) {
            if (m_sink)
                m_sink(m.session, m.channel, m.message, m.pattern);
        }
        m_changesInFlight.clear();
        m_messagesInFlight.clear();
    }
    m_flushing = false;
}

} // namespace lockscope::redis
