// The bounds on one script in the embedded engine: wall time, memory, and flags that stop it at
// once (the window's Cancel, a sibling run of a comparison that hit a limit).
//
// A real Redis lets a script run past lua-time-limit (5 s) and answers BUSY to everyone else
// until SCRIPT KILL; a simulation has nobody else to answer, so the engine stops the script
// itself and the run ends with an error naming the script (issue 14). The checks run in a Lua
// count hook, so a script that never calls redis.call() is stopped too.
#pragma once

#include <QString>
#include <QtGlobal>

#include <atomic>
#include <vector>

namespace lockscope {

struct ScriptLimits {
    static constexpr qint64 kDefaultTimeLimitMs = 5000; // Redis's lua-time-limit
    static constexpr qint64 kMaxTimeLimitMs = 86400000; // one day
    // A lock script needs a few KB; 256 MiB is far beyond any honest one and still fits beside
    // a comparison's workers (each has its own interpreter) on a small machine.
    static constexpr qint64 kDefaultMemoryCapBytes = qint64(256) << 20;

    qint64 timeLimitMs = kDefaultTimeLimitMs;
    qint64 memoryCapBytes = kDefaultMemoryCapBytes; // the whole interpreter's, scripts included
    // Any of these set: the running script stops at its next check (within about a
    // millisecond). Not owned; they must outlive the runs that use them.
    std::vector<const std::atomic<bool> *> stopFlags;

    bool stopRequested() const
    {
        for (const std::atomic<bool> *flag : stopFlags) {
            if (flag->load(std::memory_order_relaxed))
                return true;
        }
        return false;
    }
};

// Why the engine stopped a script (the first stop of an engine or a run).
enum class ScriptStop : quint8 {
    None,
    TimeLimit, // ran longer than timeLimitMs: the caller gets Redis's BUSY text
    MemoryCap, // the interpreter needed more than memoryCapBytes: the caller gets kOomReply
    Stopped,   // a stop flag: the caller gets Redis's SCRIPT KILL text
};

// The error replies of a stopped script, by code: BUSY (Redis's own words) for the time limit,
// OOM for the memory cap (Redis's code for "no memory for this"); a stopped one gets the reply
// Redis gives the caller of a script ended by SCRIPT KILL (plus "script: <sha>, on ...").
inline constexpr char kBusyReply[] =
    "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.";
inline constexpr char kOomReply[] =
    "OOM the script needed more memory than the embedded engine's script memory cap";

// "5 s", "1.5 s", "500 ms": a time limit as a message names it.
QString timeLimitText(qint64 ms);
// "256 MiB", "512 KiB": a memory cap as a message names it.
QString memoryCapText(qint64 bytes);
// Parses a --script-time-limit value: "5s", "1.5s", "500ms", or a bare number of
// milliseconds (as lua-time-limit), between 1 ms and a day. False with *error (naming the value)
// otherwise.
bool parseTimeLimit(const QString &text, qint64 *ms, QString *error);

} // namespace lockscope
