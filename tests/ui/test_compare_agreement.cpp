// The compare page's third tab, the live agreement matrix (issue 15): the model's text, colour
// and tooltip for cells built by hand (agree, disagree, refused, error, empty); one run of the
// tab on real redis-server processes (pause-before-delete with an unsafe and a safe strategy),
// whose cells must agree and whose detail pane names both verdicts; Cancel and destruction in
// the middle of a run leave no redis-server behind; and a redis-server that is missing or
// broken is one message, with the matrix shown before kept.
#include "common/theme.h"
#include "compare/agreement_model.h"
#include "compare/agreement_run.h"
#include "compare/compare_page.h"
#include "compare/compare_settings.h"

#include "child_servers.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTextDocument>

using namespace lockscope;
using namespace lockscope::ui;
using lockscope::test::childRedisServers;

namespace {

const QString kScenario = QStringLiteral("pause-before-delete");
const QString kUnsafe = QStringLiteral("set-nx-px-get-del"); // deletes the next holder's lock
const QString kSafe = QStringLiteral("set-nx-px-lua");

LiveMatrixCell handCell(const QString &strategy, QList<CellVerdict> simulated,
                        QList<CellVerdict> live, int agreeing)
{
    LiveMatrixCell c;
    c.scenario = kScenario;
    c.strategy = strategy;
    c.simulated = std::move(simulated);
    c.live = std::move(live);
    c.agreeing = agreeing;
    c.timeScale = 0.1;
    c.wallMs = 4200;
    return c;
}

QString plain(const QString &html)
{
    QTextDocument d;
    d.setHtml(html);
    return d.toPlainText();
}

// Restores an environment variable when the test ends, however it ends.
class EnvGuard {
public:
    EnvGuard(const char *name, const QByteArray &value)
        : m_name(name)
        , m_had(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {
        qputenv(name, value);
    }
    ~EnvGuard()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    bool m_had;
    QByteArray m_old;
};

} // namespace

class TestCompareAgreement : public QObject {
    Q_OBJECT

private slots:
    void cellsBuiltByHandReadAndColourAsTheySay();
    void tabRunAgreesAndTheDetailNamesBothVerdicts();
    void cancelMidRunLeavesNoRedisServer();
    void destroyingTheRunMidwayStopsItsServers();
    void missingOrBrokenRedisServerKeepsTheShownMatrix();
};

void TestCompareAgreement::cellsBuiltByHandReadAndColourAsTheySay()
{
    AgreementModel model;
    QAbstractItemModelTester tester(&model);
    const QStringList strategies = {kSafe, kUnsafe, QStringLiteral("redlock"),
                                    QStringLiteral("fenced"), QStringLiteral("setnx-expire")};
    model.reset({kScenario}, strategies);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), 5);
    // Before a run: a dash, no colour, a tooltip saying it did not run; "…" while running.
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("—"));
    QVERIFY(!model.index(0, 0).data(Qt::BackgroundRole).isValid());
    QVERIFY(!model.index(0, 0).data(AgreementModel::StatusRole).isValid());
    model.setRunning(true);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("…"));
    model.setRunning(false);

    const auto U = CellVerdict::Unsafe, S = CellVerdict::Safe;
    model.setCell(handCell(kSafe, {S, S, S}, {S, S, S}, 3));
    LiveMatrixCell disagree = handCell(kUnsafe, {U, U, U}, {U, S, U}, 2);
    disagree.differences = {QStringLiteral("mistaken deletions: simulated 1, live 0")};
    model.setCell(disagree);
    LiveMatrixCell refused = handCell(QStringLiteral("redlock"), {}, {}, 0);
    refused.refusal = QStringLiteral("the scenario needs a replica to fail over to");
    model.setCell(refused);
    LiveMatrixCell failed = handCell(QStringLiteral("fenced"), {}, {}, 0);
    failed.error = QStringLiteral("redis-server on port 1 did not answer PING");
    model.setCell(failed);
    // A cell of another matrix is ignored.
    model.setCell(handCell(QStringLiteral("no-such-strategy"), {S}, {S}, 1));
    QCOMPARE(model.finishedCells(), 4);

    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("agrees 3/3\nsafe"));
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("DISAGREES 1/3"));
    QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("not live"));
    QCOMPARE(model.index(0, 3).data().toString(), QStringLiteral("error"));
    QCOMPARE(model.index(0, 4).data().toString(), QStringLiteral("—"));
    QCOMPARE(model.index(0, 0).data(AgreementModel::StatusIdRole).toString(),
             QStringLiteral("agree"));
    QCOMPARE(model.index(0, 1).data(AgreementModel::StatusIdRole).toString(),
             QStringLiteral("disagree"));
    QCOMPARE(model.index(0, 2).data(AgreementModel::StatusIdRole).toString(),
             QStringLiteral("not-reproducible"));
    QCOMPARE(model.count(LiveCellStatus::Agree), 1);
    QCOMPARE(model.count(LiveCellStatus::Disagree), 1);

    // Tooltips carry the reason: the differences, the refusal, the error.
    QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains(disagree.differences[0]));
    QVERIFY(model.index(0, 2).data(Qt::ToolTipRole).toString().contains(refused.refusal));
    QVERIFY(model.index(0, 3).data(Qt::ToolTipRole).toString().contains(failed.error));

    // Colours: four different fills in each theme, the dark theme's not the light's, and the
    // text on each readable (Theme::textOn of its fill).
    for (const Theme &theme : {Theme::light(), Theme::darkTheme()}) {
        model.setTheme(theme);
        QSet<QRgb> fills;
        for (int c = 0; c < 4; ++c) {
            const QColor fill = model.index(0, c).data(Qt::BackgroundRole).value<QColor>();
            QVERIFY(fill.isValid());
            fills.insert(fill.rgb());
            QCOMPARE(model.index(0, c).data(Qt::ForegroundRole).value<QColor>(),
                     Theme::textOn(fill));
        }
        QCOMPARE(fills.size(), 4);
    }
    QVERIFY(AgreementModel::statusColor(LiveCellStatus::Agree, Theme::light()) !=
            AgreementModel::statusColor(LiveCellStatus::Agree, Theme::darkTheme()));

    // The story: per repetition both verdicts, the differences, the time scale.
    const QString story = plain(AgreementModel::storyHtml(disagree));
    QVERIFY2(story.contains(QStringLiteral("UNSAFE")) && story.contains(QStringLiteral("safe")),
             qPrintable(story));
    QVERIFY(story.contains(QStringLiteral("2 (seed 2)")));
    QVERIFY(story.contains(disagree.differences[0]));
    QVERIFY(story.contains(QStringLiteral("0.1")));
    QVERIFY(plain(AgreementModel::storyHtml(refused)).contains(refused.refusal));
}

