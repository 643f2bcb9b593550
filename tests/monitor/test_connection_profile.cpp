// Connection profiles: saved to QSettings and read back field for field, never with the
// password; validation names the wrong field in one message; a profile becomes the monitor's
// options (read-only unless writes are allowed; Sentinel, Cluster, TLS files, thresholds).
#include "monitor/connection_profile.h"

#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace lockscope;

class TestConnectionProfile : public QObject {
    Q_OBJECT
private:
    static ConnectionProfile full()
    {
        ConnectionProfile p;
        p.name = QStringLiteral("prod cache");
        p.host = QStringLiteral("cache.example.net");
        p.port = 6380;
        p.db = 3;
        p.username = QStringLiteral("ops");
        p.password = QStringLiteral("s3cret-Pa55word");
        p.hasPassword = true;
        p.tls = true;
        p.caDir = QStringLiteral("/etc/redis/ca.d");
        p.serverName = QStringLiteral("redis.internal");
        p.insecure = true;
        p.sentinel = false;
        p.pattern = QStringLiteral("lock:*");
        p.thresholds.maxTtlMs = 120000;
        p.thresholds.maxHeldMs = 30000;
        p.thresholds.maxOwnerChangesPerMinute = 7;
        p.thresholds.queueStuckMs = 9000;
        p.thresholds.maxLocksPerOwner = 3;
        p.allowWrites = true;
        return p;
    }

private slots:
    void roundTripWithoutPassword()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("profiles.ini"));
        ConnectionProfile sentinel;
        sentinel.name = QStringLiteral("ha");
        sentinel.sentinel = true;
        sentinel.sentinels = QStringLiteral("10.0.0.7:26379, 10.0.0.8:26379");
        sentinel.masterName = QStringLiteral("mymaster");
        sentinel.unixSocket = QString();
        ConnectionProfile cluster;
        cluster.name = QStringLiteral("shards");
        cluster.cluster = true;
        cluster.port = 7000;
        ConnectionProfile redlock;
        redlock.name = QStringLiteral("redlock");
        redlock.redlockNodes = QStringLiteral("10.0.0.32:6379, 10.0.0.33:6379");
        {
            QSettings s(path, QSettings::IniFormat);
            saveProfiles(s, {full(), sentinel, cluster, redlock});
        }
        QFile raw(path);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray text = raw.readAll();
        QVERIFY(text.contains("cache.example.net"));
        QVERIFY2(!text.contains("s3cret-Pa55word"), text.constData());
        // hasPassword=true says one is needed; no key holds the password itself.
        QVERIFY(!QString::fromUtf8(text).contains(QRegularExpression(
            QStringLiteral("(^|\\n|\\\\)password="), QRegularExpression::CaseInsensitiveOption)));
        QVERIFY(text.contains("hasPassword=true"));

        QSettings s(path, QSettings::IniFormat);
        const QList<ConnectionProfile> back = loadProfiles(s);
        QCOMPARE(back.size(), 4);
        const ConnectionProfile &a = back[0];
        QCOMPARE(a.name, QStringLiteral("prod cache"));
        QCOMPARE(a.host, QStringLiteral("cache.example.net"));
        QCOMPARE(a.port, 6380);
        QCOMPARE(a.db, 3);
        QCOMPARE(a.username, QStringLiteral("ops"));
        QCOMPARE(a.password, QString()); // never saved
        QVERIFY(a.hasPassword);          // but known to be needed
        QVERIFY(a.tls);
        QCOMPARE(a.caDir, QStringLiteral("/etc/redis/ca.d"));
        QCOMPARE(a.serverName, QStringLiteral("redis.internal"));
        QVERIFY(a.insecure);
        QVERIFY(!back[1].insecure); // the default: verify the server
        QCOMPARE(a.pattern, QStringLiteral("lock:*"));
        QCOMPARE(a.thresholds.maxTtlMs, qint64(120000));
        QCOMPARE(a.thresholds.maxHeldMs, qint64(30000));
        QCOMPARE(a.thresholds.maxOwnerChangesPerMinute, 7);
        QCOMPARE(a.thresholds.queueStuckMs, qint64(9000));
        QCOMPARE(a.thresholds.maxLocksPerOwner, 3);
        QVERIFY(a.allowWrites);
        QVERIFY(back[1].sentinel);
        QCOMPARE(back[1].sentinels, sentinel.sentinels);
        QCOMPARE(back[1].masterName, QStringLiteral("mymaster"));
        QVERIFY(!back[1].allowWrites); // the default: read-only
        QVERIFY(back[2].cluster);
        QCOMPARE(back[2].port, 7000);
        QCOMPARE(back[3].redlockNodes, redlock.redlockNodes);
    }

    void validationNamesTheField_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("label");
        using F = ConnectionProfile::Field;
        QTest::newRow("empty host") << "host" << int(F::Host) << "Host:";
        QTest::newRow("port 70000") << "port" << int(F::Port) << "Port:";
        QTest::newRow("port 0") << "port0" << int(F::Port) << "Port:";
        QTest::newRow("no name") << "name" << int(F::Name) << "Name:";
        QTest::newRow("unreadable CA") << "ca" << int(F::CaFile) << "CA file:";
        QTest::newRow("cert without key") << "cert" << int(F::KeyFile) << "Client key:";
        QTest::newRow("missing CA folder") << "cadir" << int(F::CaDir) << "CA folder:";
        QTest::newRow("CA folder that is a file") << "cadirfile" << int(F::CaDir) << "CA folder:";
        QTest::newRow("server name with a space")
            << "sni" << int(F::ServerName) << "Server name (SNI):";
        QTest::newRow("sentinel without master")
            << "master" << int(F::MasterName) << "Master name:";
        QTest::newRow("sentinel bad address") << "sentinels" << int(F::Sentinels) << "Sentinels:";
        QTest::newRow("cluster db 2") << "clusterdb" << int(F::Database) << "Database:";
        QTest::newRow("empty pattern") << "pattern" << int(F::Pattern) << "Pattern:";
        QTest::newRow("relative socket") << "socket" << int(F::UnixSocket) << "Unix socket:";
    }

    void validationNamesTheField()
    {
        QFETCH(QString, change);
        QFETCH(int, field);
        QFETCH(QString, label);
        QTemporaryDir dir;
        const QString cert = dir.filePath(QStringLiteral("client.pem"));
        {
            QFile f(cert);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("-----BEGIN CERTIFICATE-----\n");
        }
        ConnectionProfile p;
        p.name = QStringLiteral("x");
        QString error;
        QVERIFY2(p.validate(&error), qPrintable(error)); // the defaults are fine
        if (change == QLatin1String("host"))
            p.host = QStringLiteral("  ");
        else if (change == QLatin1String("port"))
            p.port = 70000;
        else if (change == QLatin1String("port0"))
            p.port = 0;
        else if (change == QLatin1String("name"))
            p.name.clear();
        else if (change == QLatin1String("ca")) {
            p.tls = true;
            p.caFile = dir.filePath(QStringLiteral("missing-ca.pem"));
        } else if (change == QLatin1String("cert")) {
            p.tls = true;
            p.certFile = cert;
        } else if (change == QLatin1String("cadir")) {
            p.tls = true;
            p.caDir = dir.filePath(QStringLiteral("no-such-folder"));
        } else if (change == QLatin1String("cadirfile")) {
            p.tls = true;
            p.caDir = cert;
        } else if (change == QLatin1String("sni")) {
            p.tls = true;
            p.serverName = QStringLiteral("redis internal");
        } else if (change == QLatin1String("master")) {
            p.sentinel = true;
            p.sentinels = QStringLiteral("127.0.0.1:26379");
        } else if (change == QLatin1String("sentinels")) {
            p.sentinel = true;
            p.sentinels = QStringLiteral("127.0.0.1:99999");
            p.masterName = QStringLiteral("m");
        } else if (change == QLatin1String("clusterdb")) {
            p.cluster = true;
            p.db = 2;
        } else if (change == QLatin1String("pattern"))
            p.pattern.clear();
        else if (change == QLatin1String("socket"))
            p.unixSocket = QStringLiteral("run/redis.sock");
        ConnectionProfile::Field got = ConnectionProfile::Field::None;
        QVERIFY(!p.validate(&error, &got));
        QCOMPARE(int(got), field);
        QVERIFY2(error.startsWith(label), qPrintable(error));
        QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error)); // one message
    }

    void toMonitorOptions()
    {
        ConnectionProfile p = full();
        p.tls = false;
        MonitorOptions o;
        QString error;
        QVERIFY2(p.toMonitorOptions(&o, &error), qPrintable(error));
        QCOMPARE(o.connection.host, QStringLiteral("cache.example.net"));
        QCOMPARE(o.connection.port, quint16(6380));
        QCOMPARE(o.connection.db, 3);
        QCOMPARE(o.connection.username, QStringLiteral("ops"));
        QCOMPARE(o.connection.password, QStringLiteral("s3cret-Pa55word"));
        QVERIFY(!o.connection.readOnly);   // writes allowed by the profile
        QVERIFY(!o.connection.verifyPeer); // the profile says insecure
        QCOMPARE(o.connection.serverName, QStringLiteral("redis.internal"));
        QCOMPARE(o.connection.caDir, QStringLiteral("/etc/redis/ca.d"));
        QCOMPARE(o.pattern, QByteArray("lock:*"));
        QCOMPARE(o.thresholds.maxLocksPerOwner, 3);
        QVERIFY(!o.cluster);

        p.allowWrites = false;
        QVERIFY(p.toMonitorOptions(&o, &error));
        QVERIFY(o.connection.readOnly);

        ConnectionProfile s;
        s.name = QStringLiteral("ha");
        s.sentinel = true;
        s.sentinels = QStringLiteral("10.0.0.7:26379,10.0.0.8");
        s.masterName = QStringLiteral("mymaster");
        QVERIFY2(s.toMonitorOptions(&o, &error), qPrintable(error));
        QCOMPARE(o.sentinels.size(), 2);
        QCOMPARE(o.sentinels[0].host, QStringLiteral("10.0.0.7"));
        QCOMPARE(o.sentinels[1].port, quint16(26379)); // Sentinel's default port
        QCOMPARE(o.masterName, QStringLiteral("mymaster"));
        QVERIFY(o.sentinels[0].readOnly);

        ConnectionProfile c;
        c.name = QStringLiteral("shards");
        c.cluster = true;
        c.port = 7001;
        QVERIFY2(c.toMonitorOptions(&o, &error), qPrintable(error));
        QVERIFY(o.cluster);
        QCOMPARE(o.connection.port, quint16(7001));
    }

    // A Redlock profile: host:port and the other nodes, each reached with the same user,
    // password, database and TLS, and nothing of Sentinel or Cluster with them.
    void redlockNodesBecomeTheMonitorsNodes()
    {
        ConnectionProfile p = full();
        p.tls = false;
        p.redlockNodes = QStringLiteral("10.0.0.32:6379, 10.0.0.33");
        MonitorOptions o;
        QString error;
        QVERIFY2(p.toMonitorOptions(&o, &error), qPrintable(error));
        QVERIFY(o.redlock());
        QCOMPARE(o.nodes.size(), 3);
        QCOMPARE(o.nodes[0].host, p.host);
        QCOMPARE(o.nodes[0].port, quint16(p.port));
        QCOMPARE(o.nodes[1].host, QStringLiteral("10.0.0.32"));
        QCOMPARE(o.nodes[2].port, quint16(6379)); // Redis's default port
        for (const ConnectionOptions &n : std::as_const(o.nodes)) {
            QCOMPARE(n.username, p.username);
            QCOMPARE(n.password, p.password);
            QCOMPARE(n.db, p.db);
            QCOMPARE(n.readOnly, !p.allowWrites);
        }
        QVERIFY(p.serverText().contains(QStringLiteral("10.0.0.33")));

        ConnectionProfile::Field field = ConnectionProfile::Field::None;
        p.cluster = true;
        p.db = 0;
        QVERIFY(!p.toMonitorOptions(&o, &error, &field));
        QCOMPARE(field, ConnectionProfile::Field::RedlockNodes);
        p.cluster = false;
        p.redlockNodes = QStringLiteral("10.0.0.32:6379,10.0.0.33:7621,10.0.0.34:6379");
        QVERIFY2(p.toMonitorOptions(&o, &error, &field), qPrintable(error));
        QCOMPARE(o.nodes.size(), 4);
        QCOMPARE(o.nodes[2].port, quint16(7621));
        p.redlockNodes = QStringLiteral("a:1,[::1");
        QVERIFY(!p.toMonitorOptions(&o, &error, &field));
        QCOMPARE(field, ConnectionProfile::Field::RedlockNodes);
    }

    void fromUrl()
    {
        ConnectionProfile p;
        QString error;
        QVERIFY2(ConnectionProfile::fromUrl(QStringLiteral("redis://app:pw@10.1.2.3:6390/4"), &p,
                                            &error),
                 qPrintable(error));
        QCOMPARE(p.host, QStringLiteral("10.1.2.3"));
        QCOMPARE(p.port, 6390);
        QCOMPARE(p.db, 4);
        QCOMPARE(p.username, QStringLiteral("app"));
        QCOMPARE(p.password, QStringLiteral("pw"));
        QVERIFY(p.hasPassword);
        QVERIFY(!p.allowWrites);
        QVERIFY(!p.name.contains(QStringLiteral("pw")));
        QVERIFY(!ConnectionProfile::fromUrl(QStringLiteral("http://x"), &p, &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestConnectionProfile)
#include "test_connection_profile.moc"
