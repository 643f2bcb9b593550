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
    if (!options.clientName.isEmpty()) {
        out.append(Command{QByteArrayLiteral("CLIENT"), QByteArrayLiteral("SETNAME"),
                           options.clientName.toUtf8()});
    }
    return out;
}

bool Handshake::isOptional(const Command &argv)
{
    // The name only labels the connection for observers (CLIENT LIST, MONITOR): a server whose
    // ACL forbids CLIENT, or that does not know it, still serves the caller's commands.
    return argv.size() == 3 && argv.at(0) == "CLIENT" && argv.at(1) == "SETNAME";
}

bool Handshake::isTransient(RedisErrorKind kind)
{
    return kind == RedisErrorKind::Loading || kind == RedisErrorKind::Busy;
}

} // namespace lockscope::qtredis
