#include "lock_format.h"

#include <QCoreApplication>
#include <QDateTime>

#include <chrono>
#include <limits>

namespace lockscope {

namespace {

const QByteArray kRedissonQueue = QByteArrayLiteral("redisson_lock_queue:");
const QByteArray kRedissonTimeout = QByteArrayLiteral("redisson_lock_timeout:");
const QByteArray kRedissonToken = QByteArrayLiteral("redisson_lock_token:");
const QByteArray kRwlockTimeout = QByteArrayLiteral(":rwlock_timeout:");
const QByteArray kPythonLock = QByteArrayLiteral("lock:");
const QByteArray kPythonSignal = QByteArrayLiteral("lock-signal:");
const QByteArray kFence = QByteArrayLiteral(":fence");

bool isDigits(QByteArrayView s)
{
    if (s.isEmpty() || s.size() > 18)
        return false;
    for (char c : s) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

// Hold counts are a production value's numbers: two huge ones must not overflow the sum, which
// stops at the end of the range instead (fuzz_lock_value found both places).
void addHoldCount(qint64 *sum, qint64 count)
{
    if (__builtin_add_overflow(*sum, count, sum))
        *sum = count < 0 ? std::numeric_limits<qint64>::min() : std::numeric_limits<qint64>::max();
}

bool isInteger(const QByteArray &s, qint64 *value)
{
    bool ok = false;
    const qint64 v = s.toLongLong(&ok);
    if (ok && value)
        *value = v;
    return ok && !s.isEmpty() && (isDigits(s) || (s.startsWith('-') && isDigits(s.mid(1))));
}

bool isUuid36(QByteArrayView s)
{
    // 8-4-4-4-12 hex digits, as java.util.UUID.toString() writes them.
    if (s.size() != 36)
        return false;
    for (qsizetype i = 0; i < 36; ++i) {
        const char c = s[i];
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (c != '-')
                return false;
        } else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
            return false;
        }
    }
    return true;
}

// "redisson_lock_queue:{name}" -> "name". Redisson's prefixName() adds the braces unless the name
// has them already (a hash tag chosen by the user), in which case the name follows as it is.
QByteArray redissonBaseName(const QByteArray &key, const QByteArray &prefix)
{
    const QByteArray rest = key.mid(prefix.size());
    if (rest.size() >= 2 && rest.startsWith('{') && rest.endsWith('}') && rest.count('{') == 1 &&
        rest.count('}') == 1)
        return rest.mid(1, rest.size() - 2);
    return rest;
}

// What QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs) writes
// ("2024-05-01T12:00:00.000Z"), without QDateTime for the four-digit years after 1970 that the
// recognisers pass (2005..2100): QDateTime took 13,000 instructions a call, once per redis-py key
// of a snapshot.
QString utcText(qint64 ms)
{
    using namespace std::chrono;
    constexpr qint64 kYear10000 = 253402300800000LL; // 10000-01-01T00:00:00Z
    if (ms < 0 || ms >= kYear10000)
        return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
    const sys_days day = floor<days>(sys_time<milliseconds>(milliseconds(ms)));
    const year_month_day date(day);
    qint64 rest = ms - duration_cast<milliseconds>(day.time_since_epoch()).count();
    char text[24];
    auto put = [&](int at, qint64 value, int width) {
        for (int i = width - 1; i >= 0; --i, value /= 10)
            text[at + i] = char('0' + value % 10);
    };
    put(0, int(date.year()), 4);
    text[4] = '-';
    put(5, unsigned(date.month()), 2);
    text[7] = '-';
    put(8, unsigned(date.day()), 2);
    text[10] = 'T';
    put(11, rest / 3600000, 2);
    rest %= 3600000;
    text[13] = ':';
    put(14, rest / 60000, 2);
    rest %= 60000;
    text[16] = ':';
    put(17, rest / 1000, 2);
    text[19] = '.';
    put(20, rest % 1000, 3);
    text[23] = 'Z';
    return QString::fromLatin1(text, 24);
}

LockInfo make(const char *format, const QString &label, LockRole role)
{
    LockInfo info;
    info.format = QByteArray(format);
    info.label = label;
    info.role = role;
    return info;
}

void setSingleOwner(LockInfo &info, const QByteArray &owner)
{
    info.owner = owner;
    info.holdCount = 1;
    info.holders = {{owner, 1}};
}

bool isTokenClientChar(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
}

// A LockScope reentrant hash's field: "<client>:<n>", n any number of digits.
bool isLockScopeHolder(QByteArrayView field)
{
    const qsizetype colon = field.indexOf(':');
    if (colon < 1 || colon > 64 || colon + 1 == field.size())
        return false;
    for (const char c : field.first(colon)) {
        if (!isTokenClientChar(c))
            return false;
    }
    for (const char c : field.sliced(colon + 1)) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

// LockScope's own tokens: the simulator's "<client>:<n>:<hex8>" (n: 1 to 12 digits) and the live
// runtime's "<client>:<32 hex>", the client 1 to 64 of [A-Za-z0-9_.-]. Matched by hand: two
// regular expressions over a QString copy were a fifth of recognising a snapshot's strings.
bool lockScopeToken(const QByteArray &value, QByteArray *client)
{
    const qsizetype colon = value.indexOf(':');
    if (colon < 1 || colon > 64)
        return false;
    const QByteArrayView v(value);
    for (const char c : v.first(colon)) {
        if (!isTokenClientChar(c))
            return false;
    }
    const QByteArrayView rest = v.sliced(colon + 1);
    bool token = rest.size() == 32 && isLowerHex(rest, 32);
    if (!token) {
        const qsizetype second = rest.indexOf(':');
        token = second >= 1 && second <= 12 && isDigits(rest.first(second)) &&
                rest.size() - second - 1 == 8 && isLowerHex(rest.sliced(second + 1), 8);
    }
    if (token)
        *client = value.left(colon);
    return token;
}

LockInfo recognizeString(const KeySnapshot &s)
{
    const QByteArray &key = s.key;
    const QByteArray &v = s.string;
    const bool whole = !s.truncated();
    qint64 number = 0;

    if (key.startsWith(kRedissonToken) && whole && isInteger(v, &number)) {
        LockInfo info =
            make("redisson-fence-token",
                 QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson RFencedLock token")),
                 LockRole::Auxiliary);
        info.lockKey = redissonBaseName(key, kRedissonToken);
        info.counter = number;
        return info;
    }
    if (key.startsWith('{') && key.contains(kRwlockTimeout)) {
        // "{name}:<uuid>:<threadId>:rwlock_timeout:<n>": one per read hold, with the lease.
        const qsizetype close = key.indexOf("}:");
        if (close > 0) {
            LockInfo info =
                make("redisson-rwlock-timeout",
                     QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson read lock lease")),
                     LockRole::Auxiliary);
            info.lockKey = key.mid(1, close - 1);
            const qsizetype from = close + 2;
            info.owner = key.mid(from, key.indexOf(kRwlockTimeout) - from);
            return info;
        }
    }
    if (key.endsWith(kFence) && key.size() > kFence.size() && whole && isInteger(v, &number)) {
        LockInfo info =
            make("lockscope-fence",
                 QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "LockScope fencing counter")),
                 LockRole::Auxiliary);
        info.lockKey = key.left(key.size() - kFence.size());
        info.counter = number;
        return info;
    }
    if (!whole) {
        LockInfo info = make(
            "unknown",
            QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "unknown (value longer than the read "
                                                           "limit)")),
            LockRole::Lock);
        info.owner = displayBytes(v, 64);
        info.holdCount = 1;
        return info;
    }

    qint64 madeAt = 0;
    if (isPlausibleUuid1Hex(v, &madeAt) && !key.contains("redlock")) {
        LockInfo info =
            make("redis-py", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "redis-py Lock")),
                 LockRole::Lock);
        setSingleOwner(info, v);
        info.note = QCoreApplication::translate(
                        "LockFormat", "a version-1 UUID made %1 (uuid1().hex, as redis-py "
                                      "writes; node-redlock's 16 random bytes look like this by "
                                      "chance about once in 10^5)")
                        .arg(utcText(madeAt));
        return info;
    }
    if (isLowerHex(v, 32)) {
        LockInfo info = make("node-redlock",
                             QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "node-redlock lock")),
                             LockRole::Lock);
        setSingleOwner(info, v);
        info.note = QCoreApplication::translate(
            "LockFormat", "16 random bytes in hex (not a version-1 UUID, so not "
                          "redis-py's uuid1().hex)");
        return info;
    }
    if (key.startsWith(kPythonLock) && isBase64(v, 24) && !v.endsWith('=')) {
        LockInfo info =
            make("python-redis-lock",
                 QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "python-redis-lock Lock")),
                 LockRole::Lock);
        setSingleOwner(info, v);
        info.note = QCoreApplication::translate(
                        "LockFormat", "18 random bytes in base64; waiters listen on lock-signal:%1")
                        .arg(QString::fromUtf8(key.mid(kPythonLock.size())));
        return info;
    }
    if (isBase64(v, 24) && v.endsWith("==")) {
        LockInfo info =
            make("go-redsync", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "go-redsync Mutex")),
                 LockRole::Lock);
        setSingleOwner(info, v);
        info.note = QCoreApplication::translate("LockFormat", "16 random bytes in base64");
        return info;
    }
    QByteArray client;
    if (lockScopeToken(v, &client)) {
        LockInfo info =
            make("lockscope", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "LockScope lock")),
                 LockRole::Lock);
        setSingleOwner(info, v);
        info.process = client;
        return info;
    }
    if (v.size() == 13 && isDigits(v)) {
        const qint64 ms = v.toLongLong();
        if (ms > 1104537600000LL && ms < 4102444800000LL) { // 2005 .. 2100
            LockInfo info = make("expiry-timestamp",
                                 QStringLiteral(QT_TRANSLATE_NOOP(
                                     "LockFormat", "SETNX lock holding its expiry time")),
                                 LockRole::Lock);
            info.holdCount = 1;
            info.note =
                QCoreApplication::translate(
                    "LockFormat", "the value is an expiry time by the writer's clock: %1 "
                                  "(SETNX/GETSET locks, as the setnx-getset strategy writes)")
                    .arg(utcText(ms));
            return info;
        }
    }
    LockInfo info =
        make("unknown", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "unknown string lock")),
             LockRole::Lock);
    if (!v.isEmpty())
        setSingleOwner(info, displayBytes(v, 64));
    return info;
}

