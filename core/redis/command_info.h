// Which commands write, for the live connection's read-only switch: a built-in table of the
// Redis 7.0 command set (subcommands included), looked up without allocating.
#pragma once

#include "reply.h"

#include <QByteArrayView>

namespace lockscope::live_commands {

// Whether running `argv` may change data, other clients or the server. Containers (CONFIG,
// CLIENT, SCRIPT, ...) are judged by their subcommand; unknown commands and subcommands count
// as writes, which is the safe side for a connection that must never harm production.
bool isWrite(const Command &argv);
// The same for a name alone: "SET", "config|set", "CONFIG SET". A container without its
// subcommand ("CONFIG") counts as a write, since the subcommand decides.
bool isWrite(QByteArrayView name);
// The name a person reads in a refusal: "SET", "CONFIG SET".
QByteArray displayName(const Command &argv);

} // namespace lockscope::live_commands
