// Lua scripts of the strategies, kept as .lua files under resources/scripts and compiled into
// the core as Qt resources (":/scripts/<name>.lua"). Both runtimes send the same text: EVALSHA
// first, EVAL when the node answers NOSCRIPT (after a restart, or on first use).
#pragma once

#include "lock_context.h"

#include <QString>

namespace lockscope {

struct LuaScript {
    QString name;    // "compare_and_delete"
    QByteArray body; // the script text
    QByteArray sha1; // lowercase hex, as SCRIPT LOAD returns it
};

// A built-in script by file name without extension; aborts on a name that is not built in
// (a programming error, not user input).
const LuaScript &builtinScript(const QString &name);
QStringList builtinScriptNames();
LuaScript makeScript(const QString &name, const QByteArray &body);

// Compiles `body` with Lua 5.1 (the version Redis embeds) without running it. On a syntax error
// returns false and sets *error to Lua's message with `chunkName` as the file name, e.g.
// "acquire.lua:3: 'end' expected near '<eof>'".
bool checkLuaSyntax(const QByteArray &body, const QString &chunkName, QString *error);

// EVALSHA sha numkeys keys... args..., falling back to EVAL on NOSCRIPT.
Task<Reply> evalScript(LockContext &ctx, int node, const LuaScript &script, const Command &keys,
                       const Command &args, const char *step, qint64 timeoutMs = -1);
// The same on several nodes at once; replies in the order of `nodes`.
Task<QList<Reply>> evalScriptOnNodes(LockContext &ctx, const QList<int> &nodes,
                                     const LuaScript &script, const Command &keys,
                                     const Command &args, const char *step, qint64 timeoutMs = -1);

} // namespace lockscope
