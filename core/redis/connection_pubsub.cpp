#include "connection_pubsub.h"

#include <algorithm>

namespace lockscope::qtredis {

namespace {

bool isBulk(const Reply &r, const char *text)
{
    return r.isBulk() && r.text() == text;
}

} // namespace

ExpectedConfirmations Subscriptions::expectedConfirmations(const Command &argv)
{
    // Asked for every command sent: the names below are 9 to 12 letters long, and most commands
    // are not, so most are answered without lowering a copy of their name.
    if (argv.at(0).size() < 9 || argv.at(0).size() > 12)
        return {};
    const QByteArray name = argv.at(0).toLower();
    if (name == "subscribe" || name == "psubscribe")
        return {static_cast<int>(argv.size() - 1), false};
    if (name == "unsubscribe" || name == "punsubscribe")
        return {argv.size() > 1 ? static_cast<int>(argv.size() - 1) : -1, name == "punsubscribe"};
    return {};
}

bool Subscriptions::isConfirmation(const Reply &reply)
{
    if (!reply.isArray() || reply.elements().size() != 3 || !reply.elements().at(2).isInteger())
        return false;
    const Reply &kind = reply.elements().at(0);
    return isBulk(kind, "subscribe") || isBulk(kind, "unsubscribe") || isBulk(kind, "psubscribe") ||
           isBulk(kind, "punsubscribe");
}

Command Subscriptions::renewal() const
{
    if (m_wanted.isEmpty())
        return {};
    QList<QByteArray> list = m_wanted.values();
    std::sort(list.begin(), list.end());
    Command argv{QByteArrayLiteral("SUBSCRIBE")};
    argv += list;
    return argv;
}

std::optional<PushedMessage> Subscriptions::pushedMessage(const Reply &reply) const
{
    if ((m_channels.isEmpty() && m_patterns.isEmpty()) || !reply.isArray())
        return std::nullopt;
    const QList<Reply> &e = reply.elements();
    if (e.size() == 3 && isBulk(e.at(0), "message"))
        return PushedMessage{e.at(1).text(), e.at(2).text(), QByteArray()};
    if (e.size() == 4 && isBulk(e.at(0), "pmessage"))
        return PushedMessage{e.at(2).text(), e.at(3).text(), e.at(1).text()};
    return std::nullopt;
}

void Subscriptions::applyConfirmation(const Reply &reply)
{
    const QByteArray &kind = reply.elements().at(0).text();
    const QByteArray &name = reply.elements().at(1).text();
    if (kind == "subscribe")
        m_channels.insert(name);
    else if (kind == "unsubscribe")
        m_channels.remove(name);
    else if (kind == "psubscribe")
        m_patterns.insert(name);
    else
        m_patterns.remove(name);
}

qsizetype Subscriptions::confirmedCount(bool patterns) const
{
    return patterns ? m_patterns.size() : m_channels.size();
}

void Subscriptions::forgetConfirmed()
{
    m_channels.clear();
    m_patterns.clear();
}

} // namespace lockscope::qtredis
