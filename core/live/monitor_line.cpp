#include "monitor_line.h"

namespace lockscope {

namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Reads one quoted argument starting at text[*pos] == '"'; on success *pos is just past the
// closing quote.
bool readQuoted(QByteArrayView text, qsizetype *pos, QByteArray *out)
{
    qsizetype i = *pos;
    if (i >= text.size() || text[i] != '"')
        return false;
    ++i;
    out->clear();
    while (i < text.size()) {
        const char c = text[i];
        if (c == '"') {
            *pos = i + 1;
            return true;
        }
        if (c != '\\') {
            out->append(c);
            ++i;
            continue;
        }
        if (i + 1 >= text.size())
            return false;
        const char e = text[i + 1];
        i += 2;
        switch (e) {
        case '\\':
        case '"':
            out->append(e);
            break;
        case 'n':
            out->append('\n');
            break;
        case 'r':
            out->append('\r');
            break;
        case 't':
            out->append('\t');
            break;
        case 'a':
            out->append('\a');
            break;
        case 'b':
            out->append('\b');
            break;
        case 'x': {
            const int hi = i + 1 < text.size() ? hexDigit(text[i]) : -1;
            const int lo = hi >= 0 ? hexDigit(text[i + 1]) : -1;
            if (lo < 0)
                return false;
            out->append(char(hi * 16 + lo));
            i += 2;
            break;
        }
        default:
            return false;
        }
    }
    return false; // no closing quote
}

bool readNumber(QByteArrayView text, qsizetype *pos, qint64 *out, int *digits)
{
    qint64 v = 0;
    qsizetype i = *pos;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - *pos < 18)
        v = v * 10 + (text[i++] - '0');
    if (i == *pos)
        return false;
    *digits = int(i - *pos);
    *pos = i;
    *out = v;
    return true;
}

} // namespace

bool parseMonitorLine(QByteArrayView text, MonitorLine *out)
{
    // "<sec>.<usec> "
    qsizetype i = 0;
    qint64 sec = 0;
    qint64 usec = 0;
    int digits = 0;
    if (!readNumber(text, &i, &sec, &digits) || i >= text.size() || text[i] != '.')
        return false;
    ++i;
    if (!readNumber(text, &i, &usec, &digits) || digits != 6)
        return false;
    out->timeUs = sec * 1000000 + usec;

    // "[<db> <client>] "; the client may itself hold brackets ("[::1]:50144"), so it ends at
    // the "] \"" before the first argument (every line has at least the command's name).
    if (i + 1 >= text.size() || text[i] != ' ' || text[i + 1] != '[')
        return false;
    i += 2;
    qint64 db = 0;
    if (!readNumber(text, &i, &db, &digits) || i >= text.size() || text[i] != ' ')
        return false;
    out->db = int(db);
    ++i;
    const qsizetype close = QByteArrayView(text).indexOf(QByteArrayView("] \""), i);
    if (close < 0)
        return false;
    const QByteArrayView client = text.sliced(i, close - i);
    out->fromScript = client == QByteArrayView("lua");
    out->client = out->fromScript ? QByteArray() : client.toByteArray();
    i = close + 2;

    // "\"arg\" \"arg\"..."
    out->argv.clear();
    for (;;) {
        QByteArray arg;
        if (!readQuoted(text, &i, &arg))
            return false;
        out->argv.append(std::move(arg));
        if (i == text.size())
            return true;
        if (text[i] != ' ')
            return false;
        ++i;
    }
}

} // namespace lockscope
