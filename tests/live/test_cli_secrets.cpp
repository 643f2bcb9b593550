// The connection flags every lockscope-cli command that connects shares (app/cli/
// connection_flags.cpp), as a user runs them: the real binary against real redis-server
// processes. A password given each way (in the address, LOCKSCOPE_AUTH, --askpass on stdin)
// works and never reaches stdout, stderr, a recording or an event log, also when the run fails;
// TLS with a private CA and a client certificate made at test time works through --tls --cacert
// --cacertdir --cert --key --sni, and fails in one line without the client certificate or with
// the wrong CA; bad flags are one line and exit code 2 before anything connects.
#include "cli_process.h"
#include "live_test_support.h"
#include "test_certificates.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <vector>

#include <csignal>
#include <cstdlib>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/live/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

constexpr int kRunMs = 30000;

// Distinctive enough that finding it anywhere can only mean it leaked.
const QString kPassword = QStringLiteral("Lk5-ZEBRA-quartz-7731");
const QString kWrongPassword = QStringLiteral("Wq9-OTTER-basalt-4410");

const char kUrlWarning[] = "password in an address is visible to other users";
const char kInsecureWarning[] = "--insecure: the server's certificate is not verified";

using Run = CliRun;

// The environment of a run: the test's own without LOCKSCOPE_AUTH, plus `extra`.
QProcessEnvironment environment(const QStringList &extra = {})
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LOCKSCOPE_AUTH"));
    for (const QString &kv : extra)
        env.insert(kv.section(u'=', 0, 0), kv.section(u'=', 1));
    return env;
}

Run runCli(const QStringList &args, const QStringList &env = {}, const QByteArray &input = {})
{
    return runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, kRunMs, environment(env), {}, input);
}

QString address(const RedisServer &s)
{
    return s.host() + QLatin1Char(':') + QString::number(s.port());
}

QByteArray fileText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Lines of stderr that are not the given warnings.
QList<QByteArray> otherLines(const QByteArray &err, const QList<const char *> &warnings)
{
    QList<QByteArray> out;
    for (const QByteArray &line : err.split('\n')) {
        bool known = line.trimmed().isEmpty();
        for (const char *w : warnings)
            known = known || line.contains(w);
        if (!known)
            out << line;
    }
    return out;
}

// A server where only the user "app" with kPassword gets in, holding the lock key
// lock:secret-test.
bool startServerWithUser(RedisServer &server, QString *error)
{
    if (!server.start()) {
        *error = server.errorString();
        return false;
    }
    RedisTestClient admin;
    if (!admin.connect(server.host(), server.port())) {
        *error = admin.errorString();
        return false;
    }
    const QByteArray pw = kPassword.toUtf8();
    const QList<Command> commands{
        cmd({"SET", "lock:secret-test", "tok1", "PX", "60000"}),
        Command{QByteArrayLiteral("ACL"), QByteArrayLiteral("SETUSER"), QByteArrayLiteral("app"),
                QByteArrayLiteral("on"), ">" + pw, QByteArrayLiteral("~*"), QByteArrayLiteral("&*"),
                QByteArrayLiteral("+@all")},
        // Without the password nobody gets in: the default user needs one nobody is told.
        cmd({"ACL", "SETUSER", "default", "resetpass", ">admin-only"}),
    };
    for (const Command &c : commands) {
        const Reply r = admin.command(c);
        if (!r.isOk()) {
            *error = QStringLiteral("%1: %2").arg(QString::fromUtf8(c.first()),
                                                  QString::fromUtf8(r.text()));
            return false;
        }
    }
    return true;
}

