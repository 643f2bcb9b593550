// The window's monitor page against real redis-server processes (offscreen): profiles saved
// without their password; keys of several formats found and decoded, TTLs counting down in the
// table; the read-only badge, and force-release refused while read-only (the server's own
// command statistics show no DEL and no CONFIG SET); with writes allowed and the confirmation
// accepted, force-release deletes exactly that key and the notifications button sends the exact
// CONFIG SET; a server killed mid-session is reported and the page recovers when it is back;
// bad profile input gets one message naming the field; a recording opens in the same view.
#include "../monitor/monitor_test_support.h"
#include "common/key_table_model.h"
#include "common/run_data.h"
#include "monitor/anomaly_list.h"
#include "monitor/any_case_glob.h"
#include "monitor/key_monitor.h"
#include "monitor/lease_chart.h"
#include "monitor/monitor_history.h"
#include "monitor/monitor_page.h"
#include "monitor/monitor_recorder.h"
#include "monitor/profile_dialog.h"
#include "redis/glob_match.h"
#include "redis_cluster.h"
#include "timeline/timeline_widget.h"

#include <QApplication>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
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
    void profileDialogTlsFields();
    void findsDecodesAndCountsDown();
    void readOnlyRefusesWrites();
    void writesAllowedWithConfirmation();
    void serverKilledMidSession();
    void unreachableServerSaidAtOnce();
    void ttlBarIsTheKeysOwnLease();
    void historyShowsWhatOwnersHold();
    void ownersHaveTheHistorysNumbers();
    void lockNamesMatchInAnyCase();
    void anyCaseGlobKeepsThePatternsMeaning();
    void clusterNodeWatchedAloneIsSaid();
    void badInputNamesTheField();
    void recordingOpensInTheSameView();
    void leaseChartShowsALateRenewal();
    void bigScanFillsTheTableInFewCommits();
};

// A scan of many keys reaches the table in commits at most every 100 ms (each one repaints the
// whole table), and the page says the first scan finished only once every key is in it.
void TestMonitorPage::bigScanFillsTheTableInFewCommits()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    constexpr int kLocks = 20000;
    for (int first = 0; first < kLocks; first += 1000) {
        Command mset{QByteArrayLiteral("MSET")};
        for (int i = first; i < first + 1000; ++i)
            mset << "lock:" + QByteArray::number(i) << "tok" + QByteArray::number(i);
        QVERIFY(c.command(mset).isOk());
    }

    PageFixture f;
    KeyTableModel *model = f.page.keyModel();
    QSignalSpy inserted(model, &QAbstractItemModel::rowsInserted);
    QElapsedTimer took;
    took.start();
    QVERIFY(f.connectAndScan(profileFor(server)));
    const qint64 ms = took.elapsed();
    QCOMPARE(model->rowCount(), kLocks); // all there when the page says the scan finished
    QVERIFY2(inserted.size() <= ms / 100 + 2,
             qPrintable(QStringLiteral("%1 insertions in %2 ms").arg(inserted.size()).arg(ms)));
}

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

