// Issue 14, in the window: the Compare page with the user's endless script. The runs are on
// worker threads, so the event loop keeps turning (a timer fires all along); Cancel stops the
// running script within a second; a script that hits the time limit ends the comparison with
// one message naming the script and the limit, however many cells run it.
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "compare/compare_page.h"
#include "compare/compare_settings.h"
#include "compare/comparison_controller.h"
#include "compare/comparison_model.h"
#include "time_scale.h"

using namespace lockscope;
using namespace lockscope::ui;
using lockscope::test::scaledMs;

class TestCompareScriptLimits : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cancelStopsTheEndlessScript();
    void timeLimitEndsTheComparisonWithOneMessage();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    // Starts the page on `scenario` ("" for every one) with only the user's scripts.
    void start(ComparePage &page, const QString &scenario, qint64 limitMs);
    QTemporaryDir m_dir;
};

void TestCompareScriptLimits::initTestCase()
{
    QVERIFY(m_dir.isValid());
    for (const auto &[name, body] :
         {std::pair{QStringLiteral("loop.lua"), QByteArray("while true do end\n")},
          std::pair{QStringLiteral("release.lua"),
                    QByteArray("if redis.call('get', KEYS[1]) == ARGV[1] then return "
                               "redis.call('del', KEYS[1]) else return 0 end\n")}}) {
        QFile f(path(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(body), body.size());
    }
}

void TestCompareScriptLimits::start(ComparePage &page, const QString &scenario, qint64 limitMs)
{
    CompareSettingsWidget *settings = page.settingsWidget();
    QVERIFY(settings->setScenario(scenario));
    settings->setStrategies({}); // only "custom"
    settings->setScripts(path(QStringLiteral("loop.lua")), path(QStringLiteral("release.lua")));
    settings->setScriptTimeLimitMs(limitMs);
    settings->setSeeds(3);
    QCOMPARE(settings->settings().strategies, QStringList{QStringLiteral("custom")});
    QString error;
    QVERIFY2(page.runComparison(&error), qPrintable(error));
    QVERIFY(page.controller()->isRunning());
}

void TestCompareScriptLimits::cancelStopsTheEndlessScript()
{
    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    QSignalSpy finished(page.controller(), &ComparisonController::finished);
    // The limit is far away: only Cancel can end this run in time.
    start(page, QStringLiteral("contention"), 600000);
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, &page, [&ticks] { ++ticks; });
    ticker.start(20);
    // The script is running by now. ~30 ticks if nothing blocks; a sanitizer build on a busy
    // machine gets the longer wait to show the same.
    QTest::qWait(scaledMs(600));
    QVERIFY(page.controller()->isRunning());
    QVERIFY2(ticks >= 10, qPrintable(QString::number(ticks)));
    QElapsedTimer sinceCancel;
    sinceCancel.start();
    page.cancel();
    QVERIFY(finished.wait(5000));
    const qint64 cancelMs = sinceCancel.elapsed();
    qInfo("Cancel ended the comparison after %lld ms", cancelMs);
    QVERIFY2(cancelMs < 1000, qPrintable(QString::number(cancelMs)));
    QCOMPARE(finished.first().first().toBool(), true); // cancelled
    QCOMPARE(page.controller()->pool().activeThreadCount(), 0);
    QVERIFY2(messages.isEmpty(), qPrintable(messages.join(QLatin1Char('\n')))); // no failure
    QCOMPARE(page.model()->finishedCells(), 0);
}

void TestCompareScriptLimits::timeLimitEndsTheComparisonWithOneMessage()
{
    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    QSignalSpy finished(page.controller(), &ComparisonController::finished);
    // Every scenario: thirteen cells run the endless script, on every core of the pool.
    QElapsedTimer clock;
    clock.start();
    start(page, QString(), 1000);
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, &page, [&ticks] { ++ticks; });
    ticker.start(20);
    QVERIFY(finished.wait(10000));
    const qint64 elapsedMs = clock.elapsed();
    qInfo("the comparison ended after %lld ms, the timer fired %d times", elapsedMs, ticks);
    QVERIFY2(elapsedMs < 2000, qPrintable(QString::number(elapsedMs))); // the limit + 1 s
    // ~50 if nothing blocks; at least a quarter of that however busy the machine.
    QVERIFY2(ticks >= elapsedMs / 20 / 4, qPrintable(QString::number(ticks)));
    QTest::qWait(100); // a second message would be queued by now
    QCOMPARE(messages.size(), 1);
    const QString &message = messages.first();
    QVERIFY2(message.contains(QLatin1String("loop.lua")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("1 s script time limit")), qPrintable(message));
    QCOMPARE(page.controller()->pool().activeThreadCount(), 0);
}

QTEST_MAIN(TestCompareScriptLimits)
#include "test_compare_script_limits.moc"
