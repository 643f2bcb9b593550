// The window's monitor page against real redis-server processes (offscreen): profiles saved
// without their password; keys of several formats found and decoded, TTLs counting down in the
// table; the read-only badge, and force-release refused while read-only (the server's own
// command statistics show no DEL and no CONFIG SET); with writes allowed and the confirmation
// accepted, force-release deletes exactly that key and the notifications button sends the exact
// CONFIG SET; a server killed mid-session is reported and the page recovers when it is back;
// bad profile input gets one message naming the field; a recording opens in the same view.
#include "../monitor/monitor_test_support.h"
#include "key_table_model.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_history.h"
#include "monitor/monitor_page.h"
#include "monitor/monitor_recorder.h"
#include "run_data.h"
#include "timeline_widget.h"

#include <QApplication>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>

using namespace lockscope;
using namespace lockscope::test;
using namespace lockscope::ui;

namespace {

const QByteArray kRedisson = QByteArrayLiteral("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f");
const QByteArray kPyToken = QByteArrayLiteral("55fd200007b211ef92340242ac110002");

ConnectionProfile profileFor(const RedisServer &server, bool allowWrites = false)
{
    ConnectionProfile p;
    p.name = QStringLiteral("test");
    p.host = server.host();
    p.port = server.port();
    p.allowWrites = allowWrites;
    return p;
}

void writeLocks(RedisTestClient &c)
{
    c.command(cmd({"SET", "lock:py", kPyToken, "PX", "30000"}));
    c.command(cmd({"HSET", "orders-lock", kRedisson + ":1", "2"}));
    c.command(cmd({"PEXPIRE", "orders-lock", "40000"}));
    c.command(cmd({"SET", "lock:ls", "A:3:0badc0de", "PX", "50000"}));
    c.command(cmd({"SET", "lock:redsync", "AAECAwQFBgcICQoLDA0ODw==", "PX", "20000"}));
    c.command(cmd({"SET", "lock:legacy", "host-7/pid-4411"})); // no TTL: an anomaly
    c.command(cmd({"SET", "session:1", "not a lock"}));
}

int rowOf(const KeyTableModel *model, const QString &key)
{
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->rowAt(r).keyName == key)
            return r;
    }
    return -1;
}

QString cell(const KeyTableModel *model, int row, int column)
{
    return model->index(row, column).data().toString();
}

// A page with tests' dialogs: messages are collected, confirmations answered by `answer`.
struct PageFixture {
    explicit PageFixture(bool confirmAnswer = false)
        : answer(confirmAnswer)
    {
        page.setSettings(std::make_shared<QSettings>(dir.filePath(QStringLiteral("s.ini")),
                                                     QSettings::IniFormat));
        page.setMessageHandler([this](const QString &, const QString &text) { messages << text; });
        page.setConfirmHandler([this](const QString &, const QString &text) {
            confirmations << text;
            return answer;
        });
        page.setOptionsHook([](MonitorOptions &o) {
            o.connection.connectTimeoutMs = 2000;
            o.connection.requestTimeoutMs = 2000;
            o.connection.reconnectMinMs = 50;
            o.connection.reconnectMaxMs = 300;
            o.rereadIntervalMs = 150;
            o.ttlResyncIntervalMs = 500;
            o.rescanIntervalMs = 500;
            o.anomalyIntervalMs = 200;
        });
        page.resize(1400, 900);
        page.show();
    }
    bool connectAndScan(const ConnectionProfile &p)
    {
        QSignalSpy scanned(&page, &MonitorPage::initialScanFinished);
        QString error;
        if (!page.connectProfile(p, &error)) {
            qWarning("%s", qPrintable(error));
            return false;
        }
        return scanned.wait(10000);
    }
    QTemporaryDir dir;
    bool answer;
    QStringList messages;
    QStringList confirmations;
    MonitorPage page; // last: destroyed first, before what its handlers use
};

} // namespace

class TestMonitorPage : public QObject {
    Q_OBJECT
private slots:
    void profilesAreSavedWithoutPassword();
    void findsDecodesAndCountsDown();
    void readOnlyRefusesWrites();
    void writesAllowedWithConfirmation();
    void serverKilledMidSession();
    void badInputNamesTheField();
    void recordingOpensInTheSameView();
};

