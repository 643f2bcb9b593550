// The README's minimal Redis ACL rule for the monitor, tested: a redis-server with a user that
// has exactly that rule (ACL SETUSER), and `lockscope-cli monitor` run fully as that user, a
// snapshot (--once) and a followed, recorded history in which keyspace notifications deliver
// the changes. No command the monitor sent may be refused: the server's ACL LOG stays empty and
// the monitor prints no NOPERM. A second check shows the rule is not wider than needed: the
// same user cannot write.
#include "cli_process.h"
#include "monitor_test_support.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/monitor/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

// The rule as README.md ("A Redis user for the monitor") gives it, for the default --pattern
// *lock* in database 0: reads (+@read: SCAN, TYPE, PTTL, GET, HGETALL, LRANGE, ...), INFO and
// CONFIG GET (who the server is, whether it notifies keyspace events), PSUBSCRIBE, and the one
// channel pattern it subscribes to (Redis 7 compares a PSUBSCRIBE pattern with the user's
// channel rules literally).
const QList<QByteArray> kMonitorRule{
    "resetkeys",  "~*",     "resetchannels", "&__keyspace@0__:*[lL][oO][cC][kK]*",
    "-@all",      "+@read", "+info",         "+config|get",
    "+psubscribe"};
const QByteArray kUser = "lockscope-monitor";
const QByteArray kPassword = "acl-test-Pw-5512";

QProcessEnvironment asMonitorUser()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LOCKSCOPE_AUTH"), QString::fromUtf8(kPassword));
    return env;
}

} // namespace

class TestMonitorAcl : public QObject {
    Q_OBJECT
private slots:
    void minimalRuleIsEnough();
};

void TestMonitorAcl::minimalRuleIsEnough()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KEA")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient admin;
    QVERIFY(admin.connect(server.host(), server.port()));
    Command setUser{QByteArrayLiteral("ACL"),   QByteArrayLiteral("SETUSER"), kUser,
                    QByteArrayLiteral("reset"), QByteArrayLiteral("on"),      '>' + kPassword};
    setUser += kMonitorRule;
    QCOMPARE(admin.command(setUser), Reply::ok());
    // Locks of the formats the monitor reads: a plain token, a Redisson hash with its queue.
    QCOMPARE(admin.command(cmd({"SET", "lock:a", "tokA", "PX", "60000"})), Reply::ok());
    admin.command(cmd({"HSET", "orders-lock", "8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:1", "1"}));
    admin.command(cmd({"PEXPIRE", "orders-lock", "30000"}));
    admin.command(cmd({"RPUSH", "redisson_lock_queue:{orders-lock}", "w1"}));
    QCOMPARE(admin.command(cmd({"ACL", "LOG", "RESET"})), Reply::ok());

    const QStringList as{QStringLiteral("--redis"), address(server), QStringLiteral("--user"),
                         QString::fromUtf8(kUser)};
    const CliRun once = runProgram(QString::fromUtf8(LOCKSCOPE_CLI),
                                   QStringList{QStringLiteral("monitor")} + as +
                                       QStringList{QStringLiteral("--once")},
                                   20000, asMonitorUser(), {});
    QVERIFY2(once.exitCode == 0, once.describe().constData());
    QVERIFY2(once.out.contains("lock:a") && once.out.contains("orders-lock"),
             once.describe().constData());
    // It could read whether the server notifies (CONFIG GET), so it says nothing about it.
    QVERIFY2(!once.out.contains("cannot read"), once.describe().constData());

    // --follow with notifications: the re-read interval is longer than the run, so every
    // change seen came through PSUBSCRIBE.
    QTemporaryDir dir;
    const QString recording = dir.filePath(QStringLiteral("acl.jsonl"));
    QProcess follow;
    follow.setProcessEnvironment(asMonitorUser());
    follow.start(QString::fromUtf8(LOCKSCOPE_CLI),
                 QStringList{QStringLiteral("monitor")} + as +
                     QStringList{QStringLiteral("--follow"), QStringLiteral("--duration"),
                                 QStringLiteral("3000"), QStringLiteral("--interval"),
                                 QStringLiteral("60000"), QStringLiteral("--record"), recording});
    QVERIFY(follow.waitForStarted(5000));
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += follow.readAllStandardError()).contains("watching"), 8000);
    QVERIFY2(err.contains("keyspace notifications on"), err.constData());
    admin.command(cmd({"SET", "lock:b", "tokB", "NX", "PX", "20000"}));
    QTest::qWait(200);
    admin.command(cmd({"DEL", "lock:a"}));
    QVERIFY(follow.waitForFinished(15000));
    err += follow.readAllStandardError();
    const QByteArray out = follow.readAllStandardOutput();
    QVERIFY2(follow.exitCode() == 0, QByteArray(err + out).constData());
    QVERIFY2(out.contains("tokB holds lock:b"), QByteArray(err + out).constData());
    QVERIFY2(out.contains("lock:a deleted"), QByteArray(err + out).constData());
    QFile file(recording);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray recorded = file.readAll();
    QVERIFY2(recorded.contains("lock:b") && recorded.contains("tokB"), recorded.constData());

    // Nothing it sent was refused.
    for (const QByteArray &text : {once.out, once.err, out, err}) {
        QVERIFY2(!text.contains("NOPERM"), text.constData());
        QVERIFY2(!text.contains("no permissions"), text.constData());
    }
    const Reply log = admin.command(cmd({"ACL", "LOG"}));
    QVERIFY2(log.isArray(), log.text().constData());
    QVERIFY2(log.elements().isEmpty(), "ACL LOG has entries: the monitor sent a refused command");

    // The rule is no wider than reading: the same user cannot write.
    RedisTestClient asUser;
    QVERIFY(asUser.connect(server.host(), server.port()));
    QCOMPARE(asUser.command(Command{QByteArrayLiteral("AUTH"), kUser, kPassword}), Reply::ok());
    const Reply write = asUser.command(cmd({"SET", "lock:c", "x"}));
    QVERIFY2(write.isError() && write.text().startsWith("NOPERM"), write.text().constData());
}

QTEST_GUILESS_MAIN(TestMonitorAcl)
#include "test_monitor_acl.moc"
