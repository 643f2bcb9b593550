// The documents' examples run as written: every `lockscope-cli` command of the README and the user
// guide (English and Chinese), and the scripts of docs/guide/examples they call, against real
// redis-server processes on free loopback ports, and what they print is compared with what the
// documents show. Addresses in the examples (127.0.0.1:6379, cache:6379, a Unix socket, a list
// of five Redlock nodes, a redis:// URL with a user) are rewritten to the test's servers; the
// server holds the four lock keys the monitor examples show. What cannot run on one machine is
// skipped, and the test says why.
#include "cli_process.h"
#include "doc_examples.h"
#include "output_match.h"
#include "redis_server.h"
#include "redis_test_client.h"
#include "time_scale.h"

#include "live/live_scenario.h"
#include "sim/scenario.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <vector>

using namespace lockscope;
using namespace lockscope::test;

namespace {

constexpr int kServers = 5; // the README's Redlock example lists five nodes
constexpr int kCommandTimeoutMs = 180000;

// A --follow without a short --duration runs until Ctrl-C: the test presses it after this long.
constexpr int kFollowSeconds = 3;
constexpr qint64 kSlowExampleMs = 2000;

QString sourcePath(const QString &relative)
{
    return QStringLiteral(LOCKSCOPE_SOURCE_DIR "/") + relative;
}

// Why an example cannot run here, or an empty string when it can.
QString reasonToSkip(const QString &command)
{
    if (command.contains(QLatin1String("--sentinel")))
        return QStringLiteral("needs a Sentinel deployment (sentinels watching a primary and its "
                              "replicas), which one test machine does not have");
    if (command.contains(QLatin1String("--cluster")))
        return QStringLiteral("needs a Redis Cluster of several masters");
    if (command.contains(QLatin1String("rediss://")))
        return QStringLiteral("needs a TLS server whose certificate the system trusts");
    if (command.contains(QLatin1String("...")))
        return QStringLiteral("a template: \"...\" stands for the reader's own commands");
    return {};
}

// Rewrites the servers named by --redis to the test's: the i-th address of a list to server i.
// An address where nothing listens (port 1) stays, as its example is about that.
QString localized(const QString &command, const std::vector<std::unique_ptr<RedisServer>> &servers)
{
    static const QRegularExpression option(
        QStringLiteral("(--redis(?:=|\\s+))(\"[^\"]*\"|'[^']*'|\\S+)"));
    static const QRegularExpression hostPort(QStringLiteral(R"(^[A-Za-z0-9_.-]+(:\d+)?$)"));
    static const QRegularExpression url(
        QStringLiteral(R"(^redis://((?:[^@/]*)@)?([A-Za-z0-9_.-]+(?::\d+)?)(/\d+)?$)"));
    QString result = command;
    QRegularExpressionMatch m;
    qsizetype from = 0;
    while ((m = option.match(result, from)).hasMatch()) {
        const QString value = m.captured(2);
        if (value.startsWith(QLatin1Char('"')) || value.startsWith(QLatin1Char('\''))) {
            from = m.capturedEnd(); // "$REDIS_URL": the environment names the server
            continue;
        }
        QStringList addresses = value.split(QLatin1Char(','));
        for (qsizetype i = 0; i < addresses.size(); ++i) {
            const RedisServer &server = *servers[std::size_t(qMin<qsizetype>(i, kServers - 1))];
            const QString local = QStringLiteral("127.0.0.1:%1").arg(server.port());
            QString &a = addresses[i];
            if (a.startsWith(QLatin1String("unix://"))) {
                a = QStringLiteral("unix://") + server.unixSocketPath();
            } else if (const auto u = url.match(a); u.hasMatch()) {
                a = QStringLiteral("redis://") + u.captured(1) + local + u.captured(3);
            } else if (hostPort.match(a).hasMatch() && !a.endsWith(QLatin1String(":1"))) {
                a = local;
            }
        }
        const QString replacement = m.captured(1) + addresses.join(QLatin1Char(','));
        result.replace(m.capturedStart(), m.capturedLength(), replacement);
        from = m.capturedStart() + replacement.size();
    }
    return result;
}

// `monitor --follow` for longer than a moment is stopped with Ctrl-C, as a reader would: one
// SIGINT to the program. (Without --foreground, timeout signals the child and then its whole
// process group: two signals, and lockscope-cli takes a second Ctrl-C as "stop at once".)
QString bounded(const QString &command)
{
    static const QRegularExpression duration(QStringLiteral(R"(--duration\s+(\d+))"));
    if (!command.contains(QLatin1String("--follow")))
        return command;
    const auto d = duration.match(command);
    if (d.hasMatch() && d.captured(1).toLongLong() <= 5000)
        return command;
    return QStringLiteral("timeout --foreground --preserve-status -s INT %1 %2")
        .arg(kFollowSeconds)
        .arg(command);
}

// A scenario played live keeps its story only while the machine keeps its timing: under the
// sanitizers (LOCKSCOPE_TEST_TIME_SCALE > 1, every process several times slower) the example's
// live run is slowed down as much, as test_live_scenarios does, by giving it the default time
// scale times that factor. The reader's command is unchanged on a normal build.
QString slowedForSanitizers(const QString &command)
{
    static const QRegularExpression scenarioId(QStringLiteral(R"(--scenario\s+([a-z0-9-]+))"));
    if (lockscope::test::timeScale() <= 1 || !command.contains(QLatin1String(" --live")) ||
        command.contains(QLatin1String("--time-scale")))
        return command;
    const auto id = scenarioId.match(command);
    lockscope::Scenario scenario;
    if (!id.hasMatch() || !lockscope::loadBuiltinScenario(id.captured(1), &scenario))
        return command;
    const double scale = lockscope::test::liveScale(lockscope::defaultLiveTimeScale(scenario));
    QString slowed = command;
    return slowed.replace(QLatin1String(" --live"),
                          QStringLiteral(" --live --time-scale %1").arg(scale));
}

// Runs against a real server, so its figures change from run to run.
bool figuresVary(const QString &command)
{
    return command.contains(QLatin1String("--redis")) ||
           command.contains(QLatin1String("REDIS_URL")) ||
           command.contains(QLatin1String("lockscope-cli replay"));
}

bool recordsAFollow(const QString &command)
{
    return command.contains(QLatin1String("--follow")) &&
           command.contains(QLatin1String("--record"));
}

// The document's recording shows other clients changing locks while the monitor follows: the
// same story is played with redis-cli against the first server, in the background, so that
// the recording (and the replay of it that the document shows next) has those changes in it.
// lock:invoice:42 released, lock:payments' hold count changed, lock:invoice:7 taken with a
// short lease that runs out, lock:invoice:42 taken again.
QString withOtherClients(const QString &command, int port)
{
    if (!recordsAFollow(command))
        return command;
    const QString cli = QStringLiteral("redis-cli -p %1 ").arg(port);
    return QStringLiteral("( sleep 1; %1DEL lock:invoice:42; %1HSET lock:payments "
                          "8743c9c0-0795-4907-87fd-6c719a6b4586:1 1; %1SET lock:invoice:7 "
                          "B:1:e5464313 PX 577; sleep 1; %1SET lock:invoice:42 C:1:2cee6f11 PX "
                          "20000 ) >/dev/null & %2; status=$?; wait; exit $status")
        .arg(cli, command);
}

// The same commands, shown with the same output and exit codes (where they stand may differ).
bool sameExamples(const QList<DocExample> &a, const QList<DocExample> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const DocExample &x, const DocExample &y) {
                          return x.command == y.command && x.transcript == y.transcript &&
                                 x.output == y.output && x.exitCode == y.exitCode;
                      });
}