LockInfo recognizeHash(const KeySnapshot &s)
{
    const auto &fields = s.fields;
    QByteArray mode;
    bool hasMode = false;
    for (const auto &[f, v] : fields) {
        if (f == "mode") {
            hasMode = true;
            mode = v;
        }
    }
    if (hasMode) {
        LockInfo info =
            make("redisson-rwlock",
                 QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson RReadWriteLock")),
                 LockRole::Lock);
        info.mode = mode;
        QByteArray writer;
        for (const auto &[f, v] : fields) {
            if (f == "mode")
                continue;
            qint64 count = 0;
            isInteger(v, &count);
            QByteArray id = f;
            if (id.endsWith(":write")) {
                id.chop(6);
                writer = id;
            }
            info.holders.append({id, count});
            addHoldCount(&info.holdCount, count);
        }
        if (!writer.isEmpty())
            info.owner = writer;
        else if (info.holders.size() == 1)
            info.owner = info.holders.first().id;
        else if (info.holders.size() > 1)
            info.owner = QByteArray::number(info.holders.size()) + " readers";
        if (!info.owner.isEmpty() && isRedissonLockName(info.owner)) {
            info.process = info.owner.left(36);
            info.thread = info.owner.mid(37);
        }
        return info;
    }

    bool allRedisson = !fields.isEmpty();
    bool allLockScope = !fields.isEmpty();
    for (const auto &[f, v] : fields) {
        allRedisson = allRedisson && isRedissonLockName(f);
        allLockScope = allLockScope && isLockScopeHolder(f);
    }
    LockInfo info;
    if (allRedisson)
        info =
            make("redisson-lock", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson RLock")),
                 LockRole::Lock);
    else if (allLockScope)
        info =
            make("lockscope-reentrant",
                 QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "LockScope reentrant hash lock")),
                 LockRole::Lock);
    else
        info = make("unknown", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "unknown hash")),
                    LockRole::Lock);
    for (const auto &[f, v] : fields) {
        qint64 count = 0;
        isInteger(v, &count);
        info.holders.append({f, count});
        addHoldCount(&info.holdCount, count);
    }
    if (s.truncated()) {
        // More fields than the read limit: no lock writes that many; show it as it is.
        info = make("unknown",
                    QCoreApplication::translate("LockFormat",
                                                "hash with %1 fields (more than the read limit)")
                        .arg(s.length),
                    LockRole::Other);
        for (const auto &[f, v] : fields)
            info.holders.append({f, 0});
        return info;
    }
    if (fields.size() == 1) {
        info.owner = fields.first().first;
        const qsizetype colon = info.owner.lastIndexOf(':');
        if (allRedisson || allLockScope) {
            info.process = info.owner.left(colon);
            info.thread = info.owner.mid(colon + 1);
        }
    } else if (fields.size() > 1) {
        info.owner = QByteArray::number(fields.size()) + " holders";
        info.note = QCoreApplication::translate(
            "LockFormat", "more than one holder field: not what a reentrant lock "
                          "writes");
    }
    return info;
}

