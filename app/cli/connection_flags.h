// The options every command that connects to Redis shares, as redis-cli has them: the ACL user
// and the password kept off the command line (--user, --askpass, LOCKSCOPE_AUTH), and TLS with a
// private CA, a client certificate and SNI (--tls, --cacert, --cacertdir, --cert, --key, --sni,
// --insecure). One place adds them to a command's parser and one applies them, so `monitor` and
// `bench` (and any later command that connects) read them the same way.
#pragma once

#include "redis/connection.h"

#include <QCommandLineParser>
#include <QList>
#include <QString>

namespace lockscope::cli {

// The environment variable holding the password (as redis-cli's REDISCLI_AUTH).
inline constexpr char kAuthEnvironmentVariable[] = "LOCKSCOPE_AUTH";

void addConnectionFlags(QCommandLineParser &p);

// Applies the flags to `servers` (the --redis addresses, already parsed with fromUrl) and the
// TLS ones to `tlsOnly` (sentinels: their TLS is usually the data servers', their password their
// own). The password: --askpass, else the address's own, else LOCKSCOPE_AUTH. Checks the TLS
// files now. Prints the one-line warnings (a password in an address, --insecure) on stderr.
// False with *error, one line naming the problem.
bool applyConnectionFlags(const QCommandLineParser &p, const QList<ConnectionOptions *> &servers,
                          const QList<ConnectionOptions *> &tlsOnly, QString *error);

} // namespace lockscope::cli
