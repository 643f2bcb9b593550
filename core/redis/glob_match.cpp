#include "glob_match.h"

#include <cctype>
#include <utility>

namespace lockscope::redis {

namespace {

// Redis's patterns, as its documentation of KEYS describes them and as redis-server answers
// (test_engine_differential and test_engine's glob cases are the referee):
//   ?      one byte             *      any run of bytes, the empty one too
//   [abc]  one of the bytes     [^abc] one byte not in the set
//   [a-z]  a range (a range written backwards, [z-a], is the same range)
//   \x     x itself, in and out of brackets
// and the corners redis-server shows: a '[' without its ']' runs to the end of the pattern; in
// a set, "x-y" is a range whenever a byte follows the '-', even if that byte is ']'; a '\' that
// ends the pattern stands for itself; an empty string matches only the empty pattern (not even
// "*": redis-server looks at no pattern byte when the string is empty).
class Glob {
public:
    Glob(const QByteArray &pattern, const QByteArray &string, bool nocase)
        : m_p(pattern.constData())
        , m_pn(pattern.size())
        , m_s(string.constData())
        , m_sn(string.size())
        , m_nocase(nocase)
    {}

    // Greedy matching with one resume point: when a token fails after a '*', the '*' takes
    // one more byte and matching resumes after it. Only the last '*' needs remembering, since
    // every other token matches exactly one byte: quadratic at worst, never exponential.
    bool match()
    {
        // redis-server gives up on patterns with more than 1000 '*' groups before the end
        // (it recurses once per group and stops at that depth): the answer is "no match".
        if (innerStarGroups() > 1000)
            return false;
        if (m_sn == 0)
            return m_pn == 0;
        qsizetype p = 0, s = 0;
        qsizetype starP = -1, starS = 0;
        while (s < m_sn) {
            if (p < m_pn && m_p[p] == '*') {
                while (p < m_pn && m_p[p] == '*')
                    ++p;
                if (p == m_pn)
                    return true; // a trailing '*' takes the rest
                starP = p;
                starS = s;
                continue;
            }
            qsizetype next = 0;
            if (p < m_pn && matchOne(p, m_s[s], &next)) {
                p = next;
                ++s;
                continue;
            }
            if (starP < 0)
                return false;
            p = starP;
            s = ++starS;
        }
        while (p < m_pn && m_p[p] == '*')
            ++p;
        return p == m_pn;
    }

private:
    // Does the token at `p` (not a '*') match byte `c`? Sets *next to the token after it.
    bool matchOne(qsizetype p, char c, qsizetype *next) const
    {
        switch (m_p[p]) {
        case '?':
            *next = p + 1;
            return true;
        case '[':
            return matchSet(p + 1, c, next);
        case '\\':
            if (p + 1 < m_pn)
                ++p;
            [[fallthrough]];
        default:
            *next = p + 1;
            return same(m_p[p], c);
        }
    }

    // A bracket set starting at `p` (just after the '[').
    bool matchSet(qsizetype p, char c, qsizetype *next) const
    {
        const bool negated = p < m_pn && m_p[p] == '^';
        if (negated)
            ++p;
        bool found = false;
        while (p < m_pn && m_p[p] != ']') {
            if (m_p[p] == '\\' && p + 1 < m_pn) {
                found |= m_p[p + 1] == c; // an escaped byte compares exactly, even with nocase
                p += 2;
            } else if (p + 2 < m_pn && m_p[p + 1] == '-') {
                found |= inRange(m_p[p], m_p[p + 2], c);
                p += 3;
            } else {
                found |= same(m_p[p], c);
                ++p;
            }
        }
        *next = p < m_pn ? p + 1 : p; // past the ']', or the end of an unclosed set
        return found != negated;
    }

    bool inRange(char from, char to, char c) const
    {
        int lo = static_cast<unsigned char>(from), hi = static_cast<unsigned char>(to);
        int x = static_cast<unsigned char>(c);
        if (lo > hi)
            std::swap(lo, hi);
        if (m_nocase) {
            lo = std::tolower(lo);
            hi = std::tolower(hi);
            x = std::tolower(x);
        }
        return x >= lo && x <= hi;
    }

    bool same(char a, char b) const
    {
        if (!m_nocase)
            return a == b;
        return std::tolower(static_cast<unsigned char>(a)) ==
               std::tolower(static_cast<unsigned char>(b));
    }

    // Runs of '*' that are followed by more pattern. Brackets and escapes are skipped: a '*'
    // inside them is a plain byte.
    int innerStarGroups() const
    {
        int groups = 0;
        for (qsizetype p = 0; p < m_pn;) {
            if (m_p[p] == '*') {
                while (p < m_pn && m_p[p] == '*')
                    ++p;
                if (p < m_pn)
                    ++groups;
            } else if (m_p[p] == '[') {
                qsizetype next = 0;
                matchSet(p + 1, '\0', &next);
                p = next;
            } else {
                p += (m_p[p] == '\\' && p + 1 < m_pn) ? 2 : 1;
            }
        }
        return groups;
    }

    const char *m_p;
    qsizetype m_pn;
    const char *m_s;
    qsizetype m_sn;
    bool m_nocase;
};

} // namespace

bool globMatch(const QByteArray &pattern, const QByteArray &string, bool nocase)
{
    return Glob(pattern, string, nocase).match();
}

} // namespace lockscope::redis