LockInfo recognizeList(const KeySnapshot &s)
{
    if (s.key.startsWith(kRedissonQueue)) {
        LockInfo info =
            make("redisson-fair-queue",
                 QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson fair lock queue")),
                 LockRole::Auxiliary);
        info.lockKey = redissonBaseName(s.key, kRedissonQueue);
        info.waiters = s.length;
        if (!s.items.isEmpty())
            info.queueHead = s.items.first();
        return info;
    }
    if (s.key.startsWith(kPythonSignal)) {
        LockInfo info = make(
            "python-redis-lock-signal",
            QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "python-redis-lock release signal")),
            LockRole::Auxiliary);
        info.lockKey = kPythonLock + s.key.mid(kPythonSignal.size());
        return info;
    }
    return make("unknown", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "list")),
                LockRole::Other);
}

LockInfo recognizeZSet(const KeySnapshot &s)
{
    if (s.key.startsWith(kRedissonTimeout)) {
        LockInfo info = make(
            "redisson-fair-timeouts",
            QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson fair lock waiter deadlines")),
            LockRole::Auxiliary);
        info.lockKey = redissonBaseName(s.key, kRedissonTimeout);
        info.waiters = s.length;
        if (!s.members.isEmpty())
            info.queueHead = s.members.first().first;
        return info;
    }
    return make("unknown", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "sorted set")),
                LockRole::Other);
}

} // namespace

