#include "key_snapshot.h"

namespace lockscope {

KeyType keyTypeFromName(const QByteArray &t)
{
    if (t == "string")
        return KeyType::String;
    if (t == "hash")
        return KeyType::Hash;
    if (t == "list")
        return KeyType::List;
    if (t == "set")
        return KeyType::Set;
    if (t == "zset")
        return KeyType::ZSet;
    if (t == "stream")
        return KeyType::Stream;
    if (t == "none")
        return KeyType::None;
    return t.isEmpty() ? KeyType::Unknown : KeyType::Other;
}

const char *keyTypeName(KeyType type)
{
    switch (type) {
    case KeyType::Unknown:
        return "unknown";
    case KeyType::None:
        return "none";
    case KeyType::String:
        return "string";
    case KeyType::Hash:
        return "hash";
    case KeyType::List:
        return "list";
    case KeyType::Set:
        return "set";
    case KeyType::ZSet:
        return "zset";
    case KeyType::Stream:
        return "stream";
    case KeyType::Other:
        return "other";
    }
    return "unknown";
}

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (1..4), or 0 when it is not valid.
int utf8Sequence(const QByteArray &s, qsizetype i)
{
    const auto c = static_cast<unsigned char>(s.at(i));
    int n = 0;
    if (c < 0x80)
        return 1;
    if ((c & 0xe0) == 0xc0 && c >= 0xc2)
        n = 2;
    else if ((c & 0xf0) == 0xe0)
        n = 3;
    else if ((c & 0xf8) == 0xf0 && c <= 0xf4)
        n = 4;
    else
        return 0;
    if (i + n > s.size())
        return 0;
    for (int k = 1; k < n; ++k) {
        if ((static_cast<unsigned char>(s.at(i + k)) & 0xc0) != 0x80)
            return 0;
    }
    return n;
}

} // namespace

QByteArray displayBytes(const QByteArray &bytes, int maxBytes)
{
    static const char hex[] = "0123456789abcdef";
    const char *data = bytes.constData();
    const qsizetype size = bytes.size();
    // Keys and lock values are nearly always short printable ASCII, which passes unchanged:
    // hand the same bytes back (shared, nothing copied). This runs for every key of a snapshot
    // several times (value text, JSON, anomaly sentences), so it must not allocate per byte.
    if (size > 0 && size <= maxBytes) {
        qsizetype i = 0;
        while (i < size) {
            const auto c = static_cast<unsigned char>(data[i]);
            if (c < 0x20 || c >= 0x7f || c == '\\')
                break;
            ++i;
        }
        if (i == size)
            return bytes;
    }
    QByteArray out;
    out.reserve(qMin<qsizetype>(size, maxBytes) + 4);
    for (qsizetype i = 0; i < size;) {
        const int n = utf8Sequence(bytes, i);
        const auto c = static_cast<unsigned char>(data[i]);
        const bool printable = n > 1 || (n == 1 && c >= 0x20 && c != 0x7f && c != '\\');
        const qsizetype width = printable ? n : 4;
        if (out.size() + width > maxBytes) {
            out += "…";
            return out;
        }
        if (printable) {
            out.append(data + i, n);
            i += n;
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xf];
            ++i;
        }
    }
    return out;
}

bool KeySnapshot::truncated() const
{
    switch (type) {
    case KeyType::String:
        return length > string.size();
    case KeyType::Hash:
        return length > fields.size();
    case KeyType::List:
        return length > items.size();
    case KeyType::ZSet:
        return length > members.size();
    default:
        return false;
    }
}

bool KeySnapshot::sameValue(const KeySnapshot &o) const
{
    if (type != o.type || exists() != o.exists() || length != o.length)
        return false;
    switch (type) {
    case KeyType::String:
        return string == o.string;
    case KeyType::Hash: {
        // HSCAN and HGETALL give fields in storage order, which may change: compare as sets.
        if (fields.size() != o.fields.size())
            return false;
        for (const auto &f : fields) {
            if (!o.fields.contains(f))
                return false;
        }
        return true;
    }
    case KeyType::List:
        return items == o.items;
    case KeyType::ZSet:
        return members == o.members;
    default:
        return true;
    }
}

QByteArray KeySnapshot::valueText(int maxBytes) const
{
    QByteArray s;
    switch (type) {
    case KeyType::String:
        s = displayBytes(string, maxBytes);
        if (length > string.size() && !s.endsWith("…"))
            s += "…";
        return s;
    case KeyType::Hash:
        for (const auto &[f, v] : fields) {
            if (!s.isEmpty())
                s += ' ';
            s += displayBytes(f, 80) + '=' + displayBytes(v, 80);
        }
        if (length > fields.size())
            s += " …(" + QByteArray::number(length) + " fields)";
        break;
    case KeyType::List:
        s = '[' + QByteArray::number(length) + ']';
        for (qsizetype i = 0; i < items.size(); ++i)
            s += (i ? ", " : " ") + displayBytes(items[i], 80);
        if (length > items.size())
            s += ", …";
        break;
    case KeyType::ZSet:
        s = '[' + QByteArray::number(length) + ']';
        for (qsizetype i = 0; i < members.size(); ++i)
            s += (i ? ", " : " ") + displayBytes(members[i].first, 80) + '=' +
                 QByteArray::number(members[i].second, 'g', 15);
        if (length > members.size())
            s += ", …";
        break;
    default:
        s = '(' + QByteArray(keyTypeName(type)) + ')';
        break;
    }
    // Every piece is valid UTF-8 already; cut on a character boundary.
    if (s.size() > maxBytes) {
        qsizetype cut = maxBytes;
        while (cut > 0 && (static_cast<unsigned char>(s.at(cut)) & 0xc0) == 0x80)
            --cut;
        s = s.left(cut) + "…";
    }
    return s;
}

} // namespace lockscope