// An example whose output the test cannot reproduce, and why; empty when it can.
QString reasonNotToCompare(const QString &command)
{
    if (recordsAFollow(command))
        return QStringLiteral("its lines carry the wall-clock times and TTLs of that recording");
    return {};
}

} // namespace

class TestDocsExamples : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void outputMatching_data();
    void outputMatching();
    void examples_data();
    void examples();

private:
    bool resetServers(const QList<DocExample> &examples, QString *error);
    QProcessEnvironment environment() const;

    std::vector<std::unique_ptr<RedisServer>> m_servers;
    QHash<QString, QList<DocExample>> m_passed; // the documents whose examples all passed
    QTemporaryDir m_work; // the reader's directory: files one example writes, a later one reads
};

void TestDocsExamples::initTestCase()
{
    QVERIFY(m_work.isValid());
    for (int i = 0; i < kServers; ++i) {
        m_servers.push_back(std::make_unique<RedisServer>());
        if (i == 0)
            m_servers.back()->enableUnixSocket();
        QVERIFY2(m_servers.back()->start(), qPrintable(m_servers.back()->errorString()));
    }
    // lockscope-cli on the PATH and as build/app/lockscope-cli (the README's spelling); the
    // guide's example scripts at docs/guide/examples, and their Lua files in the directory.
    const QDir work(m_work.path());
    QVERIFY(work.mkpath(QStringLiteral("bin")) && work.mkpath(QStringLiteral("build/app")));
    QVERIFY(QFile::link(QStringLiteral(LOCKSCOPE_CLI),
                        work.filePath(QStringLiteral("bin/lockscope-cli"))));
    QVERIFY(QFile::link(QStringLiteral(LOCKSCOPE_CLI),
                        work.filePath(QStringLiteral("build/app/lockscope-cli"))));
    QVERIFY(QFile::link(sourcePath(QStringLiteral("docs")), work.filePath(QStringLiteral("docs"))));
    const QDir examples(sourcePath(QStringLiteral("docs/guide/examples")));
    for (const QString &lua : examples.entryList({QStringLiteral("*.lua")}, QDir::Files))
        QVERIFY(QFile::copy(examples.filePath(lua), work.filePath(lua)));
}

