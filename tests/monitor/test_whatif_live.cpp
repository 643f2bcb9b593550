// What-if replay of a real recording: `lockscope-cli monitor --follow --record FILE` watches a
// real redis-server while a /usr/bin/python3 process takes redis-py Locks (SET NX PX with a
// uuid1 token, a Lua release) one after another on two keys. Then `lockscope-cli whatif`:
//  a. replayed as recorded (no fault, the strategy the format implies), the derived scenario's
//     simulation takes the same keys by the same owners, at the same instants and for as long;
//  b. with the second holder of orders:42 paused for 15 s mid-hold, set-nx-px-lua is unsafe
//     (its lease runs out, the next owner takes the lock, the paused one writes on waking) and
//     fenced loses no update;
//  c. --anonymize leaves no recorded key name or token in the scenario file or the output;
//  d. bad input (a fault, a window, a missing file) is one line on stderr and exit code 2.
#include "cli_process.h"
#include "monitor_test_support.h"
#include "time_scale.h"

#include "sim/simulation.h"
#include "sim/whatif.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <csignal>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/monitor/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

// Each hold prints "key token" once taken. Holds and gaps are long next to the monitor's
// reads (a few ms with keyspace notifications), so every change is seen on its own.
const char *kWorkload = R"PY(
import sys, time
import redis

port, scale = int(sys.argv[1]), int(sys.argv[2])
r = redis.Redis(host='127.0.0.1', port=port)
def hold(key, ttl_s, hold_s):
    lock = r.lock(key, timeout=ttl_s * scale)
    if not lock.acquire(blocking=True, blocking_timeout=5 * scale):
        sys.exit('could not take ' + key)
    print(key, lock.local.token.decode(), flush=True)
    time.sleep(hold_s * scale)
    lock.release()
    time.sleep(0.3 * scale)
hold('orders:42', 1.5, 0.4)
hold('payments:7', 3, 0.3)
hold('orders:42', 1.5, 0.5)
hold('orders:42', 1.5, 0.4)
)PY";

CliRun whatif(const QStringList &args)
{
    return runProgram(QString::fromUtf8(LOCKSCOPE_CLI),
                      QStringList{QStringLiteral("whatif")} + args, 60000);
}

QJsonObject jsonOf(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out).object();
}

// (owner, key) -> the holds' (start, length) in µs, in order.
using Holds = QMap<QPair<QByteArray, QByteArray>, QList<QPair<qint64, qint64>>>;
Holds holdsOf(const RecordedWorkload &w)
{
    Holds out;
    for (const RecordedHold &h : w.holds)
        out[{w.owners[h.owner], w.keys[h.key]}].append({h.atUs, h.holdUs});
    return out;
}

} // namespace

class TestWhatIfLive : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void replayReproducesTheRecording();
    void windowReplaysPartOfTheRecording();
    void pausedHolderIsUnsafeUnlessFenced();
    void anonymizeLeavesNoRecordedName();
    void badInputIsOneLine();

private:
    QTemporaryDir m_dir;
    QString m_file;
    QList<QByteArray> m_tokens;
    RecordedWorkload m_recorded;
};

void TestWhatIfLive::initTestCase()
{
    QVERIFY(m_dir.isValid());
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kg$hx")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:ready", "tokReady", "PX", "600000"}));

    m_file = m_dir.filePath(QStringLiteral("rec.jsonl"));
    const QString script = m_dir.filePath(QStringLiteral("workload.py"));
    {
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kWorkload);
    }
    QProcess monitor;
    monitor.start(QString::fromUtf8(LOCKSCOPE_CLI),
                  {QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                   QStringLiteral("--pattern"), QStringLiteral("*"), QStringLiteral("--follow"),
                   QStringLiteral("--record"), m_file});
    QVERIFY(monitor.waitForStarted(5000));
    QByteArray shown;
    QTRY_VERIFY_WITH_TIMEOUT(
        (shown += monitor.readAllStandardOutput()).contains("tokReady holds lock:ready"),
        scaledMs(10000));

    QProcess workload;
    workload.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    workload.start(QStringLiteral("/usr/bin/python3"),
                   {script, QString::number(server.port()), QString::number(timeScale())});
    QVERIFY2(workload.waitForStarted(5000), qPrintable(workload.errorString()));
    QVERIFY(workload.waitForFinished(scaledMs(30000)));
    QCOMPARE(workload.exitStatus(), QProcess::NormalExit);
    QCOMPARE(workload.exitCode(), 0);
    for (const QByteArray &line : workload.readAllStandardOutput().split('\n')) {
        if (!line.trimmed().isEmpty())
            m_tokens << line.trimmed().split(' ').last();
    }
    QCOMPARE(m_tokens.size(), 4);
    QTest::qWait(scaledMs(500)); // the last release reaches the recording
    ::kill(pid_t(monitor.processId()), SIGINT);
    QVERIFY(monitor.waitForFinished(scaledMs(10000)));
    QCOMPARE(monitor.exitCode(), 0);

    QFile f(m_file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    EventLog log;
    QString error;
    QVERIFY2(EventLog::readJsonLines(f, &log, &error), qPrintable(error));
    QVERIFY2(deriveWorkload(log, {}, &m_recorded, &error), qPrintable(error));
    // The recording itself: the four holds, by the tokens the python process printed.
    QCOMPARE(m_recorded.owners, m_tokens);
    QCOMPARE(m_recorded.holdsEndedBy(RecordedHold::End::Released), 4);
}

