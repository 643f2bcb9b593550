#include "time_scale.h"

#include <QtGlobal>

#include <limits>

namespace lockscope::test {

int timeScale()
{
    static const int scale = [] {
        bool ok = false;
        const int n = qEnvironmentVariableIntValue("LOCKSCOPE_TEST_TIME_SCALE", &ok);
        return ok && n >= 1 ? n : 1;
    }();
    return scale;
}

int scaledMs(int ms)
{
    const qint64 scaled = qint64(ms) * timeScale();
    return int(qMin<qint64>(scaled, std::numeric_limits<int>::max()));
}

double liveScale(double scale)
{
    return scale * timeScale();
}

} // namespace lockscope::test