// The comparison itself, on literal text: what "..." allows, and what a varying figure may change.
void TestDocsExamples::outputMatching_data()
{
    QTest::addColumn<QString>("shown");
    QTest::addColumn<QString>("printed");
    QTest::addColumn<bool>("vary");
    QTest::addColumn<bool>("matches");
    const QString printed = QStringLiteral("title\none\ntwo\nthree\nend\n");
    QTest::newRow("all of it") << QStringLiteral("title\none\ntwo\nthree\nend") << printed << false
                               << true;
    QTest::newRow("trailing spaces")
        << QStringLiteral("title  \none\ntwo\nthree\nend") << printed << false << true;
    QTest::newRow("a line less") << QStringLiteral("title\none\nthree\nend") << printed << false
                                 << false;
    QTest::newRow("elided middle")
        << QStringLiteral("title\n...\nthree\nend") << printed << false << true;
    QTest::newRow("elided end") << QStringLiteral("title\none\n...") << printed << false << true;
    QTest::newRow("shown end is not the end")
        << QStringLiteral("title\none") << printed << false << false;
    QTest::newRow("shown start is not the start")
        << QStringLiteral("one\n...\nend") << printed << false << false;
    QTest::newRow("out of order") << QStringLiteral("...\nthree\n...\none\n...") << printed << false
                                  << false;
    QTest::newRow("other figures, exact")
        << QStringLiteral("cycles 5638  (2819 per second)")
        << QStringLiteral("cycles 12  (6 per second)\n") << false << false;
    QTest::newRow("other figures, varying") << QStringLiteral("cycles   5638  (2819 per second)")
                                            << QStringLiteral("cycles 12\n") << true << true;
    QTest::newRow("other words, varying")
        << QStringLiteral("lost updates 1") << QStringLiteral("lost writes 1\n") << true << false;
}

