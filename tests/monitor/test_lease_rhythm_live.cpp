// Lease rhythm from a real recording: `lockscope-cli monitor --follow --record FILE` watches a
// real redis-server while two /usr/bin/python3 processes (redis-py) each hold a lock with a
// watchdog renewing it every third of its lease. The control renews on time and releases; the
// stalled one pauses past the renewal it owes (nine tenths of the lease go by), renews late,
// then stops renewing without releasing, as a process stuck at 100 % CPU would. `replay FILE
// --json` must report a late renewal and then an expiry without release on the stalled key,
// under the token that python process stored, and nothing of the kind on the control key.
#include "cli_process.h"
#include "monitor_test_support.h"
#include "time_scale.h"

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

const char *kWatchdog = R"PY(
import sys, time, uuid
import redis

port, key, mode, scale = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
lease = 3000 * scale  # ms
r = redis.Redis(host='127.0.0.1', port=port)
token = uuid.uuid4().hex
if not r.set(key, token, nx=True, px=lease):
    sys.exit('the lock was taken')
print(token, flush=True)
renew = r.register_script(
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end")
release = r.register_script(
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end")
def renew_after(ms):
    time.sleep(ms / 1000.0)
    if renew(keys=[key], args=[token, lease]) != 1:
        sys.exit('lost the lock before renewing')
for _ in range(3):
    renew_after(lease / 3)  # the watchdog's rhythm: 2/3 of the lease left each time
if mode == 'healthy':
    for _ in range(3):
        renew_after(lease / 3)
    # Work on after the last renewal, as a holder does: a release right behind it can delete
    # the key before the monitor has read the renewed TTL (seen under the sanitizers).
    time.sleep(lease / 3 / 1000.0)
    release(keys=[key], args=[token])
else:
    renew_after(lease * 0.9)  # stalled: a tenth of the lease left when it comes
    time.sleep(lease * 1.4 / 1000.0)  # stuck: no renewal, no release; the lease runs out
    if r.exists(key):
        sys.exit('the lease did not run out')
)PY";

QJsonObject lastJson(const QByteArray &text)
{
    QJsonObject last;
    for (const QByteArray &line : text.split('\n')) {
        if (!line.trimmed().isEmpty())
            last = QJsonDocument::fromJson(line).object();
    }
    return last;
}

} // namespace

class TestLeaseRhythmLive : public QObject {
    Q_OBJECT
private slots:
    void stalledWatchdogIsLateThenExpires();
};

