// The .ts files: every entry finished (none unfinished, obsolete or vanished), placeholders kept,
// and the files up to date with the sources (lupdate run over the same sources into a copy finds
// no string to add or remove). When this fails: `cmake --build build --target
// update_translations`, then translate what is unfinished in translations/lockscope_zh_CN.ts.
#include "lock/strategy_registry.h"
#include "sim/scenario.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace lockscope;

namespace {

struct TsMessage {
    QString context;
    QString source;
    bool numerus = false;
    QString type; // the translation's type attribute: "", "unfinished", "obsolete", "vanished"
    QStringList translations; // one, or the plural forms
};

bool readTs(const QString &path, QList<TsMessage> *out, QString *language, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS")) {
            *language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = TsMessage{};
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (m.numerus) {
                while (xml.readNextStartElement())
                    m.translations << xml.readElementText();
            } else {
                m.translations << xml.readElementText();
            }
            out->append(m);
        }
    }
    if (xml.hasError()) {
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
        return false;
    }
    return true;
}

QStringList tsFiles()
{
    const QDir dir(QStringLiteral(LOCKSCOPE_TRANSLATIONS_DIR));
    QStringList files;
    for (const QString &name : dir.entryList({QStringLiteral("*.ts")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

// The placeholders a text uses, sorted: %1..%99, %L1, %n.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(L?\\d{1,2}|n)"));
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured(0);
    out.sort();
    return out;
}

QString key(const TsMessage &m)
{
    return m.context + QStringLiteral(" | ") + m.source;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void bothLanguagesExist()
    {
        const QStringList files = tsFiles();
        QVERIFY2(files.contains(QStringLiteral(LOCKSCOPE_TRANSLATIONS_DIR "/lockscope_en.ts")),
                 qPrintable(files.join(QLatin1Char(' '))));
        QVERIFY2(files.contains(QStringLiteral(LOCKSCOPE_TRANSLATIONS_DIR "/lockscope_zh_CN.ts")),
                 qPrintable(files.join(QLatin1Char(' '))));
    }

    void everyEntryFinished_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString &f : tsFiles())
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }

    // No unfinished, obsolete or vanished entry, no empty translation, and the same placeholders
    // as the source (a lost %1 drops a name from a sentence).
    void everyEntryFinished()
    {
        QFETCH(QString, path);
        QList<TsMessage> messages;
        QString language, error;
        QVERIFY2(readTs(path, &messages, &language, &error), qPrintable(error));
        QVERIFY2(messages.size() > 300, qPrintable(QString::number(messages.size())));
        QStringList problems;
        for (const TsMessage &m : std::as_const(messages)) {
            if (!m.type.isEmpty()) {
                problems << QStringLiteral("%1: %2").arg(m.type, key(m));
                continue;
            }
            if (m.translations.isEmpty() ||
                std::any_of(m.translations.begin(), m.translations.end(),
                            [](const QString &t) { return t.trimmed().isEmpty(); })) {
                problems << QStringLiteral("empty: ") + key(m);
                continue;
            }
            const QStringList wanted = placeholders(m.source);
            for (const QString &t : m.translations) {
                QStringList got = placeholders(t);
                // A plural form may leave %n out ("one fault") but never add or drop another.
                if (m.numerus && !got.contains(QStringLiteral("%n"))) {
                    got << QStringLiteral("%n");
                    got.sort();
                }
                if (got != wanted)
                    problems << QStringLiteral("placeholders %1 instead of %2: %3 -> %4")
                                    .arg(got.join(QLatin1Char(',')), wanted.join(QLatin1Char(',')),
                                         key(m), t);
            }
        }
        for (const QString &p : std::as_const(problems))
            qWarning().noquote() << p;
        QVERIFY2(
            problems.isEmpty(),
            qPrintable(QStringLiteral("%1 entries to fix in %2").arg(problems.size()).arg(path)));
    }

    // lupdate over the sources, into a copy: nothing new, nothing gone.
    void upToDateWithTheSources()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString original = QStringLiteral(LOCKSCOPE_TRANSLATIONS_DIR "/lockscope_zh_CN.ts");
        const QString copy = tmp.filePath(QStringLiteral("lockscope_zh_CN.ts"));
        QVERIFY(QFile::copy(original, copy));
        // The include roots the build uses (core/, ui/), as update_translations passes them:
        // lupdate finds a class's header through them and so names its tr() context in full.
        QProcess lupdate;
        lupdate.start(QStringLiteral(LOCKSCOPE_LUPDATE),
                      {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                       QStringLiteral("none"), QStringLiteral("-silent"),
                       QStringLiteral("-I" LOCKSCOPE_SOURCE_DIR "/core"),
                       QStringLiteral("-I" LOCKSCOPE_SOURCE_DIR "/ui"),
                       QStringLiteral("@" LOCKSCOPE_TR_SOURCES_LIST), QStringLiteral("-ts"), copy});
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish");
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());

        QList<TsMessage> before, after;
        QString language, error;
        QVERIFY2(readTs(original, &before, &language, &error), qPrintable(error));
        QVERIFY2(readTs(copy, &after, &language, &error), qPrintable(error));
        QSet<QString> b, a;
        for (const TsMessage &m : std::as_const(before))
            b.insert(key(m));
        for (const TsMessage &m : std::as_const(after)) {
            if (m.type != QLatin1String("vanished") && m.type != QLatin1String("obsolete"))
                a.insert(key(m));
        }
        QStringList added, gone;
        for (const QString &k : std::as_const(a))
            if (!b.contains(k))
                added << k;
        for (const QString &k : std::as_const(b))
            if (!a.contains(k))
                gone << k;
        added.sort();
        gone.sort();
        for (const QString &k : std::as_const(added))
            qWarning().noquote() << "not in the .ts file yet:" << k;
        for (const QString &k : std::as_const(gone))
            qWarning().noquote() << "no longer in the sources:" << k;
        QVERIFY2(added.isEmpty() && gone.isEmpty(),
                 "the .ts files are out of date: cmake --build build --target "
                 "update_translations, then translate the new entries");
    }

    // The compiled Chinese translation answers for the strategy texts and scenario summaries,
    // which are translated at the point of display.
    void chineseCoversStrategiesAndScenarios()
    {
        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/lockscope_zh_CN")));
        QStringList missing;
        for (const QString &id : strategyIds()) {
            const auto s = createStrategy(id);
            const StrategyInfo &info = s->info();
            for (const QString &text : {info.title, info.summary, info.flaw, info.caveat}) {
                if (!text.isEmpty() &&
                    zh.translate("Strategy", text.toUtf8().constData()).isEmpty())
                    missing << id + QStringLiteral(": ") + text;
            }
        }
        for (const QString &id : builtinScenarioIds()) {
            Scenario s;
            QVERIFY(loadBuiltinScenario(id, &s));
            if (zh.translate("ScenarioSummary", s.summary.toUtf8().constData()).isEmpty())
                missing << id + QStringLiteral(" (summary; ui/scenario_texts.cpp lists them): ") +
                               s.summary;
            if (s.titleTr.value(QStringLiteral("zh_CN")).isEmpty())
                missing << id + QStringLiteral(" (title in its file)");
            if (s.explanationTr.value(QStringLiteral("zh_CN")).isEmpty())
                missing << id + QStringLiteral(" (explanation in its file)");
        }
        for (const QString &m : std::as_const(missing))
            qWarning().noquote() << "no Chinese for" << m;
        QVERIFY(missing.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
