// Connection and server commands: PING, ECHO, SELECT, TIME, CONFIG GET/SET.
#include "engine_commands.h"

#include "engine_notify.h"
#include "glob_match.h"
#include "redis_strings.h"

#include <climits>
#include <cstring>

namespace lockscope::redis {

namespace {

// The configuration parameters the engine has. Redis has ~200; asking for another one gets
// what Redis answers for an unknown name (nothing for GET, an error for SET).
struct ConfigParam {
    const char *name;
    bool immutable;
};
const ConfigParam kConfigParams[] = {
    {"notify-keyspace-events", false},
    {"databases", true}, // the engine has one database: as `redis-server --databases 1`
};

const ConfigParam *findConfig(const QByteArray &name)
{
    for (const ConfigParam &p : kConfigParams) {
        if (std::strlen(p.name) == size_t(name.size()) &&
            equalsIgnoreCase(p.name, name.constData(), name.size()))
            return &p;
    }
    return nullptr;
}

QByteArray configValue(const EngineCore &core, const ConfigParam &p)
{
    if (std::strcmp(p.name, "notify-keyspace-events") == 0)
        return formatNotifyFlags(core.notifyFlags);
    return QByteArrayLiteral("1");
}

} // namespace

Reply cmdPing(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    if (argv.size() > 2)
        return arityError("ping");
    // A subscribed RESP2 connection gets PING's answer in the shape of a pub/sub message.
    if (!ctx.inScript && core.pubsub.isSubscribed(ctx.session))
        return Reply::array({Reply::bulk(QByteArrayLiteral("pong")),
                             Reply::bulk(argv.size() == 1 ? QByteArray() : argv[1])});
    return argv.size() == 1 ? Reply::status(QByteArrayLiteral("PONG")) : Reply::bulk(argv[1]);
}

Reply cmdEcho(EngineCore &, const Command &argv, ExecCtx &)
{
    return Reply::bulk(argv[1]);
}

Reply cmdSelect(EngineCore &, const Command &argv, ExecCtx &)
{
    const std::optional<qint64> id = parseInteger(argv[1]);
    if (!id)
        return notIntegerError();
    if (*id < INT_MIN || *id > INT_MAX)
        return Reply::error(QByteArrayLiteral(
            "ERR value is out of range, value must between -2147483648 and 2147483647"));
    if (*id != 0)
        return Reply::error(QByteArrayLiteral("ERR DB index is out of range"));
    return Reply::ok();
}

Reply cmdTime(EngineCore &core, const Command &, ExecCtx &ctx)
{
    // The node clock frozen for this command, at millisecond resolution.
    Q_UNUSED(core);
    const qint64 ms = ctx.nowMs;
    const qint64 seconds = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
    return Reply::array({Reply::bulk(QByteArray::number(seconds)),
                         Reply::bulk(QByteArray::number((ms - seconds * 1000) * 1000))});
}

Reply cmdConfigGet(EngineCore &core, const Command &argv, ExecCtx &)
{
    // Exact names are looked up as given (and echoed as given), glob patterns match
    // case-insensitively; each parameter is reported once.
    std::vector<std::pair<QByteArray, const ConfigParam *>> matches;
    const auto matched = [&](const ConfigParam *p) {
        for (const auto &m : matches) {
            if (m.second == p)
                return true;
        }
        return false;
    };
    for (qsizetype i = 2; i < argv.size(); ++i) {
        const QByteArray &name = argv[i];
        const QByteArray cname = untilNul(name);
        if (!cname.contains('[') && !cname.contains('*') && !cname.contains('?')) {
            const ConfigParam *p = findConfig(name);
            if (p && !matched(p))
                matches.emplace_back(name, p);
            continue;
        }
        for (const ConfigParam &p : kConfigParams) {
            if (!matched(&p) && globMatch(name, QByteArray(p.name), true))
                matches.emplace_back(QByteArray(p.name), &p);
        }
    }
    QList<Reply> out;
    for (const auto &[name, param] : matches) {
        out.append(Reply::bulk(name));
        out.append(Reply::bulk(configValue(core, *param)));
    }
    return Reply::array(std::move(out));
}

Reply cmdConfigSet(EngineCore &core, const Command &argv, ExecCtx &)
{
    if (argv.size() % 2 == 1)
        return syntaxError();
    // All or nothing: every pair is validated first, and applied only if all are valid.
    std::vector<const ConfigParam *> params;
    QByteArray unknownName;
    QByteArray failedName;
    const char *failure = nullptr;
    for (qsizetype i = 2; i < argv.size(); i += 2) {
        const ConfigParam *p = findConfig(argv[i]);
        if (!p) {
            if (unknownName.isNull() && !failure)
                unknownName = argv[i];
            continue;
        }
        if (!unknownName.isNull() || failure)
            continue;
        if (p->immutable) {
            failure = "can't set immutable config";
            failedName = argv[i];
            continue;
        }
        for (const ConfigParam *seen : params) {
            if (seen == p) {
                failure = "duplicate parameter";
                failedName = argv[i];
                break;
            }
        }
        params.push_back(p);
    }
    if (!unknownName.isNull())
        return Reply::error(
            sanitizeErrorText("ERR Unknown option or number of arguments for CONFIG SET - '" +
                              untilNul(unknownName) + '\''));
    if (failure)
        return Reply::error(
            sanitizeErrorText("ERR CONFIG SET failed (possibly related to argument '" +
                              untilNul(failedName) + "') - " + QByteArray(failure)));

    // Only notify-keyspace-events is settable.
    const std::optional<int> flags = parseNotifyFlags(argv[3]);
    if (!flags)
        return Reply::error(QByteArrayLiteral(
            "ERR CONFIG SET failed (possibly related to argument 'notify-keyspace-events') - "
            "Invalid event class character. Use 'Ag$lshzxeKEtmdn'."));
    core.notifyFlags = *flags;
    return Reply::ok();
}

} // namespace lockscope::redis