void TestWhatIfLive::replayReproducesTheRecording()
{
    const QString scenarioFile = m_dir.filePath(QStringLiteral("replay.json"));
    const CliRun run = whatif({QStringLiteral("--recording"), m_file, QStringLiteral("--json"),
                               QStringLiteral("--scenario-out"), scenarioFile});
    QVERIFY2(run.exitCode == 0, run.describe().constData());
    const QJsonObject o = jsonOf(run);
    const QJsonObject rec = o[QStringLiteral("recording")].toObject();
    QCOMPARE(rec[QStringLiteral("format")].toString(), QStringLiteral("redis-py"));
    QCOMPARE(rec[QStringLiteral("implied_strategy")].toString(), QStringLiteral("set-nx-px-lua"));
    QCOMPARE(rec[QStringLiteral("acquisitions")].toInt(), 4);
    // The derived workload, hold by hold: who, which key, released (no renewal by redis-py).
    const QJsonArray holds = o[QStringLiteral("holds")].toArray();
    QCOMPARE(holds.size(), 4);
    const QStringList keys = {QStringLiteral("orders:42"), QStringLiteral("payments:7"),
                              QStringLiteral("orders:42"), QStringLiteral("orders:42")};
    for (int i = 0; i < 4; ++i) {
        const QJsonObject h = holds[i].toObject();
        QCOMPARE(h[QStringLiteral("owner")].toString().toUtf8(), m_tokens[i]);
        QCOMPARE(h[QStringLiteral("key")].toString(), keys[i]);
        QCOMPARE(h[QStringLiteral("end")].toString(), QStringLiteral("released"));
        QCOMPARE(h[QStringLiteral("renewals")].toInt(), 0);
        QCOMPARE(qRound64(h[QStringLiteral("hold_ms")].toDouble() * 1000),
                 m_recorded.holds[std::size_t(i)].holdUs);
    }
    const QJsonObject asRecorded = o[QStringLiteral("as_recorded")].toObject();
    QCOMPARE(asRecorded[QStringLiteral("acquisitions")].toInt(), 4);
    QCOMPARE(asRecorded[QStringLiteral("expiries")].toInt(), 0);
    const QJsonArray rows = o[QStringLiteral("strategies")].toArray();
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows[0].toObject();
    QCOMPARE(row[QStringLiteral("strategy")].toString(), QStringLiteral("set-nx-px-lua"));
    QCOMPARE(row[QStringLiteral("verdict")].toString(), QStringLiteral("safe"));
    QCOMPARE(row[QStringLiteral("checker")][QStringLiteral("acquisitions")].toInt(), 4);

    // The scenario file as the window would open it, run as `simulate` runs it: the same
    // owners take the same keys, at the same instants and for as long, within 1 ms (the
    // recording is stamped when the monitor reads a change, about a millisecond after it with
    // keyspace notifications; the replay itself lands within microseconds).
    Scenario s;
    QString error;
    QVERIFY2(loadScenarioFile(scenarioFile, &s, &error), qPrintable(error));
    SimulationConfig config;
    config.scenario = s;
    config.strategyId = QStringLiteral("set-nx-px-lua");
    const SimulationResult r = runSimulation(config);
    QVERIFY2(r.ok, qPrintable(r.error));
    RecordedWorkload replayed;
    QVERIFY2(deriveWorkload(*r.log, {}, &replayed, &error), qPrintable(error));
    const Holds want = holdsOf(m_recorded), got = holdsOf(replayed);
    QCOMPARE(got.keys(), want.keys());
    for (auto it = want.cbegin(); it != want.cend(); ++it) {
        const auto &g = got.value(it.key());
        QCOMPARE(g.size(), it.value().size());
        for (qsizetype i = 0; i < g.size(); ++i) {
            const qint64 atDiff = g[i].first + replayed.startUs - it.value()[i].first;
            const qint64 holdDiff = g[i].second - it.value()[i].second;
            QVERIFY2(qAbs(atDiff) <= 1000 && qAbs(holdDiff) <= 1000,
                     qPrintable(QStringLiteral("%1 on %2: start off by %3 us, hold by %4 us")
                                    .arg(QString::fromLatin1(it.key().first),
                                         QString::fromLatin1(it.key().second))
                                    .arg(atDiff)
                                    .arg(holdDiff)));
        }
    }
}

