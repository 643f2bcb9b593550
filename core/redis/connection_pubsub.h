// The pub/sub side of a QtRedis connection: which channels subscribe() asked for (asked again
// after every reconnect), which channels and patterns the server has confirmed on the current
// transport, and how the replies of a subscribed connection are told apart: a pushed message
// is nobody's reply, a (P)(UN)SUBSCRIBE confirmation answers a request of its own kind.
#pragma once

#include "reply.h"

#include <QSet>

#include <optional>

namespace lockscope::qtredis {

// A message the server pushed: "message" (pattern empty) or "pmessage".
struct PushedMessage {
    QByteArray channel;
    QByteArray message;
    QByteArray pattern;
};

// How many confirmations a command gets instead of one reply.
struct ExpectedConfirmations {
    // 0: an ordinary command. -1: an argument-less (P)UNSUBSCRIBE, which gets one per channel
    // (pattern) subscribed at the moment the server runs it, at least one.
    int count = 0;
    bool ofPatterns = false; // for -1: count patterns rather than channels
};

class Subscriptions {
public:
    static ExpectedConfirmations expectedConfirmations(const Command &argv);
    static bool isConfirmation(const Reply &reply);

    // What subscribe() and unsubscribe() asked for.
    void want(const QByteArray &channel) { m_wanted.insert(channel); }
    void unwant(const QByteArray &channel) { m_wanted.remove(channel); }
    // One SUBSCRIBE for every wanted channel (sorted), for a new transport; empty if none.
    Command renewal() const;

    // The pushed message in `reply`, if it is one. Only a subscribed connection receives pushes,
    // and only after the server confirmed a subscription; before that an array starting with
    // "message" is an ordinary reply.
    std::optional<PushedMessage> pushedMessage(const Reply &reply) const;
    // Records what a confirmation says the server now has.
    void applyConfirmation(const Reply &reply);
    // How many channels (or patterns) the server has confirmed on this transport.
    qsizetype confirmedCount(bool patterns) const;
    // The transport is gone, and its subscriptions with it.
    void forgetConfirmed();

private:
    QSet<QByteArray> m_wanted;   // what subscribe() asked for; renewed after a reconnect
    QSet<QByteArray> m_channels; // what the server confirmed on this transport
    QSet<QByteArray> m_patterns;
};

} // namespace lockscope::qtredis