void TestLeaseRhythmLive::stalledWatchdogIsLateThenExpires()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kg$hx")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:ready", "tokReady", "PX", "600000"}));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    const QString script = dir.filePath(QStringLiteral("watchdog.py"));
    {
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kWatchdog);
    }
    QProcess monitor;
    monitor.start(QString::fromUtf8(LOCKSCOPE_CLI),
                  {QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                   QStringLiteral("--follow"), QStringLiteral("--record"), file});
    QVERIFY(monitor.waitForStarted(5000));
    QByteArray shown;
    QTRY_VERIFY_WITH_TIMEOUT(
        (shown += monitor.readAllStandardOutput()).contains("tokReady holds lock:ready"),
        scaledMs(10000));

    auto startClient = [&](const char *key, const char *mode) {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(QStringLiteral("/usr/bin/python3"),
                 {script, QString::number(server.port()), QString::fromLatin1(key),
                  QString::fromLatin1(mode), QString::number(timeScale())});
        return p;
    };
    const auto healthy = startClient("lock:control", "healthy");
    const auto stalled = startClient("lock:stalled", "stalled");
    for (QProcess *p : {healthy.get(), stalled.get()}) {
        QVERIFY2(p->waitForStarted(5000), qPrintable(p->errorString()));
        QVERIFY(p->waitForFinished(scaledMs(30000)));
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        QCOMPARE(p->exitCode(), 0);
    }
    const QByteArray controlToken = healthy->readAllStandardOutput().trimmed();
    const QByteArray stalledToken = stalled->readAllStandardOutput().trimmed();
    QCOMPARE(controlToken.size(), 32);
    QCOMPARE(stalledToken.size(), 32);
    // The expiry seen, then the recording closed.
    QTRY_VERIFY_WITH_TIMEOUT(
        (shown += monitor.readAllStandardOutput()).contains("expired-not-released"),
        scaledMs(5000));
    QTest::qWait(scaledMs(500));
    ::kill(pid_t(monitor.processId()), SIGINT);
    QVERIFY(monitor.waitForFinished(scaledMs(10000)));
    QCOMPARE(monitor.exitCode(), 0);
    shown += monitor.readAllStandardOutput();

    const CliRun replay = runProgram(
        QString::fromUtf8(LOCKSCOPE_CLI),
        {QStringLiteral("replay"), file, QStringLiteral("--json"), QStringLiteral("--summary")},
        scaledMs(20000));
    QVERIFY2(replay.exitCode == 0, replay.describe().constData());
    const QJsonObject leases =
        lastJson(replay.out)[QStringLiteral("summary")][QStringLiteral("leases")].toObject();
    const QJsonArray findings = leases[QStringLiteral("findings")].toArray();
    QStringList stalledKinds;
    for (const QJsonValue &v : findings) {
        const QJsonObject f = v.toObject();
        const QString key = f[QStringLiteral("key")].toString();
        QVERIFY2(key != QLatin1String("lock:control"),
                 qPrintable(QStringLiteral("a finding on the healthy control: ") +
                            f[QStringLiteral("sentence")].toString()));
        if (key == QLatin1String("lock:stalled")) {
            QCOMPARE(f[QStringLiteral("owner")].toString().toUtf8(), stalledToken);
            stalledKinds << f[QStringLiteral("id")].toString();
        }
    }
    QCOMPARE(stalledKinds,
             (QStringList{QStringLiteral("late-renewal"), QStringLiteral("expired-not-released")}));
    // The late renewal's margin: a tenth of the lease was left (300 ms), minus the monitor's
    // read; a sixth (500 ms) is the threshold.
    for (const QJsonValue &v : findings) {
        const QJsonObject f = v.toObject();
        if (f[QStringLiteral("id")] == QLatin1String("late-renewal")) {
            QVERIFY(f[QStringLiteral("margin_ms")].toInt() < 500 * timeScale());
            QCOMPARE(f[QStringLiteral("lease_ms")].toInt() > 2000 * timeScale(), true);
        }
    }
    // The live monitor noted the same findings in the recording as they happened, as anomaly
    // notes on the stalled key, the late renewal first; none on the control.
    QFile recording(file);
    QVERIFY(recording.open(QIODevice::ReadOnly));
    QStringList noted;
    for (const QByteArray &line : recording.readAll().split('\n')) {
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        const QString text = e[QStringLiteral("text")].toString();
        if (!text.startsWith(QLatin1String("anomaly ")))
            continue;
        QVERIFY2(e[QStringLiteral("key")] != QLatin1String("lock:control"), qPrintable(text));
        if (e[QStringLiteral("key")] == QLatin1String("lock:stalled"))
            noted << text.section(QLatin1Char(':'), 0, 0);
    }
    QCOMPARE(noted, (QStringList{QStringLiteral("anomaly late-renewal"),
                                 QStringLiteral("anomaly expired-not-released")}));
    QVERIFY2(shown.contains("late-renewal"), shown.constData());

    // The control's rhythm as the recording shows it: six renewals, released, no expiry.
    bool controlSeen = false;
    for (const QJsonValue &v : leases[QStringLiteral("leases")].toArray()) {
        const QJsonObject s = v.toObject();
        if (s[QStringLiteral("key")] != QLatin1String("lock:control"))
            continue;
        controlSeen = true;
        QCOMPARE(s[QStringLiteral("owner")].toString().toUtf8(), controlToken);
        QCOMPARE(s[QStringLiteral("released")].toInt(), 1);
        QCOMPARE(s[QStringLiteral("expired")].toInt(), 0);
        QCOMPARE(s[QStringLiteral("renewal_interval_ms")][QStringLiteral("count")].toInt(), 6);
        // Every renewal came with about two thirds of the lease left (2,000 of 3,000 ms).
        QVERIFY(s[QStringLiteral("margin_ms")][QStringLiteral("min")].toInt() > 1000 * timeScale());
    }
    QVERIFY(controlSeen);
}

QTEST_MAIN(TestLeaseRhythmLive)
#include "test_lease_rhythm_live.moc"
