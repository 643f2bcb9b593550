// Event logs and monitor recordings (lockscope-cli replay FILE, the window's Open recording):
// read, then everything a replay does with what was read: the checker, the sentences of both
// describers, the JSON of every event, writing it again (which must read back), and the state
// index the timeline scrubs through.
#include "fuzz_target.h"

#include "events/event_log.h"
#include "events/run_state.h"
#include "monitor/monitor_explain.h"
#include "sim/checker.h"
#include "sim/explain.h"

#include <QBuffer>

LOCKSCOPE_FUZZ_TARGET(event_log)
{
    using namespace lockscope;
    QByteArray input = fuzz::bytes(data, size);
    QBuffer file(&input);
    file.open(QIODevice::ReadOnly);
    EventLog log;
    QString error;
    if (!EventLog::readJsonLines(file, &log, &error)) {
        fuzz::require(!error.isEmpty());
        return 0;
    }
    const CheckReport report = checkLog(log);
    for (const Finding &finding : report.findings)
        (void)describeFinding(finding, log);
    (void)summarizeMonitorLog(log);
    for (const Event &event : log.events()) {
        (void)describeEvent(event, log);
        (void)describeMonitorEvent(event, log);
        (void)log.eventToJson(event);
    }
    // What was read writes out as a log that reads back the same.
    QByteArray written;
    QBuffer out(&written);
    out.open(QIODevice::WriteOnly);
    log.writeJsonLines(out);
    out.close();
    out.open(QIODevice::ReadOnly);
    EventLog again;
    fuzz::require(EventLog::readJsonLines(out, &again, &error));
    fuzz::require(again.events().size() == log.events().size());

    const StateIndex index(log, 16);
    (void)index.stateAfter(log.events().size());
    if (!log.events().empty())
        (void)index.stateAt(log.events()[log.events().size() / 2].timeUs);
    return 0;
}
