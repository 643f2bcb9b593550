// A loopback TCP port that nobody listens on at the moment of asking: for a local server to
// bind, or for a test that needs a port where nothing answers.
#pragma once

#include <QtGlobal>

namespace lockscope {

// The kernel picks the port, which is then released: another process may take it before the
// caller binds it, so a server that gets "Address already in use" should ask again. 0 when no
// loopback port could be bound at all.
quint16 unusedLoopbackPort();

} // namespace lockscope