// The dialog carries the TLS fields to the profile and back; the insecure switch shows its
// warning only while it is on.
void TestMonitorPage::profileDialogTlsFields()
{
    ConnectionProfile p;
    p.name = QStringLiteral("tls");
    p.tls = true;
    p.caFile = QStringLiteral("/etc/redis/ca.pem");
    p.caDir = QStringLiteral("/etc/redis/ca.d");
    p.certFile = QStringLiteral("/etc/redis/me.crt");
    p.keyFile = QStringLiteral("/etc/redis/me.key");
    p.serverName = QStringLiteral("redis.internal");
    ProfileDialog dialog;
    dialog.setProfile(p);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const ConnectionProfile back = dialog.profile();
    QCOMPARE(back.caFile, p.caFile);
    QCOMPARE(back.caDir, p.caDir);
    QCOMPARE(back.certFile, p.certFile);
    QCOMPARE(back.keyFile, p.keyFile);
    QCOMPARE(back.serverName, p.serverName);
    QVERIFY(!back.insecure);

    QCheckBox *insecure = nullptr;
    for (QCheckBox *box : dialog.findChildren<QCheckBox *>()) {
        if (box->text().contains(QStringLiteral("insecure")))
            insecure = box;
    }
    QVERIFY(insecure);
    const auto warningShown = [&dialog] {
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->text().startsWith(QStringLiteral("Anyone on the network path")))
                return label->isVisible();
        }
        return false;
    };
    QVERIFY(!warningShown());
    insecure->setChecked(true);
    QVERIFY(warningShown());
    QVERIFY(dialog.profile().insecure);
    insecure->setChecked(false);
    QVERIFY(!warningShown());

    // A Redlock deployment's other nodes survive an edit in the dialog (they were dropped when
    // the dialog had no field for them), and a bad one is refused with the field focused.
    ConnectionProfile redlock;
    redlock.name = QStringLiteral("redlock");
    redlock.redlockNodes = QStringLiteral("127.0.0.1:7622, 127.0.0.1:7623");
    ProfileDialog nodes;
    nodes.setProfile(redlock);
    nodes.show();
    QVERIFY(QTest::qWaitForWindowExposed(&nodes));
    QCOMPARE(nodes.profile().redlockNodes, redlock.redlockNodes);
    QLineEdit *nodesEdit = nullptr;
    for (QLineEdit *edit : nodes.findChildren<QLineEdit *>()) {
        if (edit->text() == redlock.redlockNodes)
            nodesEdit = edit;
    }
    QVERIFY(nodesEdit);
    nodesEdit->setText(QStringLiteral("127.0.0.1:99999"));
    QString error;
    QVERIFY(!nodes.profile().validate(&error));
    nodes.accept();
    QVERIFY(nodes.isVisible()); // refused: what was typed stays
    QTRY_VERIFY(nodesEdit->hasFocus());
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

    // The anomaly of the key without TTL is counted on its tab; the list out of sight is not
    // made, and is made when the tab is brought up, with that anomaly as a sentence.
    const auto *tabs =
        qobject_cast<QTabWidget *>(f.page.anomalyList()->parentWidget()->parentWidget());
    QVERIFY(tabs);
    QTRY_VERIFY_WITH_TIMEOUT(tabs->tabText(1) != QStringLiteral("Anomalies (0)"), 3000);
    QCOMPARE(f.page.anomalyList()->count(), 0);
    f.page.showAnomalies();
    QVERIFY(f.page.anomalyList()->count() >= 1);
    bool noTtl = false;
    for (int i = 0; i < f.page.anomalyList()->count(); ++i)
        noTtl = noTtl ||
                (f.page.anomalyList()->item(i)->data(Qt::UserRole).toByteArray() == "lock:legacy" &&
                 f.page.anomalyList()->item(i)->text().contains(QStringLiteral("TTL")));
    QVERIFY(noTtl);
    f.page.showAnomalies(false); // the history, which is kept up only while in sight

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

// A server never reached is not a lost connection: the page says at once, in the CLI's words,
// that it cannot connect; a screenshot's wait (connectUrl with settle) ends at once too.
void TestMonitorPage::unreachableServerSaidAtOnce()
{
    const quint16 port = unusedLoopbackPort();
    PageFixture f;
    ConnectionProfile p;
    p.name = QStringLiteral("nobody");
    p.host = QStringLiteral("127.0.0.1");
    p.port = port;
    QString error;
    QVERIFY2(f.page.connectProfile(p, &error), qPrintable(error));
    const QString expected = QStringLiteral("cannot connect to 127.0.0.1:%1").arg(port);
    QTRY_VERIFY_WITH_TIMEOUT(f.page.statusText().contains(expected), 2000);
    QVERIFY2(f.page.statusText().startsWith(QStringLiteral("Cannot watch")),
             qPrintable(f.page.statusText()));
    QVERIFY2(!f.page.statusText().contains(QStringLiteral("Lost the connection")),
             qPrintable(f.page.statusText()));
    f.page.stop();

    QElapsedTimer took;
    took.start();
    QVERIFY(!f.page.connectUrl(QStringLiteral("redis://127.0.0.1:%1").arg(port), true, &error));
    QVERIFY2(took.elapsed() < 3000, qPrintable(QString::number(took.elapsed())));
    QVERIFY2(error.contains(expected), qPrintable(error));
}

