// lockscope-cli simulate --live and compare --live, the real binary: both verdicts side by side,
// the agreement matrix, and bad input as one line with exit code 2 before any server starts.
#include "cli_process.h"
#include "csv_reader.h"
#include "redis_server.h"
#include "redis_test_client.h"
#include "time_scale.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace lockscope::test;

namespace {
const QString kCli = QStringLiteral(LOCKSCOPE_CLI);

CliRun cli(const QStringList &args, int timeoutMs = 60000)
{
    return runProgram(kCli, args, timeoutMs);
}

// --time-scale for a live run: 0.1 (the default for a 10 s TTL), slowed down as much as the
// build under test is (the sanitizer builds run several times slower).
QStringList liveScale()
{
    return {QStringLiteral("--time-scale"), QString::number(0.1 * timeScale())};
}
} // namespace

class TestLiveScenarioCli : public QObject {
    Q_OBJECT

private slots:
    void failoverLiveAgreesAsJson();
    void badInputIsOneLine_data();
    void badInputIsOneLine();
    void agreementMatrixOfOneScenario();
    void customScriptsOnTheUsersServer();
};

void TestLiveScenarioCli::failoverLiveAgreesAsJson()
{
    const CliRun r = cli(QStringList{QStringLiteral("simulate"), QStringLiteral("--scenario"),
                                     QStringLiteral("failover"), QStringLiteral("--strategy"),
                                     QStringLiteral("set-nx-px-lua"), QStringLiteral("--live"),
                                     QStringLiteral("--json")} +
                         liveScale());
    QVERIFY2(r.exitCode == 0, r.describe().constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QStringLiteral("agree")).toBool(), true);
    QCOMPARE(o.value(QStringLiteral("time_scale")).toDouble(), 0.1 * timeScale());
    const QJsonObject live = o.value(QStringLiteral("live")).toObject();
    QVERIFY(live.value(QStringLiteral("violations")).toInt() >= 1);
    QCOMPARE(live.value(QStringLiteral("verdict")).toString(), QStringLiteral("unsafe"));
    QCOMPARE(o.value(QStringLiteral("simulated")).toObject().value(QStringLiteral("verdict")),
             QJsonValue(QStringLiteral("unsafe")));
}

void TestLiveScenarioCli::badInputIsOneLine_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QStringList cell = {QStringLiteral("simulate"), QStringLiteral("--scenario"),
                              QStringLiteral("node-restart"), QStringLiteral("--strategy"),
                              QStringLiteral("redlock")};
    QTest::newRow("scale without live")
        << (cell + QStringList{QStringLiteral("--time-scale"), QStringLiteral("0.5")})
        << QStringLiteral("--time-scale goes with --live");
    QTest::newRow("zero scale") << (cell + QStringList{QStringLiteral("--live"),
                                                       QStringLiteral("--time-scale"),
                                                       QStringLiteral("0")})
                                << QStringLiteral("--time-scale must be a number above 0");
    QTest::newRow("server fault on the user's servers")
        << (cell + QStringList{QStringLiteral("--live"), QStringLiteral("--redis"),
                               QStringLiteral("127.0.0.1:1")})
        << QStringLiteral("cannot run node-restart live: the fault \"node_restart\" happens to "
                          "a server");
    QTest::newRow("seeds with live")
        << QStringList{QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
                       QStringLiteral("--live"), QStringLiteral("--seeds"), QStringLiteral("3")}
        << QStringLiteral("--live takes --repetitions, not --seeds");
    QTest::newRow("repetitions without live")
        << QStringList{QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
                       QStringLiteral("--repetitions"), QStringLiteral("3")}
        << QStringLiteral("--repetitions goes with --live");
}

void TestLiveScenarioCli::badInputIsOneLine()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun r = cli(args, 10000);
    QVERIFY2(r.exitCode == 2, r.describe().constData());
    const QString err = QString::fromUtf8(r.err).trimmed();
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY2(err.contains(message), qPrintable(err));
    QVERIFY(r.out.isEmpty());
}

void TestLiveScenarioCli::agreementMatrixOfOneScenario()
{
    // Every strategy on one scenario, one live repetition each: a row per cell, each agreeing
    // with its simulation. (Not crash-mid-acquire: there setnx-getset's two waiters can both
    // GETSET the dead holder's value live, a real race the simulator's regular timing does not
    // reach; the README explains that cell.)
    const CliRun r = cli(QStringList{QStringLiteral("compare"), QStringLiteral("--scenario"),
                                     QStringLiteral("pause-before-delete"),
                                     QStringLiteral("--live"), QStringLiteral("--repetitions"),
                                     QStringLiteral("1"), QStringLiteral("--csv")} +
                             liveScale(),
                         scaledMs(240000));
    QVERIFY2(r.exitCode == 0, r.describe().constData());
    QList<QStringList> rows;
    QString error;
    QVERIFY2(readCsv(QString::fromUtf8(r.out), &rows, &error), qPrintable(error));
    QCOMPARE(rows.size(), 11); // header + 10 strategies
    QCOMPARE(rows[0].value(2), QStringLiteral("status"));
    for (qsizetype i = 1; i < rows.size(); ++i) {
        QVERIFY2(rows[i].value(2) == QLatin1String("agree"),
                 qPrintable(rows[i].join(QLatin1Char(','))));
        QCOMPARE(rows[i].value(6), QStringLiteral("1"));
    }
}

void TestLiveScenarioCli::customScriptsOnTheUsersServer()
{
    // A user's own scripts on the user's own server: the plain-DEL release deletes the lock of
    // the client that acquired after the paused holder's lease ran out, live as simulated.
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    const QString examples =
        QStringLiteral(QT_TESTCASE_SOURCEDIR) + QStringLiteral("/../../docs/guide/examples/");
    const CliRun r = cli(
        QStringList{QStringLiteral("simulate"), QStringLiteral("--scenario"),
                    QStringLiteral("pause-after-acquire"), QStringLiteral("--acquire-script"),
                    examples + QStringLiteral("acquire.lua"), QStringLiteral("--release-script"),
                    examples + QStringLiteral("release-plain-del.lua"), QStringLiteral("--live"),
                    QStringLiteral("--redis"), QStringLiteral("127.0.0.1:%1").arg(server.port()),
                    QStringLiteral("--json")} +
        liveScale());
    QVERIFY2(r.exitCode == 0, r.describe().constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QStringLiteral("strategy")).toString(), QStringLiteral("custom"));
    const QJsonObject live = o.value(QStringLiteral("live")).toObject();
    QVERIFY(live.value(QStringLiteral("violations")).toInt() >= 1);
    QVERIFY(live.value(QStringLiteral("mistaken_deletions")).toInt() >= 1);
    QCOMPARE(o.value(QStringLiteral("agree")).toBool(), true);
    // The run's keys are gone from the user's server.
    RedisTestClient client;
    QVERIFY2(client.connect(server.host(), server.port()), qPrintable(client.errorString()));
    QCOMPARE(client.command({"DBSIZE"}).integer(), 0LL);
}

QTEST_GUILESS_MAIN(TestLiveScenarioCli)
#include "test_live_scenario_cli.moc"
