// Sentences for people: what an event means, and the smallest witness of a finding ("B entered
// lock:0 at 30.101 s while A was still inside"). The terminal demo and the window use them.
#pragma once

#include "checker.h"
#include "events/event_log.h"

#include <QString>

namespace lockscope {

QString formatTime(qint64 us); // "30.101 s"

// One line for an event, or an empty string for events not worth narrating (commands).
QString describeEvent(const Event &event, const EventLog &log);

// One sentence naming who, which key, what happened and when.
QString describeFinding(const Finding &finding, const EventLog &log);

} // namespace lockscope
