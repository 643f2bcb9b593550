#include "lua_conversions.h"

#include "redis_strings.h"

#include <lua.hpp>

#include <cmath>
#include <limits>

namespace lockscope::redis::lua {

namespace {

// (long long)lua_Number as x86-64 performs it: out-of-range and NaN give INT64_MIN, which is
// what Redis replies for `return 1/0` (verified against redis-server 7.0.15).
qint64 truncateNumber(lua_Number n)
{
    if (std::isnan(n) || n >= 9223372036854775808.0 || n < -9223372036854775808.0)
        return std::numeric_limits<qint64>::min();
    return static_cast<qint64>(n);
}

QByteArray mapNewlines(QByteArray s)
{
    for (char &c : s) {
        if (c == '\r' || c == '\n')
            c = ' ';
    }
    return s;
}

// The value of `field` in the table at the top of the stack if it has Lua type `type`; the
// value is left on the stack (pushed) when found, otherwise nothing is left.
bool rawField(lua_State *L, const char *field, int type)
{
    lua_pushstring(L, field);
    lua_rawget(L, -2);
    if (lua_type(L, -1) == type)
        return true;
    lua_pop(L, 1);
    return false;
}

QByteArray doubleReply(lua_Number d)
{
    if (std::isinf(d))
        return d > 0 ? QByteArrayLiteral("inf") : QByteArrayLiteral("-inf");
    return formatDouble17g(d);
}

} // namespace

QByteArray toBytes(lua_State *L, int idx)
{
    size_t len = 0;
    const char *s = lua_tolstring(L, idx, &len);
    return s ? QByteArray(s, static_cast<qsizetype>(len)) : QByteArray();
}

// luaPushErrorBuff(): pushes {err="<CODE> <msg>"}. "-CODE msg" keeps its code, "-msg" (no
// space) and plain "msg" get ERR; the message is trimmed of CR/LF at both ends.
void pushErrorBuff(lua_State *L, const QByteArray &buffer)
{
    QByteArray code;
    QByteArray msg;
    if (buffer.startsWith('-')) {
        const qsizetype space = buffer.indexOf(' ');
        if (space < 0) {
            msg = buffer.mid(1);
            code = QByteArrayLiteral("ERR");
        } else {
            code = buffer.mid(1, space - 1);
            msg = buffer.mid(space + 1);
        }
    } else {
        msg = buffer;
        code = QByteArrayLiteral("ERR");
    }
    qsizetype b = 0;
    qsizetype e = msg.size();
    while (b < e && (msg[b] == '\r' || msg[b] == '\n'))
        ++b;
    while (e > b && (msg[e - 1] == '\r' || msg[e - 1] == '\n'))
        --e;
    const QByteArray final = code + ' ' + msg.mid(b, e - b);
    lua_newtable(L);
    lua_pushstring(L, "err");
    lua_pushlstring(L, final.constData(), static_cast<size_t>(final.size()));
    lua_settable(L, -3);
}

void pushError(lua_State *L, const char *msg)
{
    pushErrorBuff(L, QByteArray(msg));
}

// redisProtocolToLuaType(): a command's reply as the script sees it.
void pushReply(lua_State *L, const Reply &reply)
{
    if (!lua_checkstack(L, 5))
        luaL_error(L, "reached lua stack limit");
    switch (reply.type()) {
    case Reply::Type::Integer:
        lua_pushnumber(L, static_cast<lua_Number>(reply.integer()));
        return;
    case Reply::Type::Bulk:
        lua_pushlstring(L, reply.text().constData(), static_cast<size_t>(reply.text().size()));
        return;
    case Reply::Type::Status:
        lua_newtable(L);
        lua_pushstring(L, "ok");
        lua_pushlstring(L, reply.text().constData(), static_cast<size_t>(reply.text().size()));
        lua_settable(L, -3);
        return;
    case Reply::Type::Error:
        pushErrorBuff(L, '-' + reply.text());
        lua_pushstring(L, "ignore_error_stats_update");
        lua_pushboolean(L, 1);
        lua_settable(L, -3);
        return;
    case Reply::Type::Array: {
        lua_createtable(L, static_cast<int>(reply.elements().size()), 0);
        int i = 1;
        for (const Reply &element : reply.elements()) {
            pushReply(L, element);
            lua_rawseti(L, -2, i++);
        }
        return;
    }
    case Reply::Type::Nil:
    case Reply::Type::NoReply:
        lua_pushboolean(L, 0);
        return;
    }
}

// luaReplyToRedisReply() for RESP2: converts and pops the value at the top of the stack.
Reply popAsReply(lua_State *L)
{
    if (!lua_checkstack(L, 4)) {
        lua_pop(L, 1);
        return Reply::error(QByteArrayLiteral("ERR reached lua stack limit"));
    }
    switch (lua_type(L, -1)) {
    case LUA_TSTRING: {
        Reply r = Reply::bulk(toBytes(L, -1));
        lua_pop(L, 1);
        return r;
    }
    case LUA_TBOOLEAN: {
        const bool b = lua_toboolean(L, -1);
        lua_pop(L, 1);
        return b ? Reply::integer(1) : Reply::nil();
    }
    case LUA_TNUMBER: {
        const qint64 v = truncateNumber(lua_tonumber(L, -1));
        lua_pop(L, 1);
        return Reply::integer(v);
    }
    case LUA_TTABLE:
        break;
    default:
        lua_pop(L, 1);
        return Reply::nil();
    }

    // {err=...}: an error reply, message used as is ("-" prefix handling as Redis).
    if (rawField(L, "err", LUA_TSTRING)) {
        lua_pop(L, 1);
        lua_getfield(L, -1, "err");
        // The server reads the message as a C string: it ends at the first \0.
        QByteArray msg = lua_isstring(L, -1) ? untilNul(toBytes(L, -1)) : QByteArray();
        lua_pop(L, 2);
        QByteArray text = sanitizeErrorText('-' + msg);
        // The server sends an error that already starts with '-' as is, minus the dash.
        return Reply::error(text.mid(1));
    }
    if (rawField(L, "ok", LUA_TSTRING)) {
        Reply r = Reply::status(mapNewlines(untilNul(toBytes(L, -1)))); // a C string too
        lua_pop(L, 2);
        return r;
    }
    if (rawField(L, "double", LUA_TNUMBER)) {
        Reply r = Reply::bulk(doubleReply(lua_tonumber(L, -1)));
        lua_pop(L, 2);
        return r;
    }
    if (rawField(L, "big_number", LUA_TSTRING)) {
        Reply r = Reply::bulk(mapNewlines(toBytes(L, -1)));
        lua_pop(L, 2);
        return r;
    }
    if (rawField(L, "verbatim_string", LUA_TTABLE)) {
        if (rawField(L, "format", LUA_TSTRING)) {
            lua_pushstring(L, "string");
            lua_rawget(L, -3);
            if (lua_type(L, -1) == LUA_TSTRING) {
                Reply r = Reply::bulk(toBytes(L, -1));
                lua_pop(L, 4);
                return r;
            }
            lua_pop(L, 2);
        }
        lua_pop(L, 1);
    }
    if (rawField(L, "map", LUA_TTABLE)) {
        // RESP2 flattens a map into key, value, key, value...
        QList<Reply> elements;
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pushvalue(L, -2);
            elements.append(popAsReply(L)); // key
            elements.append(popAsReply(L)); // value
        }
        lua_pop(L, 2);
        return Reply::array(std::move(elements));
    }
    if (rawField(L, "set", LUA_TTABLE)) {
        QList<Reply> elements;
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
            elements.append(popAsReply(L));
        }
        lua_pop(L, 2);
        return Reply::array(std::move(elements));
    }

    // An array: elements 1, 2, ... up to the first nil.
    QList<Reply> elements;
    for (int j = 1;; ++j) {
        lua_pushnumber(L, j);
        lua_rawget(L, -2);
        if (lua_type(L, -1) == LUA_TNIL) {
            lua_pop(L, 1);
            break;
        }
        elements.append(popAsReply(L));
    }
    lua_pop(L, 1);
    return Reply::array(std::move(elements));
}

} // namespace lockscope::redis::lua
