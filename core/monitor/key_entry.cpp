#include "key_entry.h"

#include <QJsonDocument>

#include <charconv>

namespace lockscope {

namespace {

void appendString(QByteArray &out, QByteArrayView s)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    // Runs of bytes that need no escape are appended at once: a snapshot prints every key.
    const char *data = s.data();
    qsizetype run = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        const char c = data[i];
        const auto u = static_cast<unsigned char>(c);
        if (c != '"' && c != '\\' && u >= 0x20)
            continue;
        out.append(data + run, i - run);
        run = i + 1;
        if (u >= 0x20) {
            out += '\\';
            out += c;
        } else {
            out += "\\u00";
            out += hex[u >> 4];
            out += hex[u & 0xf];
        }
    }
    out.append(data + run, s.size() - run);
    out += '"';
}

void field(QByteArray &out, const char *name)
{
    if (out.size() > 1)
        out += ',';
    out += '"';
    out += name;
    out += "\":";
}

void field(QByteArray &out, const char *name, QByteArrayView value)
{
    field(out, name);
    appendString(out, value);
}

void field(QByteArray &out, const char *name, qint64 value)
{
    field(out, name);
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end - digits);
}

} // namespace

QByteArray KeyEntry::toJsonLine(qint64 nowUs) const
{
    QByteArray out;
    out.reserve(512);
    out += '{';
    // Keys in byte order, as QJsonDocument sorts them.
    field(out, "anomalies");
    out += '[';
    for (qsizetype i = 0; i < anomalies.size(); ++i) {
        if (i)
            out += ',';
        appendString(out, anomalies[i].toUtf8());
    }
    out += ']';
    if (lock.counter >= 0)
        field(out, "counter", lock.counter);
    field(out, "fencing_counter", fencingCounter);
    field(out, "first_seen_us", firstSeenUs);
    field(out, "format", format);
    field(out, "hold_count", lock.holdCount);
    field(out, "key", displayBytes(key, 1024));
    field(out, "label", lock.label.toUtf8());
    field(out, "last_change_us", lastChangeUs);
    if (!lock.lockKey.isEmpty())
        field(out, "lock_key", lock.lockKey);
    if (!lock.mode.isEmpty())
        field(out, "mode", lock.mode);
    if (!lock.note.isEmpty())
        field(out, "note", lock.note.toUtf8());
    if (lock.owner.isEmpty()) {
        field(out, "owner");
        out += "null";
    } else {
        field(out, "owner", lock.owner);
    }
    field(out, "role",
          QByteArrayView(lock.role == LockRole::Lock        ? "lock"
                         : lock.role == LockRole::Auxiliary ? "auxiliary"
                                                            : "other"));
    field(out, "ttl_ms", remainingTtlMs(nowUs));
    field(out, "type", QByteArrayView(keyTypeName(type)));
    field(out, "value", valueText);
    field(out, "waiters", waiters >= 0 ? waiters : lock.waiters);
    out += '}';
    return out;
}

QJsonObject KeyEntry::toJson(qint64 nowUs) const
{
    return QJsonDocument::fromJson(toJsonLine(nowUs)).object();
}

} // namespace lockscope