// A TTL bar is the share of the key's own lease left, not of the longest TTL in the table: a
// key with 19 s of a 20 s lease is nearly full beside a key with a 120 s lease. A renewal
// (PEXPIRE to a longer TTL) makes the new TTL the lease.
void TestMonitorPage::ttlBarIsTheKeysOwnLease()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:invoice:42", "55fd200007b211ef92340242ac110002", "PX", "20000"}));
    c.command(cmd({"SET", "lock:long", "3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091", "PX", "120000"}));

    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));
    KeyTableModel *model = f.page.keyModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 3000);
    const QModelIndex invoice =
        model->index(rowOf(model, QStringLiteral("lock:invoice:42")), KeyTableModel::TtlColumn);
    const QModelIndex longer =
        model->index(rowOf(model, QStringLiteral("lock:long")), KeyTableModel::TtlColumn);
    auto lease = [](const QModelIndex &i) {
        return i.data(KeyTableModel::TtlMaxRole).toLongLong();
    };
    auto share = [&](const QModelIndex &i) {
        return double(i.data(KeyTableModel::TtlRemainingRole).toLongLong()) / double(lease(i));
    };
    QVERIFY2(lease(invoice) > 19000 && lease(invoice) <= 20000,
             qPrintable(QString::number(lease(invoice))));
    QVERIFY2(lease(longer) > 119000 && lease(longer) <= 120000,
             qPrintable(QString::number(lease(longer))));
    QVERIFY2(share(invoice) > 0.85, qPrintable(QString::number(share(invoice))));
    QVERIFY2(invoice.data(Qt::ToolTipRole).toString().contains(QStringLiteral("lease")),
             qPrintable(invoice.data(Qt::ToolTipRole).toString()));

    // Re-reads of the same lease leave it as it was, while the time left drains.
    QTest::qWait(1500);
    QVERIFY2(lease(invoice) > 19000 && lease(invoice) <= 20000,
             qPrintable(QString::number(lease(invoice))));
    QVERIFY2(share(invoice) < 0.95, qPrintable(QString::number(share(invoice))));

    // Renewed to 60 s: the bar's whole is now 60 s.
    c.command(cmd({"PEXPIRE", "lock:invoice:42", "60000"}));
    QTRY_VERIFY_WITH_TIMEOUT(lease(invoice) > 58000, 5000);
    QVERIFY(lease(invoice) <= 60000);
    QVERIFY2(share(invoice) > 0.9, qPrintable(QString::number(share(invoice))));
}

