// What a QtRedis connection says on a new transport before any caller's request: AUTH (with the
// ACL user if there is one), then SELECT, then CLIENT SETNAME (when the options name the
// connection). The commands go out pipelined, and the queued
// requests wait for their answers, so that none of them runs unauthenticated or in the wrong
// database.
#pragma once

#include "connection.h"

namespace lockscope::qtredis {

class Handshake {
public:
    // The commands for these options, in order; none for the default user without a password
    // in database 0.
    static QList<Command> commands(const ConnectionOptions &options);
    // Whether a refusal of this handshake command leaves the connection usable (CLIENT SETNAME:
    // a server that refuses it is still served; the connection goes on unnamed).
    static bool isOptional(const Command &argv);
    // Whether a failed answer may go away by trying again: a server that is loading or busy
    // will answer later; a wrong password or a database that does not exist will not get
    // better.
    static bool isTransient(RedisErrorKind kind);

    // Starts a handshake of `count` commands on a new transport.
    void start(qsizetype count) { m_left = static_cast<int>(count); }
    // One more command answered; true when it was the last.
    bool answered() { return --m_left == 0; }
    void reset() { m_left = 0; }

private:
    int m_left = 0;
};

} // namespace lockscope::qtredis
