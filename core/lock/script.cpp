#include "script.h"
#include "util/decimal.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QMutex>
#include <QMutexLocker>
#include <QStringList>

#include <lua.hpp>

#include <map>
#include <memory>

namespace lockscope {

namespace {

struct ScriptCache {
    QMutex mutex;
    // std::map: references to its values stay valid as the cache grows.
    std::map<QString, std::unique_ptr<LuaScript>> scripts;
};

ScriptCache &scriptCache()
{
    static ScriptCache cache;
    return cache;
}

Command evalCommand(const QByteArray &verb, const QByteArray &scriptOrSha, const Command &keys,
                    const Command &args)
{
    Command argv;
    argv.reserve(3 + keys.size() + args.size());
    argv << verb << scriptOrSha << decimal(keys.size());
    argv += keys;
    argv += args;
    return argv;
}

bool isNoScript(const Reply &reply)
{
    return reply.isError() && reply.errorCode() == QByteArrayLiteral("NOSCRIPT");
}

} // namespace

LuaScript makeScript(const QString &name, const QByteArray &body)
{
    return LuaScript{name, body, QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex()};
}

const LuaScript &builtinScript(const QString &name)
{
    ScriptCache &cache = scriptCache();
    QMutexLocker locker(&cache.mutex);
    auto it = cache.scripts.find(name);
    if (it != cache.scripts.end())
        return *it->second;

    QFile file(QStringLiteral(":/scripts/") + name + QStringLiteral(".lua"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("builtinScript: no built-in script named \"%s\"", qPrintable(name));
    auto script = std::make_unique<LuaScript>(makeScript(name, file.readAll()));
    const LuaScript &ref = *script;
    cache.scripts.emplace(name, std::move(script));
    return ref;
}

QStringList builtinScriptNames()
{
    // Listed once: every simulated node starts with these scripts, and a directory listing
    // (with its wildcard match) cost a third of a short simulation run.
    static const QStringList names = [] {
        QStringList list;
        const QStringList files =
            QDir(QStringLiteral(":/scripts"))
                .entryList({QStringLiteral("*.lua")}, QDir::Files, QDir::Name);
        list.reserve(files.size());
        for (const QString &file : files)
            list << file.chopped(4);
        return list;
    }();
    return names;
}

bool checkLuaSyntax(const QByteArray &body, const QString &chunkName, QString *error)
{
    lua_State *L = luaL_newstate();
    if (!L) {
        if (error)
            *error = QStringLiteral("%1: cannot create a Lua state").arg(chunkName);
        return false;
    }
    // "=name" makes Lua use the name verbatim in its messages: "name:3: ...".
    const QByteArray chunk = '=' + chunkName.toUtf8();
    const int status = luaL_loadbuffer(L, body.constData(), size_t(body.size()), chunk.constData());
    if (status != 0 && error) {
        const char *message = lua_tostring(L, -1);
        *error = message ? QString::fromUtf8(message)
                         : QStringLiteral("%1: does not compile").arg(chunkName);
    }
    lua_close(L);
    return status == 0;
}

Task<Reply> evalScript(LockContext &ctx, int node, const LuaScript &script, const Command &keys,
                       const Command &args, const char *step, qint64 timeoutMs)
{
    Reply reply = co_await ctx.call(
        node, evalCommand(QByteArrayLiteral("EVALSHA"), script.sha1, keys, args), step, timeoutMs);
    if (isNoScript(reply)) {
        // The node does not know the script (first use, or it restarted): send the body.
        reply = co_await ctx.call(
            node, evalCommand(QByteArrayLiteral("EVAL"), script.body, keys, args), step, timeoutMs);
    }
    co_return reply;
}

Task<QList<Reply>> evalScriptOnNodes(LockContext &ctx, const QList<int> &nodes,
                                     const LuaScript &script, const Command &keys,
                                     const Command &args, const char *step, qint64 timeoutMs)
{
    QList<CallSpec> specs;
    specs.reserve(nodes.size());
    const Command evalSha = evalCommand(QByteArrayLiteral("EVALSHA"), script.sha1, keys, args);
    for (int node : nodes)
        specs << CallSpec{node, evalSha, step, timeoutMs};
    QList<Reply> replies = co_await ctx.callAll(std::move(specs));

    // EVAL only where the node said NOSCRIPT; the others keep their EVALSHA replies.
    QList<qsizetype> missing;
    QList<CallSpec> retries;
    const Command eval = evalCommand(QByteArrayLiteral("EVAL"), script.body, keys, args);
    for (qsizetype i = 0; i < replies.size() && i < nodes.size(); ++i) {
        if (isNoScript(replies[i])) {
            missing << i;
            retries << CallSpec{nodes[i], eval, step, timeoutMs};
        }
    }
    if (!retries.isEmpty()) {
        const QList<Reply> second = co_await ctx.callAll(std::move(retries));
        for (qsizetype j = 0; j < missing.size() && j < second.size(); ++j)
            replies[missing[j]] = second[j];
    }
    co_return replies;
}

} // namespace lockscope