// The default *lock* missed Redisson's fair lock `myFairLock` while listing its queue: names
// match in any case now (the pattern sent is *[lL][oO][cC][kK]*).
void TestMonitorPage::lockNamesMatchInAnyCase()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"HSET", "myFairLock", kRedisson + ":5", "1"}));
    c.command(cmd({"PEXPIRE", "myFairLock", "30000"}));
    c.command(cmd({"RPUSH", "redisson_lock_queue:{myFairLock}", kRedisson + ":7"}));
    c.command(cmd({"SET", "ORDERS_LOCK", "A:1:00000001", "PX", "30000"}));
    c.command(cmd({"SET", "session:1", "not a lock"}));

    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));
    KeyTableModel *model = f.page.keyModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, 3000);
    const int fair = rowOf(model, QStringLiteral("myFairLock"));
    QVERIFY(fair >= 0);
    QVERIFY(rowOf(model, QStringLiteral("redisson_lock_queue:{myFairLock}")) >= 0);
    QVERIFY(rowOf(model, QStringLiteral("ORDERS_LOCK")) >= 0);
    QCOMPARE(cell(model, fair, KeyTableModel::OwnerColumn), QString::fromLatin1(kRedisson + ":5"));

    // A recognised queue brings its lock key in, though *lock* does not match the lock's name.
    c.command(cmd({"HSET", "orders", kRedisson + ":9", "1"}));
    c.command(cmd({"PEXPIRE", "orders", "30000"}));
    c.command(cmd({"RPUSH", "redisson_lock_queue:{orders}", kRedisson + ":11"}));
    QTRY_VERIFY_WITH_TIMEOUT(rowOf(model, QStringLiteral("orders")) >= 0, 5000);
    QCOMPARE(cell(model, rowOf(model, QStringLiteral("orders")), KeyTableModel::OwnerColumn),
             QString::fromLatin1(kRedisson + ":9"));

    // Followed too: a new key in another case arrives by notification or re-read.
    c.command(cmd({"SET", "Lock:Report", "B:2:00000002", "PX", "30000"}));
    QTRY_VERIFY_WITH_TIMEOUT(rowOf(model, QStringLiteral("Lock:Report")) >= 0, 5000);
}

void TestMonitorPage::anyCaseGlobKeepsThePatternsMeaning()
{
    using lockscope::redis::globMatch;
    const QByteArray lock = anyCaseGlob("*lock*");
    QCOMPARE(lock, QByteArray("*[lL][oO][cC][kK]*"));
    QVERIFY(globMatch(lock, "myFairLock"));
    QVERIFY(globMatch(lock, "LOCK:x"));
    QVERIFY(!globMatch(lock, "session:1"));
    // Classes, negations, escapes and ? keep their meaning.
    const QByteArray classes = anyCaseGlob("lock:[^x]?\\*");
    QVERIFY(globMatch(classes, "LOCK:ab*"));
    QVERIFY(!globMatch(classes, "lock:xb*"));
    QVERIFY(!globMatch(classes, "lock:Xb*"));
    QVERIFY(!globMatch(classes, "lock:abc"));
}

// A node of a Redis Cluster watched on its own sees only its own slots: the page says so and
// how to watch them all; watched as a cluster, it does not.
void TestMonitorPage::clusterNodeWatchedAloneIsSaid()
{
    RedisCluster cluster(3);
    QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
    ConnectionProfile p = profileFor(cluster.node(0));
    PageFixture f;
    QVERIFY(f.connectAndScan(p));
    QTRY_VERIFY_WITH_TIMEOUT(
        f.page.statusText().contains(QStringLiteral("is a node of a Redis Cluster")), 3000);
    QVERIFY2(f.page.statusText().contains(QStringLiteral("--cluster")),
             qPrintable(f.page.statusText()));
    QVERIFY(f.page.monitor()->statusText().contains(QStringLiteral("Redis Cluster")));

    p.cluster = true;
    QVERIFY(f.connectAndScan(p));
    QVERIFY2(!f.page.statusText().contains(QStringLiteral("is a node of a Redis Cluster")),
             qPrintable(f.page.statusText()));
}

