// How long something still takes, as the pages' progress lines say it ("about 2 min 5 s left"):
// whole seconds, rounded up so a last second never reads as zero.
#pragma once

#include <QString>

namespace lockscope::ui {

// "45 s", "2 min 5 s", "1 h 3 min", translated.
QString durationText(double seconds);

} // namespace lockscope::ui
