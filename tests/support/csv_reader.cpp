#include "csv_reader.h"

namespace lockscope::test {

bool readCsv(const QString &text, QList<QStringList> *records, QString *error)
{
    records->clear();
    const auto fail = [error](qsizetype at, const char *what) {
        if (error)
            *error = QStringLiteral("offset %1: %2").arg(at).arg(QLatin1String(what));
        return false;
    };
    QStringList record;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        QString field;
        if (text[i] == QLatin1Char('"')) {
            ++i;
            for (;;) {
                if (i >= n)
                    return fail(i, "a quoted field never ends");
                if (text[i] == QLatin1Char('"')) {
                    if (i + 1 < n && text[i + 1] == QLatin1Char('"')) {
                        field += QLatin1Char('"');
                        i += 2;
                        continue;
                    }
                    ++i; // the closing quote
                    break;
                }
                field += text[i++];
            }
        } else {
            while (i < n && text[i] != QLatin1Char(',') && text[i] != QLatin1Char('\n') &&
                   text[i] != QLatin1Char('\r')) {
                if (text[i] == QLatin1Char('"'))
                    return fail(i, "a quote inside an unquoted field");
                field += text[i++];
            }
        }
        record.append(field);
        if (i >= n)
            break; // the last record without a line end
        if (text[i] == QLatin1Char(',')) {
            ++i;
            if (i >= n)
                record.append(QString()); // "a," ends with an empty field
            continue;
        }
        if (text[i] == QLatin1Char('\r') && i + 1 < n && text[i + 1] == QLatin1Char('\n'))
            ++i;
        if (text[i] != QLatin1Char('\n'))
            return fail(i, "text after a closing quote");
        ++i;
        records->append(record);
        record.clear();
    }
    if (!record.isEmpty())
        records->append(record);
    return true;
}

} // namespace lockscope::test