// The History timeline showed owner lanes with no bars ("holds nothing") while the table showed
// each owner holding keys: keys present when the monitor looked have no acquisition, and the
// history ended at its last event while the play head is now. An owner's lane now shows a bar
// while it holds keys (with how many), lasting until now.
void TestMonitorPage::historyShowsWhatOwnersHold()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    for (const char *owner : {"owner-A", "owner-B"}) {
        for (int k = 0; k < 5; ++k)
            c.command(cmd({"SET", "lock:job:" + QByteArray(owner) + ":" + QByteArray::number(k),
                           owner, "PX", "60000"}));
    }
    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));
    QTest::qWait(2500); // nothing changes meanwhile
    std::shared_ptr<const RunData> run;
    QTRY_VERIFY_WITH_TIMEOUT((run = f.page.history()->run()) && run->endUs() > 2'000'000, 5000);
    QCOMPARE(run->clientLanes().size(), std::size_t(2));
    for (const ClientLane &lane : run->clientLanes()) {
        QVERIFY2(!lane.phases.empty(), qPrintable(lane.name));
        const PhaseSpan &held = lane.phases.back();
        QCOMPARE(held.phase, ClientState::Phase::Holding);
        QCOMPARE(held.keys, quint32(5));
        QCOMPARE(held.endUs, run->endUs()); // held until now
        QVERIFY2(run->endUs() - held.startUs > 1'500'000,
                 qPrintable(QString::number(run->endUs() - held.startUs)));
    }

    // A release ends one owner's count of five at four.
    c.command(cmd({"DEL", "lock:job:owner-A:0"}));
    QTRY_VERIFY_WITH_TIMEOUT((run = f.page.history()->run()) && !run->clientLanes().empty() &&
                                 std::any_of(run->clientLanes().begin(), run->clientLanes().end(),
                                             [](const ClientLane &l) {
                                                 return !l.phases.empty() &&
                                                        l.phases.back().keys == 4;
                                             }),
                             5000);
}

// The table numbers (and colours) an owner as the history does. Two long owners that differ
// only in the middle have the same short name; the recording calls the second "…#2", and the
// table took the first one's number for both.
void TestMonitorPage::ownersHaveTheHistorysNumbers()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    const QByteArray head(24, 'a'), tail(24, 'z');
    const QByteArray first = head + "-worker-one-" + tail, second = head + "-worker-two-" + tail;
    QCOMPARE(MonitorRecorder::shortName(first), MonitorRecorder::shortName(second));
    c.command(cmd({"SET", "lock:one", first, "PX", "60000"}));
    c.command(cmd({"SET", "lock:two", second, "PX", "60000"}));
    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));
    const KeyTableModel *model = f.page.keyModel();
    QTRY_VERIFY(rowOf(model, QStringLiteral("lock:one")) >= 0 &&
                rowOf(model, QStringLiteral("lock:two")) >= 0);
    const QList<QByteArray> &clients = f.page.monitor()->log().info().clients;
    for (const auto &[key, owner] : {std::pair{QStringLiteral("lock:one"), first},
                                     std::pair{QStringLiteral("lock:two"), second}}) {
        const int row = rowOf(model, key);
        const int number =
            model->index(row, KeyTableModel::OwnerColumn).data(KeyTableModel::OwnerRole).toInt();
        QCOMPARE(number, int(f.page.monitor()->clientOfOwner(owner)));
        QVERIFY(number >= 0 && number < clients.size());
        QCOMPARE(cell(model, row, KeyTableModel::OwnerColumn), QString::fromUtf8(clients[number]));
    }
    QVERIFY(cell(model, rowOf(model, QStringLiteral("lock:one")), KeyTableModel::OwnerColumn) !=
            cell(model, rowOf(model, QStringLiteral("lock:two")), KeyTableModel::OwnerColumn));
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