void TestCompareAgreement::tabRunAgreesAndTheDetailNamesBothVerdicts()
{
    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    QVERIFY(page.settingsWidget()->setScenario(kScenario));
    page.settingsWidget()->setStrategies({kUnsafe, kSafe});
    QElapsedTimer wall;
    wall.start();
    QString error;
    QVERIFY2(page.runAgreementAndWait(&error), qPrintable(error));
    qInfo("1 scenario x 2 strategies, 1 repetition: %lld ms", qlonglong(wall.elapsed()));
    QVERIFY2(messages.isEmpty(), qPrintable(messages.join(QLatin1Char('\n'))));
    QCOMPARE(childRedisServers(), 0);

    AgreementModel *model = page.agreementModel();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->columnCount(), 2);
    const LiveMatrixCell *unsafe = model->cell(0, 0);
    const LiveMatrixCell *safe = model->cell(0, 1);
    QVERIFY(unsafe && safe);
    QCOMPARE(unsafe->strategy, kUnsafe);
    // The simulator's story for this cell (the catalogue's): get-del deletes the next holder's
    // lock, the Lua release does not; live must tell the same.
    QCOMPARE(unsafe->live.size(), 1);
    QVERIFY(unsafe->simulated.value(0) == CellVerdict::Unsafe);
    QVERIFY(safe->simulated.value(0) == CellVerdict::Safe);
    QVERIFY2(unsafe->agrees(), qPrintable(unsafe->differences.join(QLatin1Char(';'))));
    QVERIFY2(safe->agrees(), qPrintable(safe->differences.join(QLatin1Char(';'))));
    QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("agrees 1/1\nUNSAFE"));
    QVERIFY2(page.statusText().startsWith(QStringLiteral("Done on real Redis: 2 cells")),
             qPrintable(page.statusText()));

    // Selecting the unsafe cell tells its story: simulated UNSAFE, live UNSAFE.
    page.agreementView()->setCurrentIndex(model->index(0, 0));
    const QString detail = page.agreementDetailText();
    QVERIFY2(detail.contains(QStringLiteral("simulated")) &&
                 detail.contains(QStringLiteral("live")),
             qPrintable(detail));
    QVERIFY2(detail.count(QStringLiteral("UNSAFE")) >= 3, qPrintable(detail)); // title, sim, live
    page.agreementView()->setCurrentIndex(model->index(0, 1));
    const QString safeDetail = page.agreementDetailText();
    QVERIFY2(safeDetail.count(QStringLiteral("safe")) >= 3 &&
                 !safeDetail.contains(QStringLiteral("UNSAFE")),
             qPrintable(safeDetail));
    QVERIFY(page.agreementButton()->isEnabled());
}