// Runs `args` with a pseudo-terminal as its stdin, stdout and stderr (its controlling
// terminal, as when a person types), types `typed` once `prompt` appears, and returns
// everything the terminal showed; *exitCode is the program's exit code (-1 if it did not end
// within timeoutMs).
QByteArray runOnTerminal(const QStringList &args, const QByteArray &prompt, const QByteArray &typed,
                         int timeoutMs, int *exitCode)
{
    *exitCode = -1;
    const int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0)
        return "cannot open a pseudo-terminal";
    const QByteArray slaveName = ptsname(master);
    // Everything the child needs is made before fork(): after it, only exec-safe calls.
    QList<QByteArray> argBytes{QByteArray(LOCKSCOPE_CLI)};
    for (const QString &a : args)
        argBytes << a.toUtf8();
    std::vector<char *> argv;
    for (QByteArray &a : argBytes)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        setsid(); // a new session: the terminal opened next becomes its controlling terminal
        const int slave = open(slaveName.constData(), O_RDWR);
        if (slave < 0)
            _exit(126);
        dup2(slave, 0);
        dup2(slave, 1);
        dup2(slave, 2);
        close(master);
        execv(argv[0], argv.data());
        _exit(127);
    }
    QByteArray shown;
    bool typedYet = false;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        pollfd p{master, POLLIN, 0};
        if (poll(&p, 1, 100) > 0) {
            char buffer[4096];
            const ssize_t n = read(master, buffer, sizeof buffer);
            if (n <= 0)
                break; // EIO: the program closed the terminal
            shown.append(buffer, n);
        }
        if (!typedYet && shown.contains(prompt)) {
            typedYet = true;
            if (write(master, typed.constData(), size_t(typed.size())) != typed.size())
                break;
        }
    }
    // The terminal closes a moment before the process has ended.
    int status = 0;
    pid_t ended = 0;
    while ((ended = waitpid(pid, &status, WNOHANG)) == 0 && timer.elapsed() < timeoutMs)
        QThread::msleep(20);
    if (ended == 0) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    } else if (ended == pid && WIFEXITED(status)) {
        *exitCode = WEXITSTATUS(status);
    }
    close(master);
    return shown;
}

} // namespace

// One line on stderr, exit code 2, naming the problem.
#define VERIFY_ONE_LINE_FAILURE(run, expected)                                                     \
    do {                                                                                           \
        QVERIFY2((run).finished, "lockscope-cli did not finish in time");                          \
        QVERIFY2((run).exitCode == 2, (run).describe().constData());                               \
        QVERIFY2((run).err.trimmed().count('\n') == 0, (run).describe().constData());              \
        QVERIFY2((run).err.contains(expected), (run).describe().constData());                      \
    } while (false)

class TestCliSecrets : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void badFlags_data();
    void badFlags();
    void passwordNeverLeaks_data();
    void passwordNeverLeaks();
    void tlsThroughFlags();
    void askpassOnTerminalDoesNotEcho();
    void passwordPrecedence();

private:
    TestCertificates m_certs;
    QTemporaryDir m_dir;
    QString m_notPem;
};

void TestCliSecrets::initTestCase()
{
    QVERIFY2(m_certs.make(), qPrintable(m_certs.errorString()));
    QVERIFY(m_dir.isValid());
    m_notPem = m_dir.filePath(QStringLiteral("not-a-certificate.pem"));
    QFile f(m_notPem);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not a certificate\n");
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("empty-ca-dir")));
}

void TestCliSecrets::badFlags_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QByteArray>("input"); // null: stdin left open
    QTest::addColumn<QString>("expected");
    const auto cert = [this](const char *name) { return m_certs.path(name); };
    const QString tls = QStringLiteral("--tls");
    QTest::newRow("cert without key")
        << QStringList{tls, QStringLiteral("--cert"), cert("client.crt")} << QByteArray()
        << QStringLiteral("--cert needs --key");
    QTest::newRow("key without cert")
        << QStringList{tls, QStringLiteral("--key"), cert("client.key")} << QByteArray()
        << QStringLiteral("--key needs --cert");
    QTest::newRow("missing CA file")
        << QStringList{tls, QStringLiteral("--cacert"), cert("no-such-ca.crt")} << QByteArray()
        << QStringLiteral("--cacert %1: no such file").arg(cert("no-such-ca.crt"));
    QTest::newRow("CA file that is not PEM")
        << QStringList{tls, QStringLiteral("--cacert"), m_notPem} << QByteArray()
        << QStringLiteral("cannot read a CA certificate (PEM) from '%1'").arg(m_notPem);
    QTest::newRow("CA folder that is a file")
        << QStringList{tls, QStringLiteral("--cacertdir"), cert("ca.crt")} << QByteArray()
        << QStringLiteral("--cacertdir %1: not a folder").arg(cert("ca.crt"));
    const QString empty = m_dir.filePath(QStringLiteral("empty-ca-dir"));
    QTest::newRow("CA folder without certificates")
        << QStringList{tls, QStringLiteral("--cacertdir"), empty} << QByteArray()
        << QStringLiteral("no CA certificate (PEM) in the folder '%1'").arg(empty);
    QTest::newRow("key that is not a key")
        << QStringList{tls, QStringLiteral("--cert"), cert("client.crt"), QStringLiteral("--key"),
                       m_notPem}
        << QByteArray() << QStringLiteral("cannot read the private key '%1'").arg(m_notPem);
    QTest::newRow("TLS file without --tls")
        << QStringList{QStringLiteral("--cacert"), cert("ca.crt")} << QByteArray()
        << QStringLiteral("--cacert is for TLS: add --tls");
    QTest::newRow("insecure without --tls")
        << QStringList{QStringLiteral("--insecure")} << QByteArray()
        << QStringLiteral("--insecure is for TLS: add --tls");
    QTest::newRow("empty SNI") << QStringList{tls, QStringLiteral("--sni"), QString()}
                               << QByteArray() << QStringLiteral("--sni must not be empty");
    QTest::newRow("empty user") << QStringList{QStringLiteral("--user"), QString()} << QByteArray()
                                << QStringLiteral("--user must not be empty");
    QTest::newRow("askpass with nothing on stdin")
        << QStringList{QStringLiteral("--askpass")} << QByteArray("")
        << QStringLiteral("--askpass: no password was read");
}

