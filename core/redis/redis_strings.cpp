#include "redis_strings.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace lockscope::redis {

std::optional<qint64> parseInteger(const QByteArray &s)
{
    // The canonical decimal form only: an optional '-', then "0" alone or a digit 1-9 followed
    // by digits; no '+', no spaces, no leading zeros, no "-0". At most 20 bytes, which is as
    // long as the canonical form of any 64-bit integer gets ("-9223372036854775808").
    const qsizetype n = s.size();
    if (n == 0 || n > 20)
        return std::nullopt;
    const bool negative = s[0] == '-';
    const qsizetype first = negative ? 1 : 0;
    if (first == n)
        return std::nullopt;
    if (s[first] == '0') {
        if (n == 1)
            return 0;
        return std::nullopt; // "012", "-0", "-012"
    }
    // Up to 18 digits cannot overflow (10^18 - 1 < 2^63 - 1): the common case (a TTL, a count,
    // numkeys) skips the per-digit overflow check, which was half of this function's cost.
    if (n - first <= 18) {
        qint64 value = 0;
        for (qsizetype i = first; i < n; ++i) {
            const unsigned digit = unsigned(static_cast<unsigned char>(s[i])) - unsigned('0');
            if (digit > 9)
                return std::nullopt;
            value = value * 10 + qint64(digit);
        }
        return negative ? -value : value;
    }
    // The magnitude, accumulated as unsigned so that the most negative value fits.
    constexpr quint64 maxMagnitude = quint64(std::numeric_limits<qint64>::max()) + 1;
    quint64 magnitude = 0;
    for (qsizetype i = first; i < n; ++i) {
        const char c = s[i];
        if (c < '0' || c > '9')
            return std::nullopt;
        const auto digit = quint64(c - '0');
        if (magnitude > (maxMagnitude - digit) / 10)
            return std::nullopt;
        magnitude = magnitude * 10 + digit;
    }
    if (negative)
        return magnitude == maxMagnitude ? std::numeric_limits<qint64>::min() : -qint64(magnitude);
    if (magnitude == maxMagnitude)
        return std::nullopt;
    return qint64(magnitude);
}

std::optional<quint64> parseScanCursor(const QByteArray &s)
{
    // QByteArray data is NUL-terminated, so strtoul() stops at an embedded NUL the way the
    // server's parse does ("0\0x" is cursor 0).
    const char *str = s.constData();
    char *end = nullptr;
    errno = 0;
    const unsigned long cursor = std::strtoul(str, &end, 10);
    if (std::isspace(static_cast<unsigned char>(str[0])) || end[0] != '\0' || errno == ERANGE)
        return std::nullopt;
    return static_cast<quint64>(cursor);
}

bool optionIs(const QByteArray &arg, const char *lowercaseWord)
{
    const char *a = arg.constData();
    for (;; ++a, ++lowercaseWord) {
        const unsigned char ca = asciiLower(static_cast<unsigned char>(*a));
        if (ca != static_cast<unsigned char>(*lowercaseWord))
            return false;
        if (ca == 0)
            return true;
    }
}

QByteArray untilNul(const QByteArray &arg)
{
    const qsizetype nul = arg.indexOf('\0');
    return nul < 0 ? arg : arg.left(nul);
}

bool equalsIgnoreCase(const char *a, const char *b, qsizetype len)
{
    for (qsizetype i = 0; i < len; ++i) {
        if (asciiLower(static_cast<unsigned char>(a[i])) !=
            asciiLower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

QByteArray formatDouble17g(double value)
{
    char buf[64];
    const int n = std::snprintf(buf, sizeof buf, "%.17g", value);
    return QByteArray(buf, n);
}

QByteArray sanitizeErrorText(QByteArray text, bool trim)
{
    if (trim) {
        while (!text.isEmpty() && (text.endsWith('\n') || text.endsWith('\r')))
            text.chop(1);
        qsizetype lead = 0;
        while (lead < text.size() && (text[lead] == '\n' || text[lead] == '\r'))
            ++lead;
        if (lead)
            text.remove(0, lead);
    }
    if (text.contains('\r') || text.contains('\n')) {
        for (char &c : text) {
            if (c == '\r' || c == '\n')
                c = ' ';
        }
    }
    return text;
}

} // namespace lockscope::redis