void TestCompareAgreement::cancelMidRunLeavesNoRedisServer()
{
    ComparePage page;
    page.setMessageHandler([](const QString &, const QString &) {});
    QVERIFY(page.settingsWidget()->setScenario(kScenario));
    page.settingsWidget()->setStrategies(
        {kUnsafe, kSafe, QStringLiteral("setnx-expire"), QStringLiteral("fenced")});
    page.setAgreementRepetitions(3);
    QSignalSpy finished(page.agreementRun(), &AgreementRun::finished);
    QVERIFY(page.runAgreement());
    // In the middle: a server of a cell is up.
    QTRY_VERIFY_WITH_TIMEOUT(childRedisServers() > 0, 15000);
    QElapsedTimer latency;
    latency.start();
    page.cancel();
    QVERIFY(finished.wait(10000));
    qInfo("cancel to finished: %lld ms", qlonglong(latency.elapsed()));
    QVERIFY(page.agreementRun()->wasCancelled());
    QCOMPARE(childRedisServers(), 0);
    QVERIFY(page.statusText().startsWith(QStringLiteral("Cancelled")));
    // Not every cell ran: four cells of three repetitions take far longer than the wait above.
    QVERIFY(page.agreementModel()->count(LiveCellStatus::Agree) +
                page.agreementModel()->count(LiveCellStatus::Disagree) <
            4);
    QVERIFY(page.agreementButton()->isEnabled());
}

void TestCompareAgreement::destroyingTheRunMidwayStopsItsServers()
{
    CompareSettings settings;
    settings.scenarioIds = {kScenario};
    settings.strategies = {kUnsafe, kSafe};
    auto run = std::make_unique<AgreementRun>();
    QString error;
    // Ten repetitions of two cells take about 20 s; destruction must not wait for them.
    QVERIFY2(run->start(settings, 10, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(childRedisServers() > 0, 15000);
    QElapsedTimer joined;
    joined.start();
    run.reset(); // cancels and joins
    qInfo("destroyed mid-run in %lld ms", qlonglong(joined.elapsed()));
    QVERIFY(joined.elapsed() < 5000);
    QCOMPARE(childRedisServers(), 0);
}

void TestCompareAgreement::missingOrBrokenRedisServerKeepsTheShownMatrix()
{
    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    QVERIFY(page.settingsWidget()->setScenario(kScenario));
    page.settingsWidget()->setStrategies({kSafe});
    // A matrix on screen (as a previous run would leave it).
    page.agreementModel()->reset({kScenario}, {kSafe});
    page.agreementModel()->setCell(handCell(kSafe, {CellVerdict::Safe}, {CellVerdict::Safe}, 1));

    {
        const EnvGuard env("REDIS_SERVER", "/nonexistent/redis-server");
        QString error;
        QVERIFY(!page.runAgreement(&error));
        QCOMPARE(messages.size(), 1);
        QVERIFY2(messages[0].contains(QStringLiteral("redis-server was not found")),
                 qPrintable(messages[0]));
        QCOMPARE(page.agreementModel()->index(0, 0).data().toString(),
                 QStringLiteral("agrees 1/1\nsafe"));
    }
    messages.clear();
    {
        // An executable that is no Redis: every cell fails to start its server; one message
        // says why and the matrix shown before comes back.
        const EnvGuard env("REDIS_SERVER", "/bin/false");
        QSignalSpy failed(page.agreementRun(), &AgreementRun::failed);
        QVERIFY(page.runAgreement());
        QVERIFY(failed.wait(30000));
        QCOMPARE(messages.size(), 1);
        QVERIFY2(messages[0].contains(QStringLiteral("redis-server")), qPrintable(messages[0]));
        QCOMPARE(page.agreementModel()->finishedCells(), 1);
        QCOMPARE(page.agreementModel()->index(0, 0).data().toString(),
                 QStringLiteral("agrees 1/1\nsafe"));
        QVERIFY(page.agreementButton()->isEnabled());
    }
    QCOMPARE(childRedisServers(), 0);
}

QTEST_MAIN(TestCompareAgreement)
#include "test_compare_agreement.moc"
