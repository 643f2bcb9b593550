// EVAL, EVALSHA (and their _RO forms) and SCRIPT LOAD/EXISTS/FLUSH. The interpreter itself is
// LuaScripting; this file holds the argument checks, in the order that decides which error
// redis-server 7.0 reports first.
#include "engine_commands.h"

#include "redis_strings.h"

namespace lockscope::redis {

namespace {

Reply noScript()
{
    return Reply::error(QByteArrayLiteral("NOSCRIPT No matching script. Please use EVAL."));
}

// The numkeys argument of EVAL/EVALSHA, or an error reply.
bool parseNumKeys(const Command &argv, qsizetype *numKeys, Reply *error)
{
    const std::optional<qint64> n = parseInteger(argv[2]);
    if (!n) {
        *error = notIntegerError();
        return false;
    }
    if (*n > argv.size() - 3) {
        *error = Reply::error(
            QByteArrayLiteral("ERR Number of keys can't be greater than number of args"));
        return false;
    }
    if (*n < 0) {
        *error = Reply::error(QByteArrayLiteral("ERR Number of keys can't be negative"));
        return false;
    }
    *numKeys = qsizetype(*n);
    return true;
}

Reply evalGeneric(EngineCore &core, const Command &argv, ExecCtx &ctx, bool sha, bool readOnly)
{
    // A sha of the wrong length cannot match: NOSCRIPT before even looking at numkeys.
    if (sha && argv[1].size() != 40)
        return noScript();
    qsizetype numKeys = 0;
    Reply error;
    if (!parseNumKeys(argv, &numKeys, &error))
        return error;

    // The script's commands run as this command: same session, same frozen clock.
    ExecCtx scriptCtx = ctx;
    scriptCtx.inScript = true;
    ExecCtx *const outer = core.scriptCtx;
    core.scriptCtx = &scriptCtx;
    LuaScripting &lua = core.scripting();
    Reply reply = sha ? lua.evalSha(argv[1], argv, numKeys, readOnly)
                      : lua.eval(argv[1], argv, numKeys, readOnly);
    core.scriptCtx = outer;
    if (core.firstScriptStop == ScriptStop::None)
        core.firstScriptStop = lua.lastStop();
    return reply;
}

} // namespace

Reply cmdEval(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return evalGeneric(core, argv, ctx, false, false);
}

Reply cmdEvalSha(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return evalGeneric(core, argv, ctx, true, false);
}

Reply cmdEvalRo(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return evalGeneric(core, argv, ctx, false, true);
}

Reply cmdEvalShaRo(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    return evalGeneric(core, argv, ctx, true, true);
}

Reply cmdScriptLoad(EngineCore &core, const Command &argv, ExecCtx &)
{
    return core.scripting().load(argv[2]);
}

Reply cmdScriptExists(EngineCore &core, const Command &argv, ExecCtx &)
{
    QList<Reply> out;
    out.reserve(argv.size() - 2);
    for (qsizetype i = 2; i < argv.size(); ++i)
        out.append(Reply::integer(core.hasScripting() && core.scripting().exists(argv[i]) ? 1 : 0));
    return Reply::array(std::move(out));
}

Reply cmdScriptFlush(EngineCore &core, const Command &argv, ExecCtx &)
{
    if (argv.size() == 3 && !optionIs(argv[2], "sync") && !optionIs(argv[2], "async"))
        return Reply::error(QByteArrayLiteral("ERR SCRIPT FLUSH only support SYNC|ASYNC option"));
    if (argv.size() > 3)
        return Reply::error(QByteArrayLiteral("ERR SCRIPT FLUSH only support SYNC|ASYNC option"));
    if (core.hasScripting())
        core.scripting().flush();
    return Reply::ok();
}

} // namespace lockscope::redis
