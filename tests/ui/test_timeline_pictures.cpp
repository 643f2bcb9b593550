// The timeline reuses the pictures of its label column and its legend from earlier frames while
// nothing they show has changed (issue 17: their texts were a tenth of a frame). A copy must never
// be stale: through scrolling, a moving play head, a theme, a new run, a resize, an overlay and a
// new language, the long-lived timeline's frame is the same to the byte as a new timeline's,
// shown the same thing for the first time.
#include "common/language.h"
#include "common/run_data.h"
#include "common/theme.h"
#include "timeline/timeline_widget.h"

#include <QApplication>
#include <QDir>
#include <QScrollBar>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

std::shared_ptr<const RunData> simulate(const char *strategy, quint64 seed = 1)
{
    RunRequest request;
    request.scenarioId = QStringLiteral("contention");
    request.strategyId = QString::fromLatin1(strategy);
    request.clients = 30;
    request.seed = seed;
    QString error;
    auto run = RunData::simulate(request, &error);
    if (!run)
        qFatal("%s", qPrintable(error));
    return run;
}

struct State {
    std::shared_ptr<const RunData> run, overlay;
    QSize size{1000, 560};
    int scroll = 0;
    qint64 playheadUs = 0;
    bool dark = false;
};

// Shows `s` on `t`, through only the setters whose value differs (as the window does: a setter
// called with the value already shown could hide a stale copy, e.g. setRun forgets the labels).
void show(TimelineWidget &t, const State &s, const State *shown)
{
    if (!shown || shown->size != s.size)
        t.resize(s.size);
    if (!shown || shown->dark != s.dark)
        t.setTheme(s.dark ? Theme::darkTheme() : Theme::light());
    if (!shown || shown->run != s.run) {
        t.setRun(s.run);
        t.fitAll(); // a re-run of the same scenario keeps the view it had; a new timeline fits
    }
    if (!shown || shown->overlay != s.overlay)
        t.setOverlay(s.overlay);
    if (!shown || shown->playheadUs != s.playheadUs)
        t.setPlayhead(s.playheadUs);
    if (!shown || shown->scroll != s.scroll)
        t.verticalScrollBar()->setValue(s.scroll);
}

QImage frame(TimelineWidget &t)
{
    return t.viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied);
}

} // namespace

class TestTimelinePictures : public QObject {
    Q_OBJECT
private slots:
    void copiesAreNeverStale()
    {
        const auto lua = simulate("set-nx-px-lua");
        const auto flawed = simulate("setnx-expire");
        const auto reseeded = simulate("set-nx-px-lua", 2);
        State s{.run = lua, .overlay = nullptr, .playheadUs = lua->endUs() / 3};

        TimelineWidget kept;
        show(kept, s, nullptr);
        kept.show();
        QVERIFY(QTest::qWaitForWindowExposed(&kept));
        State shown = s;

        int steps = 0;
        const auto check = [&](const char *what) {
            show(kept, s, &shown);
            shown = s;
            const QImage got = frame(kept);
            TimelineWidget fresh;
            show(fresh, s, nullptr);
            fresh.show();
            if (!QTest::qWaitForWindowExposed(&fresh))
                QFAIL("the new timeline was not shown");
            const QImage want = frame(fresh);
            QCOMPARE(got.size(), want.size());
            if (got != want) {
                got.save(QDir::temp().filePath(QStringLiteral("timeline-kept.png")));
                want.save(QDir::temp().filePath(QStringLiteral("timeline-fresh.png")));
                QFAIL(qPrintable(QStringLiteral("after %1: the kept timeline's frame differs from "
                                                "a new one's (both saved in the temp folder)")
                                     .arg(QLatin1String(what))));
            }
            ++steps;
        };

        check("showing a run");
        frame(kept); // the same frame again, from the pictures
        check("the same frame again");
        s.scroll = 160;
        check("scrolling");
        s.playheadUs = lua->endUs() * 2 / 3;
        check("moving the play head");
        s.dark = true;
        check("a dark theme");
        // The same scenario and strategy with another seed, at the same instant and scroll:
        // only the run tells the labels apart.
        const QImage before = frame(kept);
        s.run = reseeded;
        check("another run");
        const QRect labels(0, 60, 120, 300);
        QVERIFY2(frame(kept).copy(labels) != before.copy(labels),
                 "the labels should differ between the two runs");
        s.run = flawed;
        check("a third run");
        s.playheadUs = flawed->endUs() / 2;
        check("the play head in the other run");
        s.size = QSize(1100, 640);
        check("a resize");
        s.overlay = lua;
        check("an overlay");
        s.overlay = nullptr;
        // The widgets hear of a new language through the event loop.
        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        check("Chinese");
        QVERIFY(setLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();
        check("English again");
        QCOMPARE(steps, 12);
    }
};

QTEST_MAIN(TestTimelinePictures)
#include "test_timeline_pictures.moc"