void TestDocsExamples::outputMatching()
{
    QFETCH(QString, shown);
    QFETCH(QString, printed);
    QFETCH(bool, vary);
    QFETCH(bool, matches);
    QCOMPARE(outputMatches(shown.split(QLatin1Char('\n')), printed,
                           vary ? Figures::Vary : Figures::Exact),
             matches);
}

void TestDocsExamples::examples_data()
{
    QTest::addColumn<QString>("document");
    // In this order: a later document may read a file an earlier one wrote (run.jsonl).
    QStringList documents{QStringLiteral("README.md")};
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        const QDir guide(sourcePath(QStringLiteral("docs/guide/") + language));
        for (const QString &page :
             guide.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
            documents << QStringLiteral("docs/guide/%1/%2").arg(language, page);
    }
    for (const QString &d : documents)
        QTest::newRow(qPrintable(d)) << d;
}

// Every server empty but for the monitor examples' four lock keys on the first, notifications
// off, and the users the examples' URLs log in as.
bool TestDocsExamples::resetServers(const QList<DocExample> &examples, QString *error)
{
    static const QRegularExpression user(QStringLiteral(R"(redis://([^:@/\s]+)(?::([^@/\s]+))?@)"));
    for (std::size_t i = 0; i < m_servers.size(); ++i) {
        RedisTestClient c;
        if (!c.connect(m_servers[i]->host(), m_servers[i]->port())) {
            *error = c.errorString();
            return false;
        }
        QList<Command> commands;
        commands << Command{"FLUSHALL"} << Command{"CONFIG", "SET", "notify-keyspace-events", ""};
        for (const DocExample &e : examples) {
            auto it = user.globalMatch(e.command);
            while (it.hasNext()) {
                const auto m = it.next();
                const QByteArray password = m.captured(2).toUtf8();
                const QByteArray rule =
                    password.isEmpty() ? QByteArray("nopass") : QByteArray(">") + password;
                commands << Command{"ACL", "SETUSER", m.captured(1).toUtf8(), "on", rule, "~*",
                                    "&*",  "+@all"};
            }
        }
        if (i == 0) {
            // As debugging-production-locks.md shows them: LockScope's own token, redis-py's
            // (no TTL), a Redisson hash held twice, node-redlock's with a TTL of an hour.
            commands << Command{"SET", "lock:invoice:42", "A:1:17c3f107", "PX", "30000"}
                     << Command{"SET", "lock:orders", "ce80b620e5b511f1823a02fc00000001"}
                     << Command{"HSET", "lock:payments", "8743c9c0-0795-4907-87fd-6c719a6b4586:1",
                                "2"}
                     << Command{"PEXPIRE", "lock:payments", "30000"}
                     << Command{"SET", "lock:report", "3e3d8602a299fc10858057de4eeba336", "EX",
                                "3600"};
        }
        for (const Command &command : commands) {
            const Reply r = c.command(command);
            if (r.isError() || r.isNoReply()) {
                *error = QStringLiteral("%1: %2").arg(QString::fromUtf8(command.front()),
                                                      QString::fromUtf8(r.text()));
                return false;
            }
        }
    }
    return true;
}

