// The CLI's pieces called in-process through the lockscope_cli library: what test_cli checks
// through the binary's output, here at the function that produces it, so a failure names it.
#include "cli_commands.h"
#include "cli_common.h"
#include "text_columns.h"

#include "sim/run_limits.h"

#include <QCommandLineParser>
#include <QTest>

using namespace lockscope;
using namespace lockscope::cli;

class TestCliParts : public QObject {
    Q_OBJECT

private:
    // A parser with one number option given as `value` (nothing when null).
    static bool parse(QCommandLineParser &p, const char *value)
    {
        p.addOption(QCommandLineOption(QStringLiteral("clients"), QString(), QStringLiteral("n")));
        QStringList args{QStringLiteral("lockscope-cli simulate")};
        if (value)
            args << QStringLiteral("--clients") << QString::fromUtf8(value);
        return p.parse(args);
    }

private slots:
    void chineseTakesTwoColumns()
    {
        QCOMPARE(terminalWidth(QStringLiteral("fencing")), 7);
        QCOMPARE(terminalWidth(QStringLiteral("fencing 令牌")), 12);
        QCOMPARE(terminalWidth(QStringLiteral("ＡＢ")), 4); // full-width forms
        QCOMPARE(terminalWidth(QString()), 0);
    }

    void paddingCountsColumnsNotCharacters()
    {
        QCOMPARE(padded(QStringLiteral("令牌"), 6), QStringLiteral("  令牌"));
        QCOMPARE(padded(QStringLiteral("令牌"), -6), QStringLiteral("令牌  "));
        QCOMPARE(padded(QStringLiteral("abc"), 5), QStringLiteral("  abc"));
        // Wider than the column: left as it is, never cut.
        QCOMPARE(padded(QStringLiteral("安全的锁"), 4), QStringLiteral("安全的锁"));
    }

    void numberOptionNamesTheOptionAndTheText()
    {
        for (const char *bad : {"0", "-3", "12abc", "1e3", ""}) {
            QCommandLineParser p;
            QVERIFY(parse(p, bad));
            qint64 value = 42;
            QString error;
            QVERIFY2(!numberOption(p, QStringLiteral("clients"), 1, &value, &error), bad);
            QCOMPARE(value, 42);
            QVERIFY2(error.contains(QStringLiteral("--clients")), qPrintable(error));
            QVERIFY2(error.contains(QStringLiteral("\"%1\"").arg(QString::fromUtf8(bad))),
                     qPrintable(error));
        }
        QCommandLineParser p;
        QVERIFY(parse(p, "7"));
        qint64 value = 0;
        QString error;
        QVERIFY(numberOption(p, QStringLiteral("clients"), 1, &value, &error));
        QCOMPARE(value, 7);
    }

    void absentNumberOptionKeepsTheDefault()
    {
        QCommandLineParser p;
        QVERIFY(parse(p, nullptr));
        qint64 value = 3;
        QString error;
        QVERIFY(numberOption(p, QStringLiteral("clients"), 1, &value, &error));
        QCOMPARE(value, 3);
        QVERIFY(error.isEmpty());
    }

    void capOptionSaysTheCap()
    {
        QString error;
        QVERIFY(
            capOption(QStringLiteral("clients"), limits::kMaxClients, limits::kMaxClients, &error));
        QVERIFY(!capOption(QStringLiteral("clients"), limits::kMaxClients + 1, limits::kMaxClients,
                           &error));
        QCOMPARE(error, QStringLiteral("--clients must be at most %1, got %2")
                            .arg(limits::kMaxClients)
                            .arg(limits::kMaxClients + 1));
    }

    void langIsTakenOutWherever()
    {
        QStringList args{QStringLiteral("lockscope-cli"), QStringLiteral("simulate"),
                         QStringLiteral("--lang"),        QStringLiteral("en"),
                         QStringLiteral("--clients"),     QStringLiteral("3")};
        QString error;
        QVERIFY2(installTranslation(&args, &error), qPrintable(error));
        QCOMPARE(args, (QStringList{QStringLiteral("lockscope-cli"), QStringLiteral("simulate"),
                                    QStringLiteral("--clients"), QStringLiteral("3")}));
        QCOMPARE(translationLanguage(), QStringLiteral("en"));

        args = {QStringLiteral("lockscope-cli"), QStringLiteral("--lang=fr"),
                QStringLiteral("strategies")};
        QVERIFY(!installTranslation(&args, &error));
        QCOMPARE(error, QStringLiteral("--lang must be en or zh_CN, got \"fr\""));
    }

    void unknownOrMissingCommandIsBadInput()
    {
        QCOMPARE(run({QStringLiteral("lockscope-cli")}), kBadInput);
        QCOMPARE(run({QStringLiteral("lockscope-cli"), QStringLiteral("frobnicate")}), kBadInput);
        QCOMPARE(run({QStringLiteral("lockscope-cli"), QStringLiteral("simulate"),
                      QStringLiteral("--scenario"), QStringLiteral("no-such-scenario")}),
                 kBadInput);
        QCOMPARE(run({QStringLiteral("lockscope-cli"), QStringLiteral("--version")}), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliParts)
#include "test_cli_parts.moc"