void TestMonitorPage::profilesAreSavedWithoutPassword()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("settings.ini"));
    ConnectionProfile p;
    p.name = QStringLiteral("prod");
    p.host = QStringLiteral("10.9.8.7");
    p.port = 6390;
    p.username = QStringLiteral("ops");
    p.password = QStringLiteral("Tr0ub4dor-and-3");
    p.pattern = QStringLiteral("locks:*");
    {
        MonitorPage page;
        page.setSettings(std::make_shared<QSettings>(path, QSettings::IniFormat));
        QString error;
        QVERIFY2(page.saveProfile(p, &error), qPrintable(error));
    }
    QFile raw(path);
    QVERIFY(raw.open(QIODevice::ReadOnly));
    const QByteArray text = raw.readAll();
    QVERIFY2(text.contains("10.9.8.7"), text.constData());
    QVERIFY2(!text.contains("Tr0ub4dor"), text.constData());

    MonitorPage again;
    again.setSettings(std::make_shared<QSettings>(path, QSettings::IniFormat));
    QCOMPARE(again.profiles().size(), 1);
    const ConnectionProfile back = again.profiles().front();
    QCOMPARE(back.host, QStringLiteral("10.9.8.7"));
    QCOMPARE(back.port, 6390);
    QCOMPARE(back.username, QStringLiteral("ops"));
    QCOMPARE(back.pattern, QStringLiteral("locks:*"));
    QVERIFY(back.password.isEmpty());
    QVERIFY(back.hasPassword);
    QVERIFY(!back.allowWrites);
    QCOMPARE(again.badgeText(), QStringLiteral("Read-only"));
}

void TestMonitorPage::findsDecodesAndCountsDown()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    writeLocks(c);

    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));
    KeyTableModel *model = f.page.keyModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 5, 3000); // *lock*: not session:1

    const int py = rowOf(model, QStringLiteral("lock:py"));
    const int rs = rowOf(model, QStringLiteral("orders-lock"));
    const int ls = rowOf(model, QStringLiteral("lock:ls"));
    QVERIFY(py >= 0 && rs >= 0 && ls >= 0);
    QCOMPARE(cell(model, py, KeyTableModel::OwnerColumn), QString::fromLatin1(kPyToken));
    QCOMPARE(cell(model, py, KeyTableModel::TypeColumn), QStringLiteral("redis-py Lock"));
    QCOMPARE(cell(model, rs, KeyTableModel::TypeColumn), QStringLiteral("Redisson RLock"));
    QCOMPARE(cell(model, rs, KeyTableModel::HoldsColumn), QStringLiteral("2"));
    QCOMPARE(cell(model, rs, KeyTableModel::OwnerColumn), QString::fromLatin1(kRedisson + ":1"));
    QCOMPARE(cell(model, ls, KeyTableModel::TypeColumn), QStringLiteral("LockScope lock"));
    QCOMPARE(cell(model, rowOf(model, QStringLiteral("lock:legacy")), KeyTableModel::TtlColumn),
             QStringLiteral("no TTL"));

    // The details pane: owner split into process and thread, the hold count.
    f.page.selectKey("orders-lock");
    const QString details = f.page.detailsText();
    QVERIFY2(details.contains(QStringLiteral("Hold count")), qPrintable(details));
    QVERIFY2(details.contains(QString::fromLatin1(kRedisson)), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Thread")), qPrintable(details));

    // TTLs count down locally (no writes happen on the server meanwhile).
    const qint64 ttl0 = model->index(py, KeyTableModel::TtlColumn)
                            .data(KeyTableModel::TtlRemainingRole)
                            .toLongLong();
    QVERIFY2(ttl0 > 25000 && ttl0 <= 30000, qPrintable(QString::number(ttl0)));
    QTest::qWait(1200);
    const qint64 ttl1 = model->index(py, KeyTableModel::TtlColumn)
                            .data(KeyTableModel::TtlRemainingRole)
                            .toLongLong();
    QVERIFY2(ttl0 - ttl1 >= 900 && ttl0 - ttl1 <= 2500,
             qPrintable(QStringLiteral("%1 -> %2").arg(ttl0).arg(ttl1)));

    // The anomaly of the key without TTL is listed as a sentence.
    QTRY_VERIFY_WITH_TIMEOUT(f.page.anomalyList()->count() >= 1, 3000);
    bool noTtl = false;
    for (int i = 0; i < f.page.anomalyList()->count(); ++i)
        noTtl = noTtl ||
                (f.page.anomalyList()->item(i)->data(Qt::UserRole).toByteArray() == "lock:legacy" &&
                 f.page.anomalyList()->item(i)->text().contains(QStringLiteral("TTL")));
    QVERIFY(noTtl);

    // A new lock appears, a released one shows as not held; the history timeline has them.
    c.command(cmd({"SET", "lock:new", "B:1:00000001", "PX", "30000"}));
    c.command(cmd({"DEL", "lock:ls"}));
    QTRY_VERIFY_WITH_TIMEOUT(rowOf(model, QStringLiteral("lock:new")) >= 0, 3000);
    QTRY_COMPARE_WITH_TIMEOUT(cell(model, ls, KeyTableModel::TtlColumn), QStringLiteral("not held"),
                              3000);
    QTRY_VERIFY_WITH_TIMEOUT(
        f.page.history()->run() &&
            f.page.history()->run()->keyLaneOf(
                f.page.history()->run()->log().strings().find("lock:new"), 0) >= 0,
        5000);
    QVERIFY(f.messages.isEmpty());
}