// Bad flags end both commands before anything connects: no server is running here, so a run
// that tried to connect would fail with another line.
void TestCliSecrets::badFlags()
{
    QFETCH(QStringList, flags);
    QFETCH(QByteArray, input);
    QFETCH(QString, expected);
    const QStringList monitor{QStringLiteral("monitor"), QStringLiteral("--redis"),
                              QStringLiteral("127.0.0.1:1"), QStringLiteral("--once")};
    const QStringList bench{QStringLiteral("bench"), QStringLiteral("--redis"),
                            QStringLiteral("127.0.0.1:1"), QStringLiteral("--strategy"),
                            QStringLiteral("set-nx-px-lua")};
    for (const QStringList &command : {monitor, bench}) {
        const Run r = runCli(command + flags, {}, input);
        VERIFY_ONE_LINE_FAILURE(r, expected.toUtf8());
    }
}

void TestCliSecrets::passwordNeverLeaks_data()
{
    QTest::addColumn<QString>("command");  // monitor-once, monitor-follow, bench
    QTest::addColumn<QString>("how");      // url, env, askpass
    QTest::addColumn<QString>("password"); // the one given
    QTest::addColumn<QString>("user");     // the ACL user given
    QTest::addColumn<bool>("serverDown");  // the server is stopped before the run
    QTest::addColumn<int>("exitCode");
    for (const char *command : {"monitor-once", "monitor-follow", "bench"}) {
        for (const char *how : {"url", "env", "askpass"}) {
            const QByteArray name = QByteArray(command) + ", " + how;
            QTest::newRow(QByteArray(name + ", right password").constData())
                << QString::fromUtf8(command) << QString::fromUtf8(how) << kPassword
                << QStringLiteral("app") << false << 0;
            QTest::newRow(QByteArray(name + ", wrong password").constData())
                << QString::fromUtf8(command) << QString::fromUtf8(how) << kWrongPassword
                << QStringLiteral("app") << false << 2;
            QTest::newRow(QByteArray(name + ", wrong user").constData())
                << QString::fromUtf8(command) << QString::fromUtf8(how) << kPassword
                << QStringLiteral("nobody") << false << 2;
            QTest::newRow(QByteArray(name + ", server down").constData())
                << QString::fromUtf8(command) << QString::fromUtf8(how) << kPassword
                << QStringLiteral("app") << true << 2;
        }
    }
}

