// Pub/sub bookkeeping: which session listens to which channel or pattern, in subscription order
// (so deliveries happen in a deterministic order; Redis's pattern order is its dict's).
#pragma once

#include "glob_match.h"

#include <QByteArray>

#include <map>
#include <unordered_map>
#include <vector>

namespace lockscope::redis {

class PubSub {
public:
    // Each returns true when the subscription set changed.
    bool subscribe(int session, const QByteArray &channel);
    bool unsubscribe(int session, const QByteArray &channel);
    bool psubscribe(int session, const QByteArray &pattern);
    bool punsubscribe(int session, const QByteArray &pattern);
    void dropSession(int session);

    // Channels + patterns of the session: the count in (un)subscribe replies.
    int subscriptionCount(int session) const;
    // Asked for every command: no look-up while nobody ever subscribed (most simulations).
    bool isSubscribed(int session) const
    {
        return !m_sessions.empty() && subscriptionCount(session) > 0;
    }
    std::vector<QByteArray> channelsOf(int session) const;
    std::vector<QByteArray> patternsOf(int session) const;

    // Calls deliver(session, pattern) once per receiver (channel subscribers first with an empty
    // pattern, then each matching pattern subscription) and returns the number of receivers,
    // as PUBLISH replies. A template so the hot path needs no std::function allocation.
    template <typename Deliver> int publish(const QByteArray &channel, Deliver &&deliver) const
    {
        int receivers = 0;
        if (const auto it = m_channels.find(channel); it != m_channels.end()) {
            for (const int session : it->second) {
                deliver(session, QByteArray());
                ++receivers;
            }
        }
        for (const auto &[pattern, session] : m_patterns) {
            if (globMatch(pattern, channel)) {
                deliver(session, pattern);
                ++receivers;
            }
        }
        return receivers;
    }
    bool hasSubscribers() const { return !m_channels.empty() || !m_patterns.empty(); }

    // PUBSUB introspection.
    std::vector<QByteArray> activeChannels() const; // sorted
    int subscriberCount(const QByteArray &channel) const;
    int patternCount() const;

private:
    struct Session {
        std::vector<QByteArray> channels;
        std::vector<QByteArray> patterns;
    };
    std::unordered_map<int, Session> m_sessions;
    std::map<QByteArray, std::vector<int>> m_channels;  // channel -> sessions in order
    std::vector<std::pair<QByteArray, int>> m_patterns; // (pattern, session) in order
};

} // namespace lockscope::redis
