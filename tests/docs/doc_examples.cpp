#include "doc_examples.h"

#include <QRegularExpression>

#include <algorithm>

namespace lockscope::test {

namespace {

bool runsTheCli(const QString &line)
{
    static const QRegularExpression cli(QStringLiteral(R"(^(build/app/)?lockscope-cli(\s|$))"));
    return cli.match(line).hasMatch();
}

// A command continues on the next line after a trailing backslash or pipe.
bool continues(const QString &line)
{
    const QString t = line.trimmed();
    return t.endsWith(QLatin1Char('\\')) || t.endsWith(QLatin1Char('|'));
}

QString joined(const QString &command, const QString &next)
{
    QString c = command.trimmed();
    if (c.endsWith(QLatin1Char('\\')))
        c.chop(1);
    return c.trimmed() + QLatin1Char(' ') + next.trimmed();
}

void addBlock(const QString &file, const QStringList &lines, int firstLine, QList<DocExample> *out)
{
    const bool transcript = std::any_of(lines.begin(), lines.end(), [](const QString &l) {
        return l.startsWith(QLatin1String("$ "));
    });
    DocExample *current = nullptr;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &l = lines[i];
        if (transcript) {
            if (!l.startsWith(QLatin1String("$ "))) {
                if (current)
                    current->output << l;
                continue;
            }
            const QString command = l.mid(2).trimmed();
            if (command == QLatin1String("echo $?")) {
                if (!out->isEmpty() && i + 1 < lines.size())
                    out->last().exitCode = lines[++i].trimmed().toInt();
                current = nullptr;
                continue;
            }
            DocExample e{file, int(firstLine + i), command, true, {}, -1};
            while (continues(e.command) && i + 1 < lines.size())
                e.command = joined(e.command, lines[++i]);
            out->append(e);
            current = &out->last();
            continue;
        }
        if (!runsTheCli(l.trimmed()))
            continue;
        DocExample e{file, int(firstLine + i), l.trimmed(), false, {}, -1};
        while (continues(e.command) && i + 1 < lines.size())
            e.command = joined(e.command, lines[++i]);
        out->append(e);
    }
    // A transcript's output ends at its last non-blank line.
    for (DocExample &e : *out) {
        while (!e.output.isEmpty() && e.output.last().trimmed().isEmpty())
            e.output.removeLast();
    }
}

} // namespace

QList<DocExample> examplesOf(const QString &file, const QString &markdown)
{
    QList<DocExample> examples;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    QStringList block;
    int blockStart = 0;
    bool inBlock = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &l = lines[i];
        if (l.startsWith(QLatin1String("```"))) {
            if (inBlock)
                addBlock(file, block, blockStart, &examples);
            inBlock = !inBlock;
            block.clear();
            blockStart = int(i + 2); // the block's first line, 1-based
            continue;
        }
        if (inBlock)
            block << l;
    }
    return examples;
}

} // namespace lockscope::test
