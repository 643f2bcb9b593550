#include "any_case_glob.h"

namespace lockscope {

namespace {
bool isAsciiLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
} // namespace

QByteArray anyCaseGlob(const QByteArray &pattern)
{
    QByteArray out;
    out.reserve(pattern.size() * 4);
    bool inClass = false;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '\\' && i + 1 < pattern.size()) {
            const char next = pattern[++i];
            if (!inClass && isAsciiLetter(next)) { // an escaped letter is still that letter
                out += '[';
                out += char(next | 0x20);
                out += char(next & ~0x20);
                out += ']';
            } else {
                out += c;
                out += next;
            }
            continue;
        }
        if (inClass) {
            // Inside a class both cases are added too, so [a-z] keeps its meaning for letters
            // ([a-zA-Z] would need range rewriting): a lone letter gets its other case beside it.
            if (c == ']') {
                inClass = false;
                out += c;
            } else if (isAsciiLetter(c) && !(i + 1 < pattern.size() && pattern[i + 1] == '-') &&
                       !(i > 0 && pattern[i - 1] == '-')) {
                out += char(c | 0x20);
                out += char(c & ~0x20);
            } else {
                out += c;
            }
            continue;
        }
        if (c == '[') {
            inClass = true;
            out += c;
            if (i + 1 < pattern.size() && pattern[i + 1] == '^') // the negation stays first
                out += pattern[++i];
        } else if (isAsciiLetter(c)) {
            out += '[';
            out += char(c | 0x20);
            out += char(c & ~0x20);
            out += ']';
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace lockscope
