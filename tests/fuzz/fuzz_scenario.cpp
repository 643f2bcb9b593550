// Scenario files (lockscope-cli simulate --scenario FILE, the window's Open scenario): any bytes
// are either a scenario or one message, and a scenario that parses gives its resolved clients.
#include "fuzz_target.h"

#include "sim/scenario.h"

LOCKSCOPE_FUZZ_TARGET(scenario)
{
    using namespace lockscope;
    Scenario scenario;
    QString error;
    if (parseScenario(fuzz::bytes(data, size), QStringLiteral("fuzz.json"), &scenario, &error))
        (void)scenario.resolvedClients();
    else
        fuzz::require(!error.isEmpty()); // a refusal always says why
    return 0;
}
