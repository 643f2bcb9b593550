#include "glob_match.h"

#include <cctype>

namespace lockscope::redis {

namespace {

// A verbatim port of stringmatchlen_impl() of Redis 7.0. The pattern is read one byte past its
// length in a few places, exactly as Redis does with its NUL-terminated sds strings; QByteArray
// data is NUL-terminated too, so those reads see the same terminator.
int matchImpl(const char *pattern, qsizetype patternLen, const char *string, qsizetype stringLen,
              bool nocase, int *skipLongerMatches, int nesting)
{
    // Protection against abusive patterns (deep '*' recursion).
    if (nesting > 1000)
        return 0;

    while (patternLen && stringLen) {
        switch (pattern[0]) {
        case '*':
            while (patternLen && pattern[1] == '*') {
                pattern++;
                patternLen--;
            }
            if (patternLen == 1)
                return 1; // match
            while (stringLen) {
                if (matchImpl(pattern + 1, patternLen - 1, string, stringLen, nocase,
                              skipLongerMatches, nesting + 1))
                    return 1; // match
                if (*skipLongerMatches)
                    return 0; // no match
                string++;
                stringLen--;
            }
            // No match for the rest of the pattern anywhere in the rest of the string: a longer
            // match for an earlier '*' cannot help either.
            *skipLongerMatches = 1;
            return 0;
        case '?':
            string++;
            stringLen--;
            break;
        case '[': {
            pattern++;
            patternLen--;
            const bool negate = pattern[0] == '^';
            if (negate) {
                pattern++;
                patternLen--;
            }
            bool match = false;
            while (true) {
                if (pattern[0] == '\\' && patternLen >= 2) {
                    pattern++;
                    patternLen--;
                    if (pattern[0] == string[0])
                        match = true;
                } else if (pattern[0] == ']') {
                    break;
                } else if (patternLen == 0) {
                    pattern--;
                    patternLen++;
                    break;
                } else if (patternLen >= 3 && pattern[1] == '-') {
                    int start = pattern[0];
                    int end = pattern[2];
                    int c = string[0];
                    if (start > end) {
                        const int t = start;
                        start = end;
                        end = t;
                    }
                    if (nocase) {
                        start = std::tolower(start);
                        end = std::tolower(end);
                        c = std::tolower(c);
                    }
                    pattern += 2;
                    patternLen -= 2;
                    if (c >= start && c <= end)
                        match = true;
                } else {
                    if (!nocase) {
                        if (pattern[0] == string[0])
                            match = true;
                    } else {
                        if (std::tolower(static_cast<int>(pattern[0])) ==
                            std::tolower(static_cast<int>(string[0])))
                            match = true;
                    }
                }
                pattern++;
                patternLen--;
            }
            if (negate)
                match = !match;
            if (!match)
                return 0; // no match
            string++;
            stringLen--;
            break;
        }
        case '\\':
            if (patternLen >= 2) {
                pattern++;
                patternLen--;
            }
            [[fallthrough]];
        default:
            if (!nocase) {
                if (pattern[0] != string[0])
                    return 0; // no match
            } else {
                if (std::tolower(static_cast<int>(pattern[0])) !=
                    std::tolower(static_cast<int>(string[0])))
                    return 0; // no match
            }
            string++;
            stringLen--;
            break;
        }
        pattern++;
        patternLen--;
        if (stringLen == 0) {
            while (*pattern == '*') {
                pattern++;
                patternLen--;
            }
            break;
        }
    }
    if (patternLen == 0 && stringLen == 0)
        return 1;
    return 0;
}

} // namespace

bool globMatch(const QByteArray &pattern, const QByteArray &string, bool nocase)
{
    int skipLongerMatches = 0;
    return matchImpl(pattern.constData(), pattern.size(), string.constData(), string.size(), nocase,
                     &skipLongerMatches, 0) != 0;
}

} // namespace lockscope::redis
