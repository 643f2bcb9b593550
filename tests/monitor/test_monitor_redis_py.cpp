// Real clients that no one here wrote: several /usr/bin/python3 processes contend for one lock
// with redis-py's Lock (Debian's python3-redis) and log every acquisition and release with the
// token redis-py stored (lock.local.token) and a timestamp. The history LockScope records
// (keyspace notifications on, with the minimal flags) must match what they logged,
// acquisition for acquisition, and survive a round trip through a JSON Lines recording.
#include "monitor/key_monitor.h"
#include "monitor/monitor_run.h"
#include "monitor_test_support.h"
#include "time_scale.h"

#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QProcess>

#include <algorithm>

using namespace lockscope;
using namespace lockscope::test;

namespace {

const char *kClient = R"PY(
import random, sys, time
import redis

port, key, rounds, out = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
start = float(sys.argv[5])
# A hold must outlast the monitor's read of the new value: longer when the monitor runs
# several times slower (a sanitizer build; tests/support/time_scale.h).
scale = int(sys.argv[6])
r = redis.Redis(host='127.0.0.1', port=port)
r.ping()
# Every client starts contending at the same moment, once all of them are up.
time.sleep(max(0.0, start - time.time()))
with open(out, 'w') as log:
    for _ in range(rounds):
        lock = r.lock(key, timeout=10, sleep=0.002, blocking_timeout=60)
        if not lock.acquire():
            sys.exit('gave up waiting for the lock')
        token = lock.local.token.decode()
        log.write('acquired %s %.6f\n' % (token, time.time()))
        log.flush()
        time.sleep(random.uniform(0.02, 0.05) * scale)
        released_at = time.time()
        lock.release()
        log.write('released %s %.6f\n' % (token, released_at))
        log.flush()
        time.sleep(random.uniform(0.0, 0.01))
)PY";

struct Logged {
    double time;
    QString what; // "acquired <token>" / "released <token>"
};

} // namespace

class TestMonitorRedisPy : public QObject {
    Q_OBJECT
private slots:
    void historyMatchesTheClientsLogs();
};

void TestMonitorRedisPy::historyMatchesTheClientsLogs()
{
    constexpr int kClients = 4, kRounds = 8;
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kg$hx")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    KeyMonitor monitor(monitorOptions(server));
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 10000, &error), qPrintable(error));
    QCOMPARE(monitor.notifyMode(), KeyMonitor::NotifyMode::On);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString script = dir.filePath(QStringLiteral("client.py"));
    {
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kClient);
    }
    std::vector<std::unique_ptr<QProcess>> clients;
    const QString start =
        QString::number(double(QDateTime::currentMSecsSinceEpoch()) / 1000.0 + 2.0, 'f', 3);
    for (int i = 0; i < kClients; ++i) {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(QStringLiteral("/usr/bin/python3"),
                 {script, QString::number(server.port()), QStringLiteral("lock:py"),
                  QString::number(kRounds), dir.filePath(QStringLiteral("client%1.log").arg(i)),
                  start, QString::number(timeScale())});
        QVERIFY2(p->waitForStarted(5000), qPrintable(p->errorString()));
        clients.push_back(std::move(p));
    }
    // The monitor runs on this thread's event loop while the clients work.
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(clients.begin(), clients.end(),
                    [](const auto &p) { return p->state() == QProcess::NotRunning; }),
        scaledMs(60000));
    for (const auto &p : clients)
        QCOMPARE(p->exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!monitor.entry("lock:py") && !monitor.tracker().hasUnexplainedOps(),
                             3000);
    QTest::qWait(50);

    // What the clients logged, in time order (the lock serialises them).
    QList<Logged> logged;
    for (int i = 0; i < kClients; ++i) {
        QFile f(dir.filePath(QStringLiteral("client%1.log").arg(i)));
        QVERIFY(f.open(QIODevice::ReadOnly));
        for (const QByteArray &line : f.readAll().split('\n')) {
            const QList<QByteArray> parts = line.split(' ');
            if (parts.size() == 3)
                logged.append({parts[2].toDouble(), QString::fromUtf8(parts[0] + ' ' + parts[1])});
        }
    }
    QCOMPARE(logged.size(), 2 * kClients * kRounds);
    std::sort(logged.begin(), logged.end(),
              [](const Logged &a, const Logged &b) { return a.time < b.time; });
    QStringList expected;
    for (const Logged &l : logged)
        expected << l.what;

    // What LockScope recorded: acquisitions (Acquired) and releases (KeyDeleted), owner = token.
    auto recorded = [](const EventLog &log) {
        QStringList out;
        const quint32 key = log.strings().find("lock:py");
        for (const Event &e : log.events()) {
            if (e.key != key)
                continue;
            if (e.kind == EventKind::Acquired)
                out << QStringLiteral("acquired ") + QString::fromUtf8(log.clientName(e.client));
            else if (e.kind == EventKind::KeyDeleted)
                out << QStringLiteral("released ") + QString::fromUtf8(log.clientName(e.owner));
        }
        return out;
    };
    const EventLog &log = monitor.log();
    const QStringList got = recorded(log);
    if (got != expected) {
        for (qsizetype i = 0; i < qMax(got.size(), expected.size()); ++i)
            qWarning("%3s %-45s %s", got.value(i) == expected.value(i) ? "" : "!!",
                     qPrintable(expected.value(i)), qPrintable(got.value(i)));
        for (const Event &e : log.events())
            qWarning("%s", log.eventToJson(e).constData());
    }
    QCOMPARE(got, expected);
    QCOMPARE(countKind(log, EventKind::KeyExpired), 0);
    QCOMPARE(monitor.tracker().unreadWrites(), qint64(0));
    for (const Event &e : log.events())
        QVERIFY(e.kind != EventKind::Note || !log.strings().at(e.text).startsWith("took over"));

    // The recording reads back with the same history.
    QBuffer file;
    file.open(QIODevice::WriteOnly);
    log.writeJsonLines(file);
    QBuffer in(&file.buffer());
    in.open(QIODevice::ReadOnly);
    EventLog back;
    QVERIFY2(EventLog::readJsonLines(in, &back, &error), qPrintable(error));
    QCOMPARE(back.info().source, QStringLiteral("monitor"));
    QCOMPARE(recorded(back), expected);
}

QTEST_GUILESS_MAIN(TestMonitorRedisPy)
#include "test_monitor_redis_py.moc"
