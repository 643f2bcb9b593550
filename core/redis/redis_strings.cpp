#include "redis_strings.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>

namespace lockscope::redis {

std::optional<qint64> parseInteger(const QByteArray &s)
{
    // Port of string2ll() from Redis's util.c.
    const char *p = s.constData();
    const qsizetype slen = s.size();
    qsizetype plen = 0;
    bool negative = false;
    constexpr qsizetype longStrSize = 21;

    if (slen == 0 || slen >= longStrSize)
        return std::nullopt;
    if (slen == 1 && p[0] == '0')
        return 0;
    if (p[0] == '-') {
        negative = true;
        p++;
        plen++;
        if (plen == slen)
            return std::nullopt;
    }
    unsigned long long v = 0;
    if (p[0] >= '1' && p[0] <= '9') {
        v = static_cast<unsigned long long>(p[0] - '0');
        p++;
        plen++;
    } else {
        return std::nullopt;
    }
    while (plen < slen && p[0] >= '0' && p[0] <= '9') {
        if (v > (ULLONG_MAX / 10))
            return std::nullopt;
        v *= 10;
        const auto digit = static_cast<unsigned long long>(p[0] - '0');
        if (v > (ULLONG_MAX - digit))
            return std::nullopt;
        v += digit;
        p++;
        plen++;
    }
    if (plen < slen)
        return std::nullopt;
    if (negative) {
        if (v > (static_cast<unsigned long long>(-(LLONG_MIN + 1)) + 1))
            return std::nullopt;
        return static_cast<qint64>(0ULL - v);
    }
    if (v > static_cast<unsigned long long>(LLONG_MAX))
        return std::nullopt;
    return static_cast<qint64>(v);
}

std::optional<quint64> parseScanCursor(const QByteArray &s)
{
    // QByteArray data is NUL-terminated, like the sds string Redis hands to strtoul().
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
