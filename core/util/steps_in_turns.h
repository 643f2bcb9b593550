// Work that would hold the event loop too long in one go, run one step per event-loop turn.
//
// What it is for: room made for a big keyspace. A Qt hash reserved for a million keys is a few
// milliseconds to lay out (its spans are allocated and marked empty), and a structure with two
// or three of them held the window's thread for 7-12 ms in one turn; each container is its own
// step instead.
#pragma once

#include <functional>
#include <vector>

class QObject;

namespace lockscope {

using Steps = std::vector<std::function<void()>>;

// Runs step i in a turn of its own, a 1 ms timer after step i - 1, so that input, timers and
// paints come in between; `done` runs in the turn after the last step. The steps stop (and
// `done` is not run) when `context` is destroyed, or when `wanted` says no before a step.
void runStepsInTurns(QObject *context, Steps steps, std::function<void()> done = {},
                     std::function<bool()> wanted = {});

} // namespace lockscope
