#include "reply.h"

namespace lockscope {

namespace {

bool needsQuoting(const QByteArray &s)
{
    if (s.isEmpty())
        return true;
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= ' ' || u >= 0x7f || c == '"' || c == '\\' || c == '\'')
            return true;
    }
    return false;
}

// Quotes a string the way redis-cli does: printable characters as they are, the rest escaped.
QByteArray quoted(const QByteArray &s)
{
    QByteArray out;
    out.reserve(s.size() + 2);
    out += '"';
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (u < 0x20 || u >= 0x7f) {
                static const char hex[] = "0123456789abcdef";
                out += "\\x";
                out += hex[u >> 4];
                out += hex[u & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return out;
}

} // namespace

QByteArray Reply::errorCode() const
{
    if (m_type != Type::Error)
        return {};
    const auto space = m_text.indexOf(' ');
    return space < 0 ? m_text : m_text.left(space);
}

QByteArray Reply::toDisplay() const
{
    switch (m_type) {
    case Type::Nil:
        return QByteArrayLiteral("(nil)");
    case Type::Status:
        return m_text;
    case Type::Error:
        return "(error) " + m_text;
    case Type::NoReply:
        return "(no reply: " + m_text + ')';
    case Type::Integer:
        return "(integer) " + QByteArray::number(m_integer);
    case Type::Bulk:
        return quoted(m_text);
    case Type::Array: {
        if (m_elements.isEmpty())
            return QByteArrayLiteral("(empty array)");
        QByteArray out;
        for (qsizetype i = 0; i < m_elements.size(); ++i) {
            if (i)
                out += ' ';
            out += QByteArray::number(i + 1) + ") " + m_elements[i].toDisplay();
        }
        return out;
    }
    }
    return {};
}

bool operator==(const Reply &a, const Reply &b)
{
    return a.m_type == b.m_type && a.m_noReplyKind == b.m_noReplyKind &&
           a.m_integer == b.m_integer && a.m_text == b.m_text && a.m_elements == b.m_elements;
}

QByteArray commandToDisplay(const Command &argv)
{
    QByteArray out;
    for (qsizetype i = 0; i < argv.size(); ++i) {
        if (i)
            out += ' ';
        out +=
            needsQuoting(argv[i]) || (i > 0 && argv[i].contains('\n')) ? quoted(argv[i]) : argv[i];
    }
    return out;
}

} // namespace lockscope
