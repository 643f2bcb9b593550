#include "workspace_export.h"

#include "common/run_data.h"
#include "common/theme.h"
#include "timeline/timeline_widget.h"

#include <QBuffer>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSettings>

#ifdef LOCKSCOPE_HAVE_SVG
#include <QSvgGenerator>
#endif

namespace lockscope::ui {

namespace {

// One row a kind: the file name's suffix and the file dialog's filter.
struct KindInfo {
    WorkspaceExport::Kind kind;
    const char *suffix;
    const char *filter;
};
const KindInfo kKinds[] = {
    {WorkspaceExport::Kind::TimelinePng, ".png",
     QT_TRANSLATE_NOOP("WorkspaceExport", "PNG images (*.png)")},
    {WorkspaceExport::Kind::TimelineSvg, ".svg",
     QT_TRANSLATE_NOOP("WorkspaceExport", "SVG drawings (*.svg)")},
    {WorkspaceExport::Kind::EventLog, ".jsonl",
     QT_TRANSLATE_NOOP("WorkspaceExport", "JSON Lines (*.jsonl)")},
};

const KindInfo &infoOf(WorkspaceExport::Kind kind)
{
    return kKinds[int(kind)];
}

// Opens `file` for writing; false with `message` (%1 the path, %2 why) when it cannot.
bool openOrExplain(QSaveFile &file, const QString &message, QString *error)
{
    if (file.open(QIODevice::WriteOnly))
        return true;
    if (error)
        *error = message.arg(file.fileName(), file.errorString());
    return false;
}

bool commitOrExplain(QSaveFile &file, const QString &what, QString *error)
{
    if (!file.commit()) {
        if (error)
            *error = WorkspaceExport::tr("Cannot write the %1 to %2: %3")
                         .arg(what, file.fileName(), file.errorString());
        return false;
    }
    return true;
}

QSize exportSize(const TimelineWidget &timeline)
{
    return timeline.exportSize(qMax(1200, timeline.viewport()->width()));
}

} // namespace

QString WorkspaceExport::suffix(Kind kind)
{
    return QString::fromLatin1(infoOf(kind).suffix);
}

QString WorkspaceExport::filter(Kind kind)
{
    return tr(infoOf(kind).filter);
}

QString WorkspaceExport::askForPath(QWidget *parent, Kind kind, const RunRequest &request,
                                    bool persist)
{
    const QString dir =
        persist ? QSettings().value(QStringLiteral("export/dir")).toString() : QString();
    const QString base = QStringLiteral("%1-%2").arg(
        request.fromFile() ? QFileInfo(request.scenarioFile).completeBaseName()
                           : request.scenarioId,
        request.strategyId);
    const QString name = base + suffix(kind);
    return QFileDialog::getSaveFileName(
        parent, tr("Export"), dir.isEmpty() ? name : QString(dir + QLatin1Char('/') + name),
        filter(kind));
}

void WorkspaceExport::rememberFolder(const QString &path)
{
    QSettings().setValue(QStringLiteral("export/dir"), QFileInfo(path).absolutePath());
}

bool WorkspaceExport::write(Kind kind, const QString &path, const RunData *run,
                            const TimelineWidget &timeline, const Theme &theme, QString *error)
{
#ifndef LOCKSCOPE_HAVE_SVG
    if (kind == Kind::TimelineSvg) {
        if (error)
            *error = tr("This build of LockScope cannot write SVG (Qt SVG was not found).");
        return false;
    }
#endif
    if (!run) {
        if (error)
            *error = tr("Nothing to export: run a simulation first.");
        return false;
    }
    switch (kind) {
    case Kind::TimelinePng:
        return timelinePng(path, timeline, theme, error);
    case Kind::TimelineSvg:
        return timelineSvg(path, *run, timeline, error);
    case Kind::EventLog:
        return eventLog(path, *run, error);
    }
    return false;
}

bool WorkspaceExport::timelinePng(const QString &path, const TimelineWidget &timeline,
                                  const Theme &theme, QString *error)
{
    QSaveFile file(path);
    if (!openOrExplain(file, tr("Cannot write the timeline to %1: %2"), error))
        return false;
    const QSize size = exportSize(timeline);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(theme.base);
    {
        QPainter p(&image);
        timeline.renderAll(p, size);
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        if (error)
            *error = tr("Cannot encode the timeline as PNG.");
        return false;
    }
    return commitOrExplain(file, tr("timeline"), error);
}

bool WorkspaceExport::timelineSvg(const QString &path, const RunData &run,
                                  const TimelineWidget &timeline, QString *error)
{
#ifdef LOCKSCOPE_HAVE_SVG
    QSaveFile file(path);
    if (!openOrExplain(file, tr("Cannot write the timeline to %1: %2"), error))
        return false;
    const QSize size = exportSize(timeline);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(tr("LockScope timeline: %1 with %2")
                     .arg(run.request().scenarioId, run.request().strategyId));
    {
        QPainter p(&svg);
        timeline.renderAll(p, size);
    }
    file.write(buffer.data());
    return commitOrExplain(file, tr("timeline"), error);
#else
    Q_UNUSED(path);
    Q_UNUSED(run);
    Q_UNUSED(timeline);
    Q_UNUSED(error);
    return false;
#endif
}

bool WorkspaceExport::eventLog(const QString &path, const RunData &run, QString *error)
{
    QSaveFile file(path);
    if (!openOrExplain(file, tr("Cannot write the event log to %1: %2"), error))
        return false;
    run.log().writeJsonLines(file);
    return commitOrExplain(file, tr("event log"), error);
}

} // namespace lockscope::ui
