// Addresses (--redis URL, the window's address field, a profile's "From URL"): redis://,
// rediss://, unix:// and host:port, read both as connection options and as a monitor profile.
#include "fuzz_target.h"

#include "monitor/connection_profile.h"
#include "redis/connection.h"

LOCKSCOPE_FUZZ_TARGET(url)
{
    using namespace lockscope;
    const QString url = QString::fromUtf8(fuzz::bytes(data, size));
    ConnectionOptions options;
    QString error;
    if (ConnectionOptions::fromUrl(url, &options, &error))
        (void)options.displayName();
    else
        fuzz::require(!error.isEmpty());

    ConnectionProfile profile;
    error.clear();
    if (ConnectionProfile::fromUrl(url, &profile, &error)) {
        (void)profile.serverText();
        MonitorOptions monitor;
        if (!profile.toMonitorOptions(&monitor, &error))
            fuzz::require(!error.isEmpty());
    } else {
        fuzz::require(!error.isEmpty());
    }
    return 0;
}
