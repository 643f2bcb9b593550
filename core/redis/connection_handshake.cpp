#include "connection_handshake.h"

namespace lockscope::qtredis {

QList<Command> Handshake::commands(const ConnectionOptions &options)
{
    QList<Command> out;
    if (!options.username.isEmpty()) {
        out.append(Command{QByteArrayLiteral("AUTH"), options.username.toUtf8(),
                           options.password.toUtf8()});
    } else if (!options.password.isEmpty()) {
        out.append(Command{QByteArrayLiteral("AUTH"), options.password.toUtf8()});
    }
    if (options.db != 0)
        out.append(Command{QByteArrayLiteral("SELECT"), QByteArray::number(options.db)});
    return out;
}

bool Handshake::isTransient(RedisErrorKind kind)
{
    return kind == RedisErrorKind::Loading || kind == RedisErrorKind::Busy;
}

} // namespace lockscope::qtredis