bool isRedissonLockName(const QByteArray &field)
{
    return field.size() > 37 && field.at(36) == ':' && isUuid36(QByteArrayView(field).first(36)) &&
           isDigits(QByteArrayView(field).sliced(37));
}

bool isLowerHex(QByteArrayView value, int length)
{
    if (value.size() != length)
        return false;
    for (char c : value) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

bool isBase64(const QByteArray &value, int length)
{
    if (value.size() != length || length % 4 != 0)
        return false;
    qsizetype padding = 0;
    for (qsizetype i = 0; i < value.size(); ++i) {
        const char c = value.at(i);
        if (c == '=') {
            ++padding;
            continue;
        }
        if (padding > 0)
            return false; // '=' only at the end
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '+' || c == '/'))
            return false;
    }
    return padding <= 2;
}

bool isPlausibleUuid1Hex(const QByteArray &value, qint64 *madeAtMs)
{
    if (!isLowerHex(value, 32) || value.at(12) != '1')
        return false;
    const char variant = value.at(16);
    if (variant != '8' && variant != '9' && variant != 'a' && variant != 'b')
        return false;
    // time_low (8 hex), time_mid (4), time_hi_and_version (4): 60 bits of 100 ns since
    // 1582-10-15.
    const quint64 low = value.mid(0, 8).toULongLong(nullptr, 16);
    const quint64 mid = value.mid(8, 4).toULongLong(nullptr, 16);
    const quint64 high = value.mid(13, 3).toULongLong(nullptr, 16);
    const quint64 ticks = (high << 48) | (mid << 32) | low;
    constexpr quint64 kGregorianToUnix = 0x01B21DD213814000ULL;
    if (ticks < kGregorianToUnix)
        return false;
    const qint64 ms = qint64((ticks - kGregorianToUnix) / 10000);
    const qint64 tomorrow = QDateTime::currentMSecsSinceEpoch() + 24 * 3600 * 1000LL;
    if (ms < 1104537600000LL || ms > tomorrow) // 2005-01-01 .. tomorrow
        return false;
    if (madeAtMs)
        *madeAtMs = ms;
    return true;
}

LockInfo recognizeLock(const KeySnapshot &s)
{
    if (!s.exists())
        return make("unknown", QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "gone")),
                    LockRole::Other);
    switch (s.type) {
    case KeyType::String:
        return recognizeString(s);
    case KeyType::Hash:
        return recognizeHash(s);
    case KeyType::List:
        return recognizeList(s);
    case KeyType::ZSet:
        return recognizeZSet(s);
    default:
        return make("unknown", QString::fromLatin1(keyTypeName(s.type)), LockRole::Other);
    }
}

} // namespace lockscope