void TestMonitorPage::readOnlyRefusesWrites()
{
    RedisServer server; // notifications off (the default)
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    writeLocks(c);

    PageFixture f(true); // a confirmation would be accepted: it must not even be asked
    QVERIFY(f.connectAndScan(profileFor(server, false)));
    QCOMPARE(f.page.badgeText(), QStringLiteral("Read-only"));
    // Notifications are off: the banner says so with the exact command.
    QTRY_VERIFY_WITH_TIMEOUT(!f.page.notificationText().isEmpty(), 3000);
    QVERIFY2(f.page.notificationText().contains(
                 QStringLiteral("CONFIG SET notify-keyspace-events ") +
                 QString::fromUtf8(f.page.monitor()->notifyConfig().enablingValue())),
             qPrintable(f.page.notificationText()));

    QString error;
    QVERIFY(!f.page.forceRelease("lock:py", &error));
    QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
    QVERIFY(!f.page.enableNotifications(&error));
    QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
    QVERIFY(f.confirmations.isEmpty());
    QTest::qWait(300);

    const auto stats = commandStats(c);
    QVERIFY2(!stats.contains("del"), "DEL reached the server");
    QVERIFY2(!stats.contains("config|set"), "CONFIG SET reached the server");
    QVERIFY(stats.value("scan") > 0); // the statistics do count the monitor's commands
    QCOMPARE(c.command(cmd({"EXISTS", "lock:py"})).integer(), qint64(1));
}

void TestMonitorPage::writesAllowedWithConfirmation()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    writeLocks(c);

    PageFixture f(false); // first: the user cancels
    QVERIFY(f.connectAndScan(profileFor(server, true)));
    QCOMPARE(f.page.badgeText(), QStringLiteral("Writes allowed"));
    QString error;
    QVERIFY(!f.page.forceRelease("lock:py", &error));
    QCOMPARE(f.confirmations.size(), 1);
    const QString serverName = QStringLiteral("%1:%2").arg(server.host()).arg(server.port());
    QVERIFY2(f.confirmations[0].contains(QStringLiteral("lock:py")),
             qPrintable(f.confirmations[0]));
    QVERIFY2(f.confirmations[0].contains(serverName), qPrintable(f.confirmations[0]));
    QTest::qWait(200);
    QVERIFY(!commandStats(c).contains("del"));

    f.answer = true; // now confirmed
    QSignalSpy done(&f.page, &MonitorPage::writeFinished);
    QVERIFY2(f.page.forceRelease("lock:py", &error), qPrintable(error));
    QVERIFY(done.wait(5000));
    QVERIFY2(done[0][0].toBool(), qPrintable(done[0][1].toString()));
    QCOMPARE(c.command(cmd({"EXISTS", "lock:py"})).integer(), qint64(0));
    QCOMPARE(c.command(cmd({"EXISTS", "orders-lock", "lock:ls", "lock:redsync", "lock:legacy"}))
                 .integer(),
             qint64(4));
    QCOMPARE(commandStats(c).value("del"), qint64(1));

    // Notifications: the exact command the banner shows, after a confirmation naming it.
    QTRY_VERIFY_WITH_TIMEOUT(!f.page.notificationText().isEmpty(), 3000);
    const QString command = QString::fromUtf8(f.page.monitor()->enableNotificationsCommand());
    QVERIFY(command.startsWith(QStringLiteral("CONFIG SET notify-keyspace-events ")));
    done.clear();
    QVERIFY2(f.page.enableNotifications(&error), qPrintable(error));
    QVERIFY2(f.confirmations.last().contains(command), qPrintable(f.confirmations.last()));
    QVERIFY(done.wait(5000));
    QVERIFY2(done[0][0].toBool(), qPrintable(done[0][1].toString()));
    const Reply flags = c.command(cmd({"CONFIG", "GET", "notify-keyspace-events"}));
    QCOMPARE(NotifyConfig::parse(flags.elements().value(1).text()).coversMonitor(), true);
    QTRY_VERIFY_WITH_TIMEOUT(f.page.notificationText().isEmpty(), 3000);
}

