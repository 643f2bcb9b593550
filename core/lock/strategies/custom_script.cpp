// custom: a strategy made of the user's own acquire and release scripts, run with LockScope's
// KEYS/ARGV convention (strategy_registry.h), so that the simulator can judge them.
#include "lock/strategy_registry.h"

#include "builtin_strategies.h"
#include "lock/script.h"
#include "lock/script_error.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace lockscope {

namespace {

class CustomScripts final : public Strategy {
public:
    CustomScripts(const QString &acquireFile, LuaScript acquire, const QString &releaseFile,
                  LuaScript release)
        : m_acquire(std::move(acquire))
        , m_release(std::move(release))
        , m_acquireName(QFileInfo(acquireFile).fileName())
        , m_releaseName(QFileInfo(releaseFile).fileName())
    {
        m_info.id = QStringLiteral("custom");
        m_info.title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "Custom scripts"));
        m_info.summary =
            QCoreApplication::translate("Strategy", "acquire: %1; release: %2")
                .arg(QFileInfo(acquireFile).fileName(), QFileInfo(releaseFile).fileName());
        m_info.steps = {"acquire.script", "release.script"};
    }

    const StrategyInfo &info() const override { return m_info; }

    // KEYS[1] = key; ARGV[1] = token, ARGV[2] = TTL ms, ARGV[3] = "<client>:<thread>".
    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        const QByteArray &token = strategies::ensureToken(ctx, lock);
        const Reply reply =
            co_await evalScript(ctx, 0, m_acquire, strategies::command(lock.request.key),
                                strategies::command(token, strategies::ttlArg(lock),
                                                    ctx.clientName() + ':' + lock.request.thread),
                                "acquire.script");
        // No answer (a timeout, a lost reply, a node down) is a fault of the run: the effect is
        // unknown, as for any strategy. An error reply is the script itself failing.
        if (reply.isNoReply())
            co_return AttemptResult{AttemptOutcome::Error, -1};
        if (reply.isError()) {
            ctx.abortRun(scriptFailureText(m_acquireName, ScriptRole::Acquire, reply,
                                           ctx.embeddedScriptLimits()));
            co_return AttemptResult{AttemptOutcome::Error, -1};
        }
        if (reply.isOk() || (reply.isInteger() && reply.integer() == 1)) {
            strategies::markAcquired(ctx, lock);
            co_return AttemptResult{AttemptOutcome::Acquired, -1};
        }
        if (reply.isInteger() && reply.integer() > 1) // the holder's remaining TTL (Redisson)
            co_return AttemptResult{AttemptOutcome::Busy, reply.integer()};
        if (reply.isNil() || reply.isInteger()) // 0, nil, or PTTL's -1/-2
            co_return AttemptResult{AttemptOutcome::Busy, -1};
        ctx.abortRun(QCoreApplication::translate(
                         "Strategy",
                         "%1: the acquire script returned %2, outside the convention: 1 or OK "
                         "(acquired), 0 or nil (busy), or the holder's remaining TTL in ms")
                         .arg(m_acquireName, replyText(reply)));
        co_return AttemptResult{AttemptOutcome::Error, -1};
    }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        const Reply reply =
            co_await evalScript(ctx, 0, m_release, strategies::command(lock.request.key),
                                strategies::command(lock.token, strategies::ttlArg(lock),
                                                    ctx.clientName() + ':' + lock.request.thread),
                                "release.script");
        if (reply.isNoReply())
            co_return ReleaseOutcome::Error;
        if (reply.isError()) {
            ctx.abortRun(scriptFailureText(m_releaseName, ScriptRole::Release, reply,
                                           ctx.embeddedScriptLimits()));
            co_return ReleaseOutcome::Error;
        }
        if (reply.isInteger() && (reply.integer() == 0 || reply.integer() == 1))
            co_return reply.integer() == 1 ? ReleaseOutcome::Released : ReleaseOutcome::NotHeld;
        ctx.abortRun(QCoreApplication::translate(
                         "Strategy", "%1: the release script returned %2, outside the convention: "
                                     "1 (it deleted the caller's lock) or 0")
                         .arg(m_releaseName, replyText(reply)));
        co_return ReleaseOutcome::Error;
    }

private:
    // A reply as a sentence can hold it: "hello", (integer) 7, nil, a table of 2 elements.
    static QString replyText(const Reply &reply)
    {
        if (reply.isArray())
            return QCoreApplication::translate("Strategy", "a table of %n element(s)", nullptr,
                                               int(reply.elements().size()));
        if (reply.isNil())
            return QStringLiteral("nil");
        return QString::fromUtf8(reply.toDisplay());
    }

    StrategyInfo m_info;
    LuaScript m_acquire;
    LuaScript m_release;
    QString m_acquireName;
    QString m_releaseName;
};

// Reads and compiles one script file; on failure says which file and, for a syntax error,
// which Lua line.
bool loadScript(const QString &path, LuaScript *script, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QCoreApplication::translate("Strategy", "%1: cannot read the script: %2")
                         .arg(path, file.errorString());
        return false;
    }
    const QByteArray body = file.readAll();
    const QString name = QFileInfo(path).fileName();
    QString syntax;
    if (!checkLuaSyntax(body, name, &syntax)) {
        if (error)
            *error = syntax; // "acquire.lua:3: 'end' expected near '<eof>'"
        return false;
    }
    *script = makeScript(QFileInfo(path).completeBaseName(), body);
    return true;
}

} // namespace

std::unique_ptr<Strategy> createCustomStrategy(const QString &acquireFile,
                                               const QString &releaseFile, QString *error)
{
    LuaScript acquire;
    LuaScript release;
    if (!loadScript(acquireFile, &acquire, error) || !loadScript(releaseFile, &release, error))
        return nullptr;
    if (error)
        error->clear();
    return std::make_unique<CustomScripts>(acquireFile, std::move(acquire), releaseFile,
                                           std::move(release));
}

} // namespace lockscope
