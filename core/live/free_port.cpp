#include "free_port.h"

#include <QHostAddress>
#include <QTcpServer>

namespace lockscope {

quint16 unusedLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

} // namespace lockscope
