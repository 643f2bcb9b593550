#include "key_entry.h"

#include <QJsonDocument>

#include <charconv>
#include <cstring>

namespace lockscope {

namespace {

// One JSON line written into a buffer sized for the worst case up front (every byte of every
// string escaped as \u00XX): no reallocation and no bounds check per piece. A snapshot prints one
// line per key, and the appends of a growing QByteArray were most of the time of printing.
class LineWriter {
public:
    explicit LineWriter(qsizetype bound)
        : m_out(bound, Qt::Uninitialized)
        , m_p(m_out.data())
    {}
    template <std::size_t N> void raw(const char (&s)[N])
    {
        std::memcpy(m_p, s, N - 1);
        m_p += N - 1;
    }
    void raw(char c) { *m_p++ = c; }
    void number(qint64 v) { m_p = std::to_chars(m_p, m_p + 20, v).ptr; }
    void string(QByteArrayView s)
    {
        *m_p++ = '"';
        const char *p = s.data();
        const char *const end = p + s.size();
        while (p < end) {
            // Eight bytes at a time while none needs escaping (most values: hex, base64, the
            // notes' prose); the output has room for six bytes per input byte.
            if (end - p >= 8) {
                quint64 word;
                std::memcpy(&word, p, 8);
                if (!anyNeedsEscape(word)) {
                    std::memcpy(m_p, &word, 8);
                    m_p += 8;
                    p += 8;
                    continue;
                }
            }
            byte(*p++);
        }
        *m_p++ = '"';
    }
    QByteArray take()
    {
        m_out.truncate(m_p - m_out.constData());
        return std::move(m_out);
    }
    static qsizetype stringBound(QByteArrayView s) { return 2 + 6 * s.size(); }

private:
    // Whether any of the word's eight bytes is '"', '\\' or below 0x20. (x - 0x01..) & ~x &
    // 0x80.. is non-zero exactly when some byte of x is zero (the lowest such byte borrows; the
    // bytes below it do not), and likewise (x - 0x20..) for a byte below 0x20; XOR with the
    // character leaves bit 7 alone, so ~w serves for all three.
    static bool anyNeedsEscape(quint64 w)
    {
        constexpr quint64 ones = 0x0101010101010101ULL;
        constexpr quint64 highs = 0x8080808080808080ULL;
        const quint64 quote = w ^ (ones * '"');
        const quint64 backslash = w ^ (ones * '\\');
        const quint64 found = (w - ones * 0x20) | (quote - ones) | (backslash - ones);
        return (found & ~w & highs) != 0;
    }
    void byte(char c)
    {
        static const char hex[] = "0123456789abcdef";
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            *m_p++ = '\\';
            *m_p++ = c;
        } else if (u < 0x20) {
            const char *shortForm = u == '\b'   ? "\\b"
                                    : u == '\f' ? "\\f"
                                    : u == '\n' ? "\\n"
                                    : u == '\r' ? "\\r"
                                    : u == '\t' ? "\\t"
                                                : nullptr;
            if (shortForm) { // as QJsonDocument writes them
                std::memcpy(m_p, shortForm, 2);
                m_p += 2;
                return;
            }
            std::memcpy(m_p, "\\u00", 4);
            m_p[4] = hex[u >> 4];
            m_p[5] = hex[u & 0xf];
            m_p += 6;
        } else {
            *m_p++ = c;
        }
    }

    QByteArray m_out;
    char *m_p;
};

} // namespace

QByteArray KeyEntry::toJsonLine(qint64 nowUs) const
{
    QList<QByteArray> rules;
    rules.reserve(anomalies.size());
    for (const QString &rule : anomalies)
        rules.append(rule.toUtf8());
    const QByteArray shownKey = displayBytes(key, 1024);
    const QByteArray labelText = lock.label.toUtf8();
    const QByteArray noteText = lock.note.toUtf8();
    const char *role = lock.role == LockRole::Lock        ? "lock"
                       : lock.role == LockRole::Auxiliary ? "auxiliary"
                                                          : "other";
    const char *typeName = keyTypeName(type);

    // The field names, punctuation and numbers take well under 512 bytes.
    qsizetype bound = 512;
    for (const QByteArray &r : std::as_const(rules))
        bound += 1 + LineWriter::stringBound(r);
    for (QByteArrayView s :
         {QByteArrayView(format), QByteArrayView(shownKey), QByteArrayView(labelText),
          QByteArrayView(lock.lockKey), QByteArrayView(lock.mode), QByteArrayView(noteText),
          QByteArrayView(lock.owner), QByteArrayView(role), QByteArrayView(typeName),
          QByteArrayView(valueText)})
        bound += LineWriter::stringBound(s);

    LineWriter w(bound);
    // Keys in byte order, as QJsonDocument sorts them.
    w.raw("{\"anomalies\":[");
    for (qsizetype i = 0; i < rules.size(); ++i) {
        if (i)
            w.raw(',');
        w.string(rules[i]);
    }
    w.raw(']');
    if (lock.counter >= 0) {
        w.raw(",\"counter\":");
        w.number(lock.counter);
    }
    w.raw(",\"fencing_counter\":");
    w.number(fencingCounter);
    w.raw(",\"first_seen_us\":");
    w.number(firstSeenUs);
    w.raw(",\"format\":");
    w.string(format);
    w.raw(",\"hold_count\":");
    w.number(lock.holdCount);
    w.raw(",\"key\":");
    w.string(shownKey);
    w.raw(",\"label\":");
    w.string(labelText);
    w.raw(",\"last_change_us\":");
    w.number(lastChangeUs);
    if (!lock.lockKey.isEmpty()) {
        w.raw(",\"lock_key\":");
        w.string(lock.lockKey);
    }
    if (!lock.mode.isEmpty()) {
        w.raw(",\"mode\":");
        w.string(lock.mode);
    }
    if (!noteText.isEmpty()) {
        w.raw(",\"note\":");
        w.string(noteText);
    }
    w.raw(",\"owner\":");
    if (lock.owner.isEmpty())
        w.raw("null");
    else
        w.string(lock.owner);
    w.raw(",\"role\":");
    w.string(role);
    w.raw(",\"ttl_ms\":");
    w.number(remainingTtlMs(nowUs));
    w.raw(",\"type\":");
    w.string(typeName);
    w.raw(",\"value\":");
    w.string(valueText);
    w.raw(",\"waiters\":");
    w.number(waiters >= 0 ? waiters : lock.waiters);
    w.raw('}');
    return w.take();
}

QJsonObject KeyEntry::toJson(qint64 nowUs) const
{
    return QJsonDocument::fromJson(toJsonLine(nowUs)).object();
}

} // namespace lockscope