void TestMonitorPage::serverKilledMidSession()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    {
        RedisTestClient c;
        QVERIFY(c.connect(server.host(), server.port()));
        writeLocks(c);
    }
    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));
    const int rows = f.page.keyModel()->rowCount();
    QVERIFY(rows >= 5);

    server.kill();
    QTRY_VERIFY_WITH_TIMEOUT(f.page.statusText().contains(QStringLiteral("Lost the connection")),
                             5000);
    QCOMPARE(f.page.keyModel()->rowCount(), rows); // what was seen stays
    QTest::qWait(300);
    QApplication::processEvents();

    QVERIFY2(server.start(), qPrintable(server.errorString())); // same port, empty
    QTRY_VERIFY_WITH_TIMEOUT(f.page.statusText().startsWith(QStringLiteral("Watching")), 10000);
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:after", "C:1:00000002", "PX", "30000"}));
    QTRY_VERIFY_WITH_TIMEOUT(rowOf(f.page.keyModel(), QStringLiteral("lock:after")) >= 0, 5000);
    // The restart emptied the server: the old keys show as not held.
    const int py = rowOf(f.page.keyModel(), QStringLiteral("lock:py"));
    QTRY_COMPARE_WITH_TIMEOUT(cell(f.page.keyModel(), py, KeyTableModel::TtlColumn),
                              QStringLiteral("not held"), 5000);
    QVERIFY(f.messages.isEmpty());
}

void TestMonitorPage::badInputNamesTheField()
{
    PageFixture f;
    ConnectionProfile p;
    p.name = QStringLiteral("bad");
    p.host.clear();
    QString error;
    QVERIFY(!f.page.connectProfile(p, &error));
    QCOMPARE(f.messages.size(), 1);
    QVERIFY2(f.messages[0].startsWith(QStringLiteral("Host:")), qPrintable(f.messages[0]));

    p.host = QStringLiteral("127.0.0.1");
    p.port = 70000;
    QVERIFY(!f.page.connectProfile(p, &error));
    QCOMPARE(f.messages.size(), 2);
    QVERIFY2(f.messages[1].startsWith(QStringLiteral("Port:")), qPrintable(f.messages[1]));
    QVERIFY(f.messages[1].contains(QStringLiteral("70000")));

    p.port = 6379;
    p.tls = true;
    p.caFile = f.dir.filePath(QStringLiteral("no-such-ca.pem"));
    QVERIFY(!f.page.connectProfile(p, &error));
    QCOMPARE(f.messages.size(), 3);
    QVERIFY2(f.messages[2].startsWith(QStringLiteral("CA file:")), qPrintable(f.messages[2]));
    QVERIFY(f.messages[2].contains(QStringLiteral("no-such-ca.pem")));
    QVERIFY(!f.page.monitor()); // nothing was started
    QVERIFY(!f.page.saveProfile(p, &error));
    QVERIFY(f.page.profiles().isEmpty());
}

void TestMonitorPage::recordingOpensInTheSameView()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kg$hx")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    writeLocks(c);

    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));
    const QString file = f.dir.filePath(QStringLiteral("session.jsonl"));
    QString error;
    QVERIFY2(f.page.startRecording(file, &error), qPrintable(error));
    c.command(cmd({"SET", "lock:rec", "D:1:00000003", "PX", "30000"}));
    QTRY_VERIFY_WITH_TIMEOUT(rowOf(f.page.keyModel(), QStringLiteral("lock:rec")) >= 0, 3000);
    c.command(cmd({"DEL", "lock:rec"}));
    QTRY_VERIFY_WITH_TIMEOUT(countKind(f.page.monitor()->log(), EventKind::Released) >= 1, 3000);
    f.page.stopRecording();
    f.page.stop();

    QVERIFY2(f.page.openRecording(file, &error), qPrintable(error));
    QVERIFY(f.page.isReplaying());
    QVERIFY(!f.page.monitor());
    const auto run = f.page.history()->run();
    QVERIFY(run);
    QVERIFY(countKind(run->log(), EventKind::Released) >= 1);
    QVERIFY(rowOf(f.page.keyModel(), QStringLiteral("lock:rec")) >= 0);
    QVERIFY(rowOf(f.page.keyModel(), QStringLiteral("orders-lock")) >= 0);
    QCOMPARE(f.page.badgeText(), QStringLiteral("Read-only"));
    QVERIFY(!f.page.forceRelease("orders-lock", &error)); // a recording is not live

    QVERIFY(!f.page.openRecording(f.dir.filePath(QStringLiteral("missing.jsonl")), &error));
    QVERIFY2(error.contains(QStringLiteral("missing.jsonl")), qPrintable(error));
    QVERIFY(f.page.isReplaying()); // what was on screen stays
}

QTEST_MAIN(TestMonitorPage)
#include "test_monitor_page.moc"
