// A recording opened on the monitor page, shown in the live views but not live: the key table
// holds every key the recording touches, and seeking (a click on the timeline) sets each row to
// its key's state at that instant.
#pragma once

#include "events/event_log.h"

#include <QString>

#include <memory>

namespace lockscope::ui {

class KeyTableModel;
class RunData;
class StateCursor;

class MonitorReplay {
public:
    // Reads the recording at `path` (an event log as JSON lines); nullptr with *error.
    static std::unique_ptr<MonitorReplay> open(const QString &path, QString *error);
    ~MonitorReplay();

    const EventLog &log() const { return *m_log; }
    // Shows `run` (the history made of log()) in the table: one row per key.
    void showIn(std::shared_ptr<const RunData> run, KeyTableModel *model);
    // The table at `timeUs` of the run.
    void seek(qint64 timeUs, KeyTableModel *model);

private:
    explicit MonitorReplay(std::unique_ptr<EventLog> log);

    std::unique_ptr<EventLog> m_log;
    std::shared_ptr<const RunData> m_run;
    std::unique_ptr<StateCursor> m_cursor;
};

} // namespace lockscope::ui