// A watchdog-style lock renewed in time, then late (300 ms left of 3 s), then left to expire:
// the Anomalies tab says both, the lease chart of the key shows one late renewal among two and
// its least margin, hovering over the late mark says so, and the History marks it on the key.
void TestMonitorPage::leaseChartShowsALateRenewal()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kg$hx")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    PageFixture f;
    QVERIFY(f.connectAndScan(profileFor(server)));

    c.command(cmd({"SET", "lock:lease", kPyToken, "PX", "3000"}));
    QTest::qWait(1000);
    c.command(cmd({"PEXPIRE", "lock:lease", "3000"})); // about 2,000 ms left
    QTest::qWait(2700);
    c.command(cmd({"PEXPIRE", "lock:lease", "3000"})); // about 300 ms left: late
    QTRY_VERIFY_WITH_TIMEOUT(rowOf(f.page.keyModel(), QStringLiteral("lock:lease")) >= 0, 2000);
    QVERIFY(f.page.selectKey("lock:lease"));
    // The status counts the key that came after the scan (it said "0" until keys that come and
    // go were counted).
    QTRY_VERIFY_WITH_TIMEOUT(f.page.statusText().contains(QStringLiteral(": 1 key")), 2000);

    // Left to expire: the Anomalies tab lists the late renewal and the expiry.
    f.page.showAnomalies();
    auto listed = [&](const QString &word) {
        const QListWidget *list = f.page.anomalyList();
        for (int i = 0; i < list->count(); ++i) {
            if (list->item(i)->text().contains(word) &&
                list->item(i)->data(Qt::UserRole).toByteArray() == "lock:lease")
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(listed(QStringLiteral("late")), 6000);
    QTRY_VERIFY_WITH_TIMEOUT(listed(QStringLiteral("expired")), 6000);

    // The chart, brought up to now by the page's once-a-second refresh.
    const LeaseChart *chart = f.page.leaseChart();
    QTRY_VERIFY_WITH_TIMEOUT(chart->trace().renewals() == 2 &&
                                 chart->trace().stretches.size() == 3 &&
                                 chart->trace().stretches.back().end == LeaseStretch::End::Expired,
                             4000);
    const LeaseTrace &trace = chart->trace();
    QCOMPARE(trace.key, QByteArray("lock:lease"));
    // The lease as read back with PTTL: a millisecond or so may have passed (seen under ASan).
    QVERIFY2(trace.leaseMs > 2900 && trace.leaseMs <= 3000,
             qPrintable(QString::number(trace.leaseMs)));
    QCOMPARE(trace.lateRenewals(), 1);
    QVERIFY(trace.stretches[1].late);
    QVERIFY2(trace.stretches[1].marginMs() < 500,
             qPrintable(QString::number(trace.stretches[1].marginMs())));
    QVERIFY2(trace.stretches[0].marginMs() > 1500,
             qPrintable(QString::number(trace.stretches[0].marginMs())));
    QVERIFY2(chart->summaryText().contains(QStringLiteral("renewals 2")) &&
                 chart->summaryText().contains(QStringLiteral("late 1")),
             qPrintable(chart->summaryText()));
    // Hovering over the late mark: where the chart draws it, it says what it was. Found by
    // sweeping the plot, so the test does not repeat the chart's geometry.
    QString lateHover;
    for (int x = 0; x < chart->width() && lateHover.isEmpty(); ++x) {
        for (int y = 0; y < chart->height(); y += 2) {
            const QString text = chart->hoverText(QPoint(x, y));
            if (text.contains(QStringLiteral("renewed late"))) {
                lateHover = text;
                break;
            }
        }
    }
    QVERIFY2(!lateHover.isEmpty(), "no point of the chart says \"renewed late\"");
    QVERIFY(chart->hoverText(QPoint(-5, -5)).isEmpty());

    // The History marks it on the key's lane.
    f.page.refreshHistoryNow();
    std::shared_ptr<const RunData> run = f.page.history()->run();
    QVERIFY(run);
    int lateMarks = 0;
    for (const KeyLane &lane : run->keyLanes()) {
        for (const Marker &m : lane.markers) {
            if (m.kind == MarkerKind::LateRenewal) {
                QCOMPARE(lane.keyName, QStringLiteral("lock:lease"));
                ++lateMarks;
            }
        }
    }
    QCOMPARE(lateMarks, 1);
}

QTEST_MAIN(TestMonitorPage)
#include "test_monitor_page.moc"
