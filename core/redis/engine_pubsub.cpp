#include "engine_pubsub.h"

#include <algorithm>
#include <set>

namespace lockscope::redis {

namespace {

bool eraseValue(std::vector<QByteArray> &list, const QByteArray &value)
{
    const auto it = std::find(list.begin(), list.end(), value);
    if (it == list.end())
        return false;
    list.erase(it);
    return true;
}

} // namespace

bool PubSub::subscribe(int session, const QByteArray &channel)
{
    Session &s = m_sessions[session];
    if (std::find(s.channels.begin(), s.channels.end(), channel) != s.channels.end())
        return false;
    s.channels.push_back(channel);
    m_channels[channel].push_back(session);
    return true;
}

bool PubSub::unsubscribe(int session, const QByteArray &channel)
{
    const auto sit = m_sessions.find(session);
    if (sit == m_sessions.end() || !eraseValue(sit->second.channels, channel))
        return false;
    const auto cit = m_channels.find(channel);
    if (cit != m_channels.end()) {
        auto &subs = cit->second;
        subs.erase(std::find(subs.begin(), subs.end(), session));
        if (subs.empty())
            m_channels.erase(cit);
    }
    if (sit->second.channels.empty() && sit->second.patterns.empty())
        m_sessions.erase(sit);
    return true;
}

bool PubSub::psubscribe(int session, const QByteArray &pattern)
{
    Session &s = m_sessions[session];
    if (std::find(s.patterns.begin(), s.patterns.end(), pattern) != s.patterns.end())
        return false;
    s.patterns.push_back(pattern);
    m_patterns.emplace_back(pattern, session);
    return true;
}

bool PubSub::punsubscribe(int session, const QByteArray &pattern)
{
    const auto sit = m_sessions.find(session);
    if (sit == m_sessions.end() || !eraseValue(sit->second.patterns, pattern))
        return false;
    m_patterns.erase(std::find(m_patterns.begin(), m_patterns.end(),
                               std::pair<QByteArray, int>(pattern, session)));
    if (sit->second.channels.empty() && sit->second.patterns.empty())
        m_sessions.erase(sit);
    return true;
}

void PubSub::dropSession(int session)
{
    const auto sit = m_sessions.find(session);
    if (sit == m_sessions.end())
        return;
    const Session s = sit->second;
    for (const QByteArray &c : s.channels)
        unsubscribe(session, c);
    for (const QByteArray &p : s.patterns)
        punsubscribe(session, p);
}

int PubSub::subscriptionCount(int session) const
{
    const auto it = m_sessions.find(session);
    if (it == m_sessions.end())
        return 0;
    return static_cast<int>(it->second.channels.size() + it->second.patterns.size());
}

std::vector<QByteArray> PubSub::channelsOf(int session) const
{
    const auto it = m_sessions.find(session);
    return it == m_sessions.end() ? std::vector<QByteArray>{} : it->second.channels;
}

std::vector<QByteArray> PubSub::patternsOf(int session) const
{
    const auto it = m_sessions.find(session);
    return it == m_sessions.end() ? std::vector<QByteArray>{} : it->second.patterns;
}

std::vector<QByteArray> PubSub::activeChannels() const
{
    std::vector<QByteArray> out;
    out.reserve(m_channels.size());
    for (const auto &entry : m_channels)
        out.push_back(entry.first);
    return out;
}

int PubSub::subscriberCount(const QByteArray &channel) const
{
    const auto it = m_channels.find(channel);
    return it == m_channels.end() ? 0 : static_cast<int>(it->second.size());
}

int PubSub::patternCount() const
{
    // PUBSUB NUMPAT counts distinct patterns, not pattern subscriptions.
    std::set<QByteArray> distinct;
    for (const auto &entry : m_patterns)
        distinct.insert(entry.first);
    return static_cast<int>(distinct.size());
}

} // namespace lockscope::redis