QProcessEnvironment TestDocsExamples::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The documents show the English output, the CLI's language for a C locale.
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    env.remove(QStringLiteral("LANGUAGE"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("PATH"), QDir(m_work.path()).filePath(QStringLiteral("bin")) +
                                           QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    env.insert(QStringLiteral("REDIS_URL"),
               QStringLiteral("redis://127.0.0.1:%1").arg(m_servers.front()->port()));
    env.remove(QStringLiteral("LOCKSCOPE_CLI"));
    return env;
}

void TestDocsExamples::examples()
{
    QFETCH(QString, document);
    QFile file(sourcePath(document));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));
    const QList<DocExample> examples = examplesOf(document, QString::fromUtf8(file.readAll()));
    // A translated page whose examples are the English page's, word for word with the same
    // output, was checked when that page passed in this run: running the same commands again
    // would prove nothing new and took a third of the suite's time (more under the sanitizers).
    // Any difference, or the English page not run or failed, and the page runs in full.
    const QString english =
        QString(document).replace(QStringLiteral("/zh_CN/"), QStringLiteral("/en/"));
    if (english != document && m_passed.contains(english) &&
        sameExamples(m_passed.value(english), examples)) {
        qInfo("the same %lld examples as %s, which passed in this run", qlonglong(examples.size()),
              qPrintable(english));
        return;
    }
    QString error;
    QVERIFY2(resetServers(examples, &error), qPrintable(error));

    QStringList failures;
    int ran = 0;
    for (const DocExample &e : examples) {
        const QString where = QStringLiteral("%1:%2: %3").arg(e.file).arg(e.line).arg(e.command);
        if (const QString why = reasonToSkip(e.command); !why.isEmpty()) {
            qInfo("skipped %s\n    (%s)", qPrintable(where), qPrintable(why));
            continue;
        }
        const QString command =
            withOtherClients(bounded(slowedForSanitizers(localized(e.command, m_servers))),
                             m_servers.front()->port());
        QElapsedTimer clock;
        clock.start();
        const CliRun run =
            runProgram(QStringLiteral("bash"),
                       {QStringLiteral("-c"), QStringLiteral("set -o pipefail; ") + command},
                       kCommandTimeoutMs, environment(), m_work.path());
        ++ran;
        // The slow examples by name, so that a suite that grew slower says where.
        if (clock.elapsed() >= kSlowExampleMs)
            qInfo("took %.1f s: %s", clock.elapsed() / 1000.0, qPrintable(where));
        if (!run.finished || run.status != QProcess::NormalExit) {
            failures << where + QStringLiteral("\n    did not finish: ") +
                            QString::fromUtf8(run.describe());
            continue;
        }
        // The code a "$ echo $?" shows; 0 for a command shown without output.
        const int expectedCode = e.exitCode >= 0 ? e.exitCode : e.output.isEmpty() ? 0 : -1;
        if (expectedCode >= 0 && run.exitCode != expectedCode) {
            failures << where +
                            QStringLiteral("\n    exit code %1, the document shows %2: ")
                                .arg(run.exitCode)
                                .arg(expectedCode) +
                            QString::fromUtf8(run.describe());
            continue;
        }
        if (e.output.isEmpty())
            continue;
        if (const QString why = reasonNotToCompare(e.command); !why.isEmpty()) {
            qInfo("output not compared: %s\n    (%s)", qPrintable(where), qPrintable(why));
            continue;
        }
        const Figures figures = figuresVary(e.command) ? Figures::Vary : Figures::Exact;
        const QString out = QString::fromUtf8(run.out), err = QString::fromUtf8(run.err);
        // Where stderr's lines fall among stdout's is up to the terminal: either order will do.
        if (!outputMatches(e.output, out, figures) &&
            !outputMatches(e.output, err + out, figures) &&
            !outputMatches(e.output, out + err, figures)) {
            failures << where + QStringLiteral("\n    the document shows:\n") +
                            e.output.join(QLatin1Char('\n')) +
                            QStringLiteral("\n    the program printed:\n") + err + out;
        }
    }
    if (!examples.isEmpty())
        QVERIFY2(ran > 0, "every example was skipped");
    // Each difference in full (a failure message would be cut short), then the verdict.
    for (const QString &f : failures)
        qWarning("%s\n", qPrintable(f));
    if (failures.isEmpty())
        m_passed.insert(document, examples);
    QVERIFY2(failures.isEmpty(), qPrintable(QStringLiteral("%1 of %2 examples differ from what "
                                                           "they print (the warnings above)")
                                                .arg(failures.size())
                                                .arg(ran)));
}

QTEST_GUILESS_MAIN(TestDocsExamples)
#include "test_docs_examples.moc"
