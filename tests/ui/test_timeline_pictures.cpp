// The timeline reuses the pictures of its label column, its legend and its lanes from earlier
// frames while nothing they show has changed (issue 17: the labels' texts were a tenth of a frame,
// the lanes all of a scrolling frame). A copy must never be stale: through scrolling, a moving
// play head, a theme, a new run, a resize, an overlay, a selection and a new language, the
// long-lived timeline's frame is the same to the byte as a new timeline's, shown the same thing
// for the first time (which draws everything in place).
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

// `clients`: -1 for the scenario's own (those with named clients).
std::shared_ptr<const RunData> simulate(const char *strategy, quint64 seed = 1,
                                        const char *scenario = "contention", int clients = 30)
{
    RunRequest request;
    request.scenarioId = QString::fromLatin1(scenario);
    request.strategyId = QString::fromLatin1(strategy);
    request.clients = clients;
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
    qint64 selectedEvent = -1;
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
    if (!shown || shown->selectedEvent != s.selectedEvent)
        t.setSelectedEvent(s.selectedEvent);
}

QImage frame(TimelineWidget &t)
{
    return t.viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied);
}

// A long-lived timeline taken through states one at a time, each frame compared with a new
// timeline's.
class Comparison {
public:
    explicit Comparison(const State &first)
        : m_shown(first)
    {
        show(m_kept, first, nullptr);
        m_kept.show();
    }
    TimelineWidget &kept() { return m_kept; }
    int steps() const { return m_steps; }

    // Shows `s` on the kept timeline; false, with both frames saved, when it differs.
    bool check(const State &s, const QString &what)
    {
        show(m_kept, s, &m_shown);
        m_shown = s;
        const QImage got = frame(m_kept);
        TimelineWidget fresh;
        show(fresh, s, nullptr);
        fresh.show();
        if (!QTest::qWaitForWindowExposed(&fresh)) {
            qWarning("the new timeline was not shown");
            return false;
        }
        // Scrolled again once shown (before, its scroll range was not yet the size's), to where
        // the kept one is (selecting an event scrolls to its lane).
        fresh.verticalScrollBar()->setValue(m_kept.verticalScrollBar()->value());
        const QImage want = frame(fresh);
        ++m_steps;
        if (got == want)
            return true;
        got.save(QDir::temp().filePath(QStringLiteral("timeline-kept.png")));
        want.save(QDir::temp().filePath(QStringLiteral("timeline-fresh.png")));
        qWarning("after %s: the kept timeline's frame differs from a new one's (both saved in "
                 "the temp folder)",
                 qPrintable(what));
        return false;
    }

private:
    TimelineWidget m_kept;
    State m_shown;
    int m_steps = 0;
};

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

        Comparison c(s);
        TimelineWidget &kept = c.kept();
        QVERIFY(QTest::qWaitForWindowExposed(&kept));

        QVERIFY(c.check(s, QStringLiteral("showing a run")));
        frame(kept); // the same frame again, from the pictures
        QVERIFY(c.check(s, QStringLiteral("the same frame again")));
        s.scroll = 160;
        QVERIFY(c.check(s, QStringLiteral("scrolling")));
        s.playheadUs = lua->endUs() * 2 / 3;
        QVERIFY(c.check(s, QStringLiteral("moving the play head")));
        s.dark = true;
        QVERIFY(c.check(s, QStringLiteral("a dark theme")));
        // The same scenario and strategy with another seed, at the same instant and scroll:
        // only the run tells the labels apart.
        const QImage before = frame(kept);
        s.run = reseeded;
        QVERIFY(c.check(s, QStringLiteral("another run")));
        const QRect labels(0, 60, 120, 300);
        QVERIFY2(frame(kept).copy(labels) != before.copy(labels),
                 "the labels should differ between the two runs");
        s.run = flawed;
        QVERIFY(c.check(s, QStringLiteral("a third run")));
        s.playheadUs = flawed->endUs() / 2;
        QVERIFY(c.check(s, QStringLiteral("the play head in the other run")));
        s.size = QSize(1100, 640);
        QVERIFY(c.check(s, QStringLiteral("a resize")));
        s.overlay = lua;
        QVERIFY(c.check(s, QStringLiteral("an overlay")));
        s.overlay = nullptr;
        // The widgets hear of a new language through the event loop.
        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QVERIFY(c.check(s, QStringLiteral("Chinese")));
        QVERIFY(setLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();
        QVERIFY(c.check(s, QStringLiteral("English again")));
        QCOMPARE(c.steps(), 12);
    }

    // The lanes' pictures are copied to wherever their rows have scrolled: by any number of
    // pixels (hatchings repeat every 8), with rows cut by the top and bottom edges, in lanes
    // with pauses, crashes and lost data, overlaid, with an event selected and in the dark.
    void lanesScrolledAreTheLanesDrawnAgain_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<int>("clients"); // -1: the scenario's own (named clients)
        QTest::newRow("paused") << QStringLiteral("pause-after-acquire")
                                << QStringLiteral("set-nx-px-lua") << -1;
        QTest::newRow("crashed") << QStringLiteral("crash-mid-acquire")
                                 << QStringLiteral("setnx-expire") << -1;
        QTest::newRow("failover") << QStringLiteral("failover") << QStringLiteral("set-nx-px-lua")
                                  << -1;
        QTest::newRow("contention")
            << QStringLiteral("contention") << QStringLiteral("set-nx-px-del") << 30;
    }
    void lanesScrolledAreTheLanesDrawnAgain()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        QFETCH(int, clients);
        const auto run = simulate(qPrintable(strategy), 1, qPrintable(scenario), clients);
        const auto other = simulate(qPrintable(strategy), 2, qPrintable(scenario), clients);
        // Low enough for the lanes to scroll, with the whole run in view.
        State s{.run = run,
                .overlay = nullptr,
                .size = QSize(900, 210),
                .playheadUs = run->endUs() * 3 / 4};
        Comparison c(s);
        QVERIFY(QTest::qWaitForWindowExposed(&c.kept()));
        QVERIFY(c.check(s, QStringLiteral("showing the run")));
        QVERIFY(c.check(s, QStringLiteral("the same frame again")));
        const int most = c.kept().verticalScrollBar()->maximum();
        QVERIFY2(most >= 24, "the lanes should be taller than the view");
        int scrolls = 0;
        const auto sweep = [&](const char *what) {
            for (int to : {1, 5, 13, 14, 40, 47, most / 2, most / 2 + 3, most, most - 9, 2, 0}) {
                s.scroll = qBound(0, to, most);
                if (!c.check(s, QStringLiteral("%1, scrolled to %2")
                                    .arg(QLatin1String(what))
                                    .arg(s.scroll)))
                    return false;
                ++scrolls;
            }
            return true;
        };
        QVERIFY(sweep("scrolling"));
        s.selectedEvent = qint64(run->log().events().size() / 2);
        QVERIFY(c.check(s, QStringLiteral("selecting an event")));
        QVERIFY(sweep("scrolling with an event selected"));
        s.dark = true;
        QVERIFY(sweep("scrolling in the dark"));
        s.overlay = other; // drawn in place: a half lane's texts reach into the next lane
        QVERIFY(sweep("scrolling overlaid"));
        QCOMPARE(scrolls, 48);
    }
};

QTEST_MAIN(TestTimelinePictures)
#include "test_timeline_pictures.moc"