// The password goes to the server and nowhere else: not to stdout, stderr, the recording
// (monitor --record), the JSON the commands print, nor bench's event log; the wrong one neither.
void TestCliSecrets::passwordNeverLeaks()
{
    QFETCH(QString, command);
    QFETCH(QString, how);
    QFETCH(QString, password);
    QFETCH(QString, user);
    QFETCH(bool, serverDown);
    QFETCH(int, exitCode);

    RedisServer server;
    QString error;
    QVERIFY2(startServerWithUser(server, &error), qPrintable(error));
    if (serverDown)
        server.stop();

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString outputFile = dir.filePath(QStringLiteral("output.jsonl"));
    QString url = QStringLiteral("redis://") + address(server);
    QStringList args, env;
    QByteArray input;
    if (how == u"url") {
        url = QStringLiteral("redis://%1:%2@%3").arg(user, password, address(server));
    } else {
        args << QStringLiteral("--user") << user;
        if (how == u"env") {
            env << QStringLiteral("LOCKSCOPE_AUTH=") + password;
        } else {
            args << QStringLiteral("--askpass");
            input = password.toUtf8() + '\n';
        }
    }
    if (command == u"bench") {
        args = QStringList{QStringLiteral("bench"),
                           QStringLiteral("--redis"),
                           url,
                           QStringLiteral("--strategy"),
                           QStringLiteral("set-nx-px-lua"),
                           QStringLiteral("--clients"),
                           QStringLiteral("2"),
                           QStringLiteral("--duration"),
                           QStringLiteral("300"),
                           QStringLiteral("--events"),
                           outputFile,
                           QStringLiteral("--json")} +
               args;
    } else {
        args = QStringList{QStringLiteral("monitor"), QStringLiteral("--redis"), url,
                           QStringLiteral("--json")} +
               args;
        if (command == u"monitor-follow")
            args << QStringLiteral("--follow") << QStringLiteral("--duration")
                 << QStringLiteral("1000") << QStringLiteral("--record") << outputFile
                 << QStringLiteral("--timeout") << QStringLiteral("1000");
        else
            args << QStringLiteral("--once") << QStringLiteral("--timeout")
                 << QStringLiteral("1000");
    }
    const Run r = runCli(args, env, input);
    QVERIFY2(r.finished, r.describe().constData());
    QVERIFY2(r.exitCode == exitCode, r.describe().constData());
    if (exitCode == 0) {
        QVERIFY2(r.out.contains(command == u"bench" ? "cycles" : "lock:secret-test"),
                 r.describe().constData());
        if (command != u"monitor-once")
            QVERIFY2(fileText(outputFile).size() > 0, "no recording or event log was written");
    }
    // A password in the address is warned about, in one line; nothing else warns.
    QCOMPARE(r.err.count(kUrlWarning), how == u"url" ? 1 : 0);
    // A failure is one line besides the warning.
    if (exitCode != 0)
        QVERIFY2(otherLines(r.err, {kUrlWarning}).size() == 1, r.describe().constData());

    const QByteArray secret = password.toUtf8();
    QVERIFY2(!r.out.contains(secret), "the password reached stdout");
    QVERIFY2(!r.err.contains(secret), r.err.constData());
    QVERIFY2(!fileText(outputFile).contains(secret), "the password reached the written file");
}

void TestCliSecrets::tlsThroughFlags()
{
    const auto cert = [this](const char *name) { return m_certs.path(name); };
    RedisServer server;
    server.enableTls({cert("server.crt"), cert("server.key"), cert("ca.crt"), true});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    {
        RedisTestClient admin;
        QVERIFY(admin.connectUnix(server.unixSocketPath()));
        QCOMPARE(admin.command(cmd({"SET", "lock:over-tls", "tok1", "PX", "60000"})), Reply::ok());
    }
    // A folder of CAs as openssl's -CApath has it: the CA among files that are not certificates.
    const QString caDir = m_dir.filePath(QStringLiteral("ca-dir"));
    QVERIFY(QDir().mkpath(caDir));
    QVERIFY(QFile::copy(cert("ca.crt"), caDir + QStringLiteral("/private-ca.pem")));
    QVERIFY(QFile::copy(m_notPem, caDir + QStringLiteral("/README")));

    const QStringList monitor{QStringLiteral("monitor"), QStringLiteral("--redis"),
                              address(server),           QStringLiteral("--once"),
                              QStringLiteral("--json"),  QStringLiteral("--timeout"),
                              QStringLiteral("2000")};
    const QStringList bench{
        QStringLiteral("bench"),      QStringLiteral("--redis"),       address(server),
        QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua"), QStringLiteral("--clients"),
        QStringLiteral("2"),          QStringLiteral("--duration"),    QStringLiteral("300"),
        QStringLiteral("--json")};
    const QStringList clientCert{QStringLiteral("--cert"), cert("client.crt"),
                                 QStringLiteral("--key"), cert("client.key")};
    const QStringList rightCa{QStringLiteral("--tls"), QStringLiteral("--cacert"), cert("ca.crt")};
    const QStringList wrongCa{QStringLiteral("--tls"), QStringLiteral("--cacert"),
                              cert("other-ca.crt")};

    struct Case {
        const char *name;
        QStringList flags;
        int exitCode;
        const char *expected; // in stdout on success, in stderr's one line on failure
    };
    const QList<Case> cases{
        {"CA file and client certificate", rightCa + clientCert, 0, nullptr},
        {"SNI naming the certificate's host",
         rightCa + clientCert + QStringList{QStringLiteral("--sni"), QStringLiteral("localhost")},
         0, nullptr},
        {"CA folder",
         QStringList{QStringLiteral("--tls"), QStringLiteral("--cacertdir"), caDir} + clientCert, 0,
         nullptr},
        {"no client certificate", rightCa, 2, "TLS"},
        {"wrong CA", wrongCa + clientCert, 2, "TLS error"},
        {"SNI naming another host",
         rightCa + clientCert +
             QStringList{QStringLiteral("--sni"), QStringLiteral("elsewhere.example")},
         2, "TLS error"},
        {"wrong CA, --insecure", wrongCa + clientCert + QStringList{QStringLiteral("--insecure")},
         0, nullptr},
    };
    for (const Case &c : cases) {
        for (const QStringList &command : {monitor, bench}) {
            const Run r = runCli(command + c.flags);
            const QByteArray what = QByteArray(c.name) + " (" + command.first().toUtf8() + "): ";
            QVERIFY2(r.finished, QByteArray(what + r.describe()).constData());
            QVERIFY2(r.exitCode == c.exitCode, QByteArray(what + r.describe()).constData());
            const bool insecure = c.flags.contains(QStringLiteral("--insecure"));
            QCOMPARE(r.err.count(kInsecureWarning), insecure ? 1 : 0);
            if (c.exitCode == 0) {
                QVERIFY2(r.out.contains(command.first() == u"bench" ? "cycles" : "lock:over-tls"),
                         QByteArray(what + r.describe()).constData());
                QVERIFY2(otherLines(r.err, {kInsecureWarning}).isEmpty(),
                         QByteArray(what + r.describe()).constData());
            } else {
                QVERIFY2(r.err.trimmed().count('\n') == 0,
                         QByteArray(what + r.describe()).constData());
                QVERIFY2(r.err.contains(c.expected), QByteArray(what + r.describe()).constData());
            }
        }
    }
}

