#include "json_lines.h"

namespace lockscope {

namespace {

// A recursive-descent walk over valid JSON that records where each value starts. It reads only
// what it needs: string contents for keys, and enough of every other value to skip it.
class Scanner {
public:
    Scanner(const QByteArray &json, QHash<QString, int> *lines)
        : m_p(json.constData())
        , m_end(json.constData() + json.size())
        , m_lines(lines)
    {}

    void document()
    {
        skipSpace();
        value(QString());
    }

private:
    void skipSpace()
    {
        while (m_p < m_end) {
            const char c = *m_p;
            if (c == '\n')
                ++m_line;
            else if (c != ' ' && c != '\t' && c != '\r')
                return;
            ++m_p;
        }
    }

    // At an opening quote; returns the decoded text (escapes resolved), after the closing one.
    bool string(QString *out)
    {
        QByteArray bytes;
        ++m_p; // the opening quote
        while (m_p < m_end && *m_p != '"') {
            if (*m_p == '\\' && m_p + 1 < m_end) {
                const char e = m_p[1];
                m_p += 2;
                switch (e) {
                case 'n':
                    bytes += '\n';
                    break;
                case 't':
                    bytes += '\t';
                    break;
                case 'r':
                    bytes += '\r';
                    break;
                case 'b':
                    bytes += '\b';
                    break;
                case 'f':
                    bytes += '\f';
                    break;
                case 'u': {
                    // Keys in scenario files are ASCII; a \u escape is kept as its code unit,
                    // which is right for the Basic Multilingual Plane.
                    if (m_end - m_p < 4)
                        return false;
                    bool ok = false;
                    const uint code = QByteArray(m_p, 4).toUInt(&ok, 16);
                    if (!ok)
                        return false;
                    bytes += QString(QChar(char16_t(code))).toUtf8();
                    m_p += 4;
                    break;
                }
                default: // \" \\ \/
                    bytes += e;
                }
                continue;
            }
            bytes += *m_p++;
        }
        if (m_p >= m_end)
            return false;
        ++m_p; // the closing quote
        if (out)
            *out = QString::fromUtf8(bytes);
        return true;
    }

    bool value(const QString &path)
    {
        if (m_p >= m_end)
            return false;
        m_lines->insert(path, m_line);
        switch (*m_p) {
        case '{':
            return object(path);
        case '[':
            return array(path);
        case '"':
            return string(nullptr);
        default: // a number, true, false or null: no newline can be inside
            while (m_p < m_end && *m_p != ',' && *m_p != '}' && *m_p != ']' && *m_p != ' ' &&
                   *m_p != '\t' && *m_p != '\r' && *m_p != '\n')
                ++m_p;
            return true;
        }
    }

    bool object(const QString &path)
    {
        ++m_p; // {
        skipSpace();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            return true;
        }
        while (m_p < m_end) {
            if (*m_p != '"')
                return false;
            const int keyLine = m_line;
            QString key;
            if (!string(&key))
                return false;
            skipSpace();
            if (m_p >= m_end || *m_p != ':')
                return false;
            ++m_p;
            skipSpace();
            const QString member = path.isEmpty() ? key : path + QLatin1Char('.') + key;
            if (!value(member))
                return false;
            m_lines->insert(member, keyLine); // the key's line, where a person looks
            skipSpace();
            if (m_p < m_end && *m_p == ',') {
                ++m_p;
                skipSpace();
                continue;
            }
            if (m_p < m_end && *m_p == '}') {
                ++m_p;
                return true;
            }
            return false;
        }
        return false;
    }

    bool array(const QString &path)
    {
        ++m_p; // [
        skipSpace();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            return true;
        }
        for (int i = 0; m_p < m_end; ++i) {
            if (!value(QStringLiteral("%1[%2]").arg(path).arg(i)))
                return false;
            skipSpace();
            if (m_p < m_end && *m_p == ',') {
                ++m_p;
                skipSpace();
                continue;
            }
            if (m_p < m_end && *m_p == ']') {
                ++m_p;
                return true;
            }
            return false;
        }
        return false;
    }

    const char *m_p;
    const char *m_end;
    QHash<QString, int> *m_lines;
    int m_line = 1;
};

} // namespace

JsonLines::JsonLines(const QByteArray &json)
{
    Scanner(json, &m_lines).document();
}

int JsonLines::lineOf(const QString &path) const
{
    QString p = path;
    for (;;) {
        const auto it = m_lines.constFind(p);
        if (it != m_lines.cend())
            return it.value();
        // The enclosing value: drop the last ".member" or "[index]".
        const qsizetype cut =
            qMax(p.lastIndexOf(QLatin1Char('.')), p.lastIndexOf(QLatin1Char('[')));
        if (cut <= 0)
            return m_lines.value(QString(), 1);
        p.truncate(cut);
    }
}

int JsonLines::lineAtOffset(const QByteArray &json, qsizetype offset)
{
    return int(json.left(offset).count('\n')) + 1;
}

} // namespace lockscope