void TestWhatIfLive::windowReplaysPartOfTheRecording()
{
    // From 50 ms before the second acquisition to 10 ms after the third: those two alone, by
    // their owners, with the window's start as time 0.
    const qint64 fromUs = m_recorded.holds[1].atUs - 50000;
    const qint64 toUs = m_recorded.holds[2].atUs + 10000;
    const QString scenarioFile = m_dir.filePath(QStringLiteral("window.json"));
    const CliRun run =
        whatif({QStringLiteral("--recording"), m_file, QStringLiteral("--from"),
                QStringLiteral("%1ms").arg(double(fromUs) / 1000, 0, 'f', 3),
                QStringLiteral("--to"), QStringLiteral("%1ms").arg(double(toUs) / 1000, 0, 'f', 3),
                QStringLiteral("--scenario-out"), scenarioFile, QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, run.describe().constData());
    const QJsonObject rec = jsonOf(run)[QStringLiteral("recording")].toObject();
    QCOMPARE(rec[QStringLiteral("acquisitions")].toInt(), 2);
    // --json prints three decimals: the millisecond.
    QVERIFY(qAbs(qRound64(rec[QStringLiteral("from_s")].toDouble() * 1e6) - fromUs) <= 500);
    Scenario s;
    QString error;
    QVERIFY2(loadScenarioFile(scenarioFile, &s, &error), qPrintable(error));
    QCOMPARE(s.clients.size(), qsizetype(2));
    QCOMPARE(s.clients[0].name.toUtf8(), m_tokens[1]);
    QCOMPARE(s.clients[1].name.toUtf8(), m_tokens[2]);
    const qint64 hop = qint64(s.latencyMs * 1000);
    QCOMPARE(s.clients[0].schedule[0].atUs, 50000 - hop);
    QCOMPARE(s.clients[0].schedule[0].holdUs, m_recorded.holds[1].holdUs);
}

void TestWhatIfLive::pausedHolderIsUnsafeUnlessFenced()
{
    // The second hold of orders:42, paused halfway through for 15 s: its 1.5 s lease runs out,
    // the third holder takes the lock, and the paused one writes what it read before.
    const RecordedHold *second = nullptr;
    int seen = 0;
    for (const RecordedHold &h : m_recorded.holds) {
        if (m_recorded.keys[h.key] == "orders:42" && ++seen == 2)
            second = &h;
    }
    QVERIFY(second);
    // Seconds since the recording's first event: the deriver's start is that event.
    // Ten leases long, whatever the time scale stretched them to.
    const QString fault = QStringLiteral("pause@%1s+%2s")
                              .arg(double(second->atUs + second->holdUs / 2) / 1e6, 0, 'f', 3)
                              .arg(15 * timeScale());
    const CliRun run = whatif({QStringLiteral("--recording"), m_file, QStringLiteral("--json"),
                               QStringLiteral("--fault"), fault, QStringLiteral("--strategy"),
                               QStringLiteral("set-nx-px-lua"), QStringLiteral("--strategy"),
                               QStringLiteral("fenced")});
    QVERIFY2(run.exitCode == 0, run.describe().constData());
    const QJsonObject o = jsonOf(run);
    const QJsonArray faults = o[QStringLiteral("faults")].toArray();
    QCOMPARE(faults.size(), 1);
    QCOMPARE(faults[0][QStringLiteral("client")].toString().toUtf8(), m_tokens[2]);
    QCOMPARE(faults[0][QStringLiteral("key")].toString(), QStringLiteral("orders:42"));
    const QJsonArray rows = o[QStringLiteral("strategies")].toArray();
    QCOMPARE(rows.size(), 2);
    const QJsonObject lua = rows[0].toObject(), fenced = rows[1].toObject();
    QCOMPARE(lua[QStringLiteral("strategy")].toString(), QStringLiteral("set-nx-px-lua"));
    QCOMPARE(lua[QStringLiteral("verdict")].toString(), QStringLiteral("unsafe"));
    QVERIFY(lua[QStringLiteral("checker")][QStringLiteral("lost_updates")].toInt() > 0);
    QCOMPARE(fenced[QStringLiteral("strategy")].toString(), QStringLiteral("fenced"));
    QCOMPARE(fenced[QStringLiteral("checker")][QStringLiteral("lost_updates")].toInt(), 0);
    QVERIFY(fenced[QStringLiteral("checker")][QStringLiteral("stale_writes_rejected")].toInt() > 0);

    // The text table names both verdicts.
    const CliRun text = whatif({QStringLiteral("--recording"), m_file, QStringLiteral("--fault"),
                                fault, QStringLiteral("--all-strategies")});
    QVERIFY2(text.exitCode == 0, text.describe().constData());
    QVERIFY2(text.out.contains("as recorded"), text.out.constData());
    QVERIFY2(text.out.contains("UNSAFE"), text.out.constData());
    QVERIFY2(text.out.contains("fenced"), text.out.constData());
}

void TestWhatIfLive::anonymizeLeavesNoRecordedName()
{
    // A fault too, so that the output names a client and a key.
    const RecordedHold &first = m_recorded.holds.front();
    const QString fault =
        QStringLiteral("pause@%1s+5s").arg(double(first.atUs + first.holdUs / 2) / 1e6, 0, 'f', 3);
    const QString scenarioFile = m_dir.filePath(QStringLiteral("anon.json"));
    const CliRun run =
        whatif({QStringLiteral("--recording"), m_file, QStringLiteral("--anonymize"),
                QStringLiteral("--scenario-out"), scenarioFile, QStringLiteral("--fault"), fault});
    QVERIFY2(run.exitCode == 0, run.describe().constData());
    QFile f(scenarioFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray written = f.readAll();
    QList<QByteArray> secrets = m_tokens;
    secrets << "orders:42"
            << "payments:7"
            << "orders"
            << "payments"
            << "rec.jsonl";
    for (const QByteArray &secret : std::as_const(secrets)) {
        QVERIFY2(!written.contains(secret), secret.constData());
        QVERIFY2(!run.out.contains(secret) || secret == "rec.jsonl", secret.constData());
    }
    QVERIFY(written.contains("\"key-1\""));
    QVERIFY(written.contains("\"owner-1\""));
    Scenario s;
    QString error;
    QVERIFY2(loadScenarioFile(scenarioFile, &s, &error), qPrintable(error));
    QCOMPARE(s.clients.size(), qsizetype(4));
}

void TestWhatIfLive::badInputIsOneLine()
{
    const QString missing = m_dir.filePath(QStringLiteral("missing.jsonl"));
    const QList<QPair<QStringList, QByteArray>> cases = {
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--fault"),
          QStringLiteral("pause@soon+1s")},
         "\"soon\" is not a time"},
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--fault"),
          QStringLiteral("meteor@1s")},
         "unknown fault \"meteor\""},
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--fault"),
          QStringLiteral("pause@1s")},
         "a pause needs its length"},
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--from"), QStringLiteral("3s"),
          QStringLiteral("--to"), QStringLiteral("1s")},
         "--to 1s must be after --from 3s"},
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--from"), QStringLiteral("x")},
         "--from: \"x\" is not a time"},
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--from"), QStringLiteral("1h")},
         "--from: \"1h\" is not a time"},
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--from"), QStringLiteral("3600s")},
         "is past the recording's end"},
        {{QStringLiteral("--recording"), missing}, "cannot read"},
        {{}, "whatif needs --recording FILE"},
        {{QStringLiteral("--recording"), m_file, QStringLiteral("--strategy"),
          QStringLiteral("nope")},
         "unknown strategy \"nope\""},
    };
    for (const auto &[args, part] : cases) {
        const CliRun run = whatif(args);
        const QByteArray what = args.join(QLatin1Char(' ')).toUtf8() + ": " + run.describe();
        QVERIFY2(run.exitCode == 2, what.constData());
        QVERIFY2(run.out.isEmpty(), what.constData());
        QCOMPARE(run.err.count('\n'), 1); // one line
        QVERIFY2(run.err.contains(part), what.constData());
    }
}

QTEST_GUILESS_MAIN(TestWhatIfLive)
#include "test_whatif_live.moc"