// --askpass on a terminal: a prompt, and what is typed is not shown (echo off), then the run
// goes on with that password.
void TestCliSecrets::askpassOnTerminalDoesNotEcho()
{
    RedisServer server;
    QString error;
    QVERIFY2(startServerWithUser(server, &error), qPrintable(error));
    int exitCode = -1;
    const QByteArray shown =
        runOnTerminal({QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                       QStringLiteral("--user"), QStringLiteral("app"), QStringLiteral("--askpass"),
                       QStringLiteral("--once")},
                      "Password: ", kPassword.toUtf8() + '\n', 20000, &exitCode);
    QVERIFY2(shown.startsWith("Password: "), shown.constData());
    QVERIFY2(exitCode == 0, shown.constData());
    QVERIFY2(shown.contains("lock:secret-test"), shown.constData());
    QVERIFY2(!shown.contains(kPassword.toUtf8()), "the typed password was echoed");
}

// As redis-cli: --askpass before the address's password, the address's before LOCKSCOPE_AUTH.
// Each run is given the right password one way and a wrong one the other way.
void TestCliSecrets::passwordPrecedence()
{
    RedisServer server;
    QString error;
    QVERIFY2(startServerWithUser(server, &error), qPrintable(error));
    const auto withPassword = [&server](const QString &password) {
        return QStringLiteral("redis://app:%1@%2").arg(password, address(server));
    };
    const QStringList once{QStringLiteral("--once"), QStringLiteral("--timeout"),
                           QStringLiteral("1000")};
    const QString monitor = QStringLiteral("monitor");
    const QString redis = QStringLiteral("--redis");
    const QString env = QStringLiteral("LOCKSCOPE_AUTH=");

    // The address's password wins over the environment's.
    Run r =
        runCli(QStringList{monitor, redis, withPassword(kPassword)} + once, {env + kWrongPassword});
    QVERIFY2(r.exitCode == 0, r.describe().constData());
    r = runCli(QStringList{monitor, redis, withPassword(kWrongPassword)} + once, {env + kPassword});
    QVERIFY2(r.exitCode == 2, r.describe().constData());
    // --askpass wins over both.
    r = runCli(
        QStringList{monitor, redis, withPassword(kWrongPassword), QStringLiteral("--askpass")} +
            once,
        {env + kWrongPassword}, kPassword.toUtf8() + '\n');
    QVERIFY2(r.exitCode == 0, r.describe().constData());
    r = runCli(QStringList{monitor, redis, withPassword(kPassword), QStringLiteral("--askpass")} +
                   once,
               {env + kPassword}, kWrongPassword.toUtf8() + '\n');
    QVERIFY2(r.exitCode == 2, r.describe().constData());
    // --user replaces the address's user.
    r = runCli(QStringList{monitor, redis, QStringLiteral("redis://nobody@%1").arg(address(server)),
                           QStringLiteral("--user"), QStringLiteral("app")} +
                   once,
               {env + kPassword});
    QVERIFY2(r.exitCode == 0, r.describe().constData());
}

QTEST_GUILESS_MAIN(TestCliSecrets)
#include "test_cli_secrets.moc"
