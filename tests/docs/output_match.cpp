#include "output_match.h"

#include <QRegularExpression>

namespace lockscope::test {

namespace {

QString normalized(QString line, Figures figures)
{
    // Trailing spaces are invisible in a document.
    while (line.endsWith(QLatin1Char(' ')))
        line.chop(1);
    if (figures == Figures::Exact)
        return line;
    static const QRegularExpression remark(QStringLiteral(R"(\s*\([^()]*\d[^()]*\))"));
    static const QRegularExpression number(QStringLiteral(R"(\d+(\.\d+)?)"));
    static const QRegularExpression spaces(QStringLiteral(R"(\s+)"));
    line.remove(remark);
    line.replace(number, QStringLiteral("0"));
    line.replace(spaces, QStringLiteral(" "));
    return line.trimmed();
}

bool isElision(const QString &line)
{
    return line.trimmed() == QLatin1String("...");
}

bool chunkAt(const QStringList &chunk, const QStringList &lines, qsizetype at)
{
    if (at < 0 || at + chunk.size() > lines.size())
        return false;
    for (qsizetype i = 0; i < chunk.size(); ++i) {
        if (chunk[i] != lines[at + i])
            return false;
    }
    return true;
}

} // namespace

bool outputMatches(const QStringList &shown, const QString &printed, Figures figures)
{
    QStringList lines;
    for (const QString &l : printed.split(QLatin1Char('\n')))
        lines << normalized(l, figures);
    while (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();

    QList<QStringList> chunks{{}};
    for (const QString &l : shown) {
        if (isElision(l))
            chunks.append(QStringList{});
        else
            chunks.last() << normalized(l, figures);
    }
    const bool openStart = !shown.isEmpty() && isElision(shown.first());
    const bool openEnd = !shown.isEmpty() && isElision(shown.last());

    qsizetype pos = 0;
    for (qsizetype c = 0; c < chunks.size(); ++c) {
        const QStringList &chunk = chunks[c];
        if (chunk.isEmpty())
            continue;
        const bool last = c == chunks.size() - 1;
        if (c == 0 && !openStart) {
            if (!chunkAt(chunk, lines, 0))
                return false;
            pos = chunk.size();
        } else if (last && !openEnd) {
            const qsizetype at = lines.size() - chunk.size();
            if (at < pos || !chunkAt(chunk, lines, at))
                return false;
            pos = lines.size();
        } else {
            qsizetype at = pos;
            while (at + chunk.size() <= lines.size() && !chunkAt(chunk, lines, at))
                ++at;
            if (at + chunk.size() > lines.size())
                return false;
            pos = at + chunk.size();
        }
    }
    // Without a closing "...", nothing may follow what is shown.
    return openEnd || pos == lines.size() || shown.isEmpty();
}

} // namespace lockscope::test
