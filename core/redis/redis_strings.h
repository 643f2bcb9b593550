// The small string routines whose exact behaviour shows up in Redis replies: integer parsing
// (Redis accepts "12" but not "+12", " 12", "012" or "-0"), SCAN cursor parsing (strtoul),
// C-string option comparison, and the error-text clean-up Redis applies before replying.
#pragma once

#include <QByteArray>

#include <optional>

namespace lockscope::redis {

// tolower() in the C locale Redis runs with, inlined: option and command names are ASCII.
inline unsigned char asciiLower(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c + ('a' - 'A')) : c;
}

// The only integer syntax Redis accepts from clients and in stored values: canonical decimal
// within 64 bits. The differential test against redis-server checks the corners (INCR, EXPIRE...).
std::optional<qint64> parseInteger(const QByteArray &s);

// A SCAN cursor: an unsigned decimal as C's strtoul() reads it (so "+5" is 5 and "-1" wraps to
// the largest value), refused when it starts with whitespace, has bytes after the number or is
// out of range; the server answers "ERR invalid cursor" to exactly these.
std::optional<quint64> parseScanCursor(const QByteArray &s);

// strcasecmp(arg, lowercaseWord) == 0, reading `arg` as a C string (up to its first NUL byte),
// as Redis's option parsers do.
bool optionIs(const QByteArray &arg, const char *lowercaseWord);

// The argument as a C string sees it: up to the first NUL byte (Redis formats its error texts
// with printf's %s).
QByteArray untilNul(const QByteArray &arg);

// Case-insensitive equality of two byte strings of the same length (ASCII folding only).
bool equalsIgnoreCase(const char *a, const char *b, qsizetype len);

// A Lua number as redis.call() turns it into an argument: printf("%.17g").
QByteArray formatDouble17g(double value);

// An error text made safe for one protocol line, as the server sends formatted errors: CR/LF
// trimmed from both ends (when `trim`), the remaining ones turned into spaces.
QByteArray sanitizeErrorText(QByteArray text, bool trim = true);

} // namespace lockscope::redis
