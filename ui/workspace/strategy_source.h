// What a strategy sends, as text for the strategy source panel: each step's command (SET NX PX,
// GET, DEL...) or Lua script, in the order the strategy runs them, and which step a command in the
// event log belongs to, so the panel can highlight the step a client is executing.
#pragma once

#include "events/run_state.h"

#include <QString>

#include <vector>

namespace lockscope::ui {

struct SourceStep {
    QString label;     // "acquire.set", "release.script"
    QString verb;      // the Redis command it sends: "SET", "GET", "EVALSHA"
    QString script;    // built-in script name for script steps
    int firstLine = 0; // lines of `text` the step occupies (0-based, inclusive)
    int lastLine = 0;
};

struct StrategySource {
    QString strategyId;
    QString text;
    std::vector<SourceStep> steps;

    static StrategySource forStrategy(const QString &strategyId);
    // The user's own scripts (the strategy "custom"): each file as it is on disk now, as one
    // step each, sent with EVALSHA.
    static StrategySource forScripts(const QString &acquireFile, const QString &releaseFile);
    // The step that sent `command` (as the event log shows it), given the phase the client was
    // in; -1 when no step matches (e.g. a command to the protected resource).
    int stepForCommand(const QByteArray &command, ClientState::Phase phase) const;
};

} // namespace lockscope::ui
