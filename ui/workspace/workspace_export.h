// The workspace's exports: the whole timeline as a PNG image or an SVG drawing (at least 1200 px
// wide, whatever the window's size) and the run's event log as JSON Lines. Every file is written
// through QSaveFile: a file that cannot be written is left as it was, and the error names it and
// says why.
#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace lockscope::ui {

class RunData;
class TimelineWidget;
struct RunRequest;
struct Theme;

class WorkspaceExport {
    Q_DECLARE_TR_FUNCTIONS(WorkspaceExport)
public:
    enum class Kind { TimelinePng, TimelineSvg, EventLog };

    // The file dialog's suffix (".png") and filter ("PNG images (*.png)") of each kind.
    static QString suffix(Kind kind);
    static QString filter(Kind kind);

    // Asks where to write (the folder of the last export when `persist`, else the working one;
    // the file named after the run); empty when the person cancels.
    static QString askForPath(QWidget *parent, Kind kind, const RunRequest &request, bool persist);
    // The folder of `path` is where the next export goes (export/dir).
    static void rememberFolder(const QString &path);

    // `run` is what the timeline shows; null: "Nothing to export".
    static bool write(Kind kind, const QString &path, const RunData *run,
                      const TimelineWidget &timeline, const Theme &theme, QString *error);

private:
    static bool timelinePng(const QString &path, const TimelineWidget &timeline, const Theme &theme,
                            QString *error);
    static bool timelineSvg(const QString &path, const RunData &run, const TimelineWidget &timeline,
                            QString *error);
    static bool eventLog(const QString &path, const RunData &run, QString *error);
};

} // namespace lockscope::ui
