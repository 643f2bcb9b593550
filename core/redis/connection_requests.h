// The requests of a QtRedis connection: those waiting for Ready (pending), those written and
// waiting for their reply (in flight, answered in FIFO order, as Redis answers a pipeline), and
// one timer for all their timeouts. It decides nothing about the transport; the connection
// writes the bytes and tells it what was written, answered or lost.
//
// A request is finished once its callback has been handed out (answered, failed or timed out).
// A finished request may stay in flight: its late reply still takes its FIFO slot, and is
// discarded.
#pragma once

#include "reply.h"

#include <QElapsedTimer>
#include <QHash>
#include <QString>

#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <vector>

class QObject;
class QTimer;

namespace lockscope::qtredis {

class Subscriptions;

using Callback = std::function<void(const Reply &)>;

struct Request {
    static constexpr qint64 kNoDeadline = std::numeric_limits<qint64>::max();

    quint64 id = 0;
    QByteArray wire;      // the encoded command; dropped once written
    qint64 wireBytes = 0; // its size, counted in flight until the reply comes
    Callback done;
    qint64 timeoutMs = 0;
    qint64 deadline = kNoDeadline;
    // (P)(UN)SUBSCRIBE answer with one confirmation per channel instead of one reply; this many
    // are still to come. -1: an argument-less (P)UNSUBSCRIBE, which gets one per channel
    // (pattern) subscribed at the moment the server runs it, at least one.
    int confirmations = 0;
    bool unsubscribeAllPatterns = false; // for -1: count patterns rather than channels
    bool internal = false;               // AUTH/SELECT of the handshake: dies with its transport
    bool fromSubscribeApi = false;       // subscribe()/unsubscribe(): replaced after a reconnect
    bool sent = false;
    bool finished = false; // the callback has been handed out; a late reply is discarded
};
using RequestPtr = std::unique_ptr<Request>;

// A callback to run once the caller's own bookkeeping is done.
struct Completion {
    Callback done;
    Reply reply;
};
void runAll(std::vector<Completion> &list);

class RequestQueue {
public:
    // `defaultTimeoutMs` is for requests made with a negative timeout; `unsentCause` names why
    // there is no connection, for the timeout of a request that was never written;
    // `maxBytesInFlight` > 0 holds requests back until they fit (0: no limit).
    RequestQueue(QObject *owner, qint64 defaultTimeoutMs, qint64 maxBytesInFlight,
                 std::function<QString()> unsentCause);
    Q_DISABLE_COPY_MOVE(RequestQueue)

    // An id for a request that is refused before it is made (ids are never reused).
    quint64 takeId() { return m_nextId++; }
    // A new request; its wire is empty if the command cannot be encoded.
    RequestPtr make(const Command &argv, Callback done, qint64 timeoutMs);
    // Starts the request's timeout, if it has one.
    void startClock(Request &r);

    bool hasPending() const { return !m_pending.empty(); }
    void queue(RequestPtr r) { m_pending.push_back(std::move(r)); }
    void queueFirst(RequestPtr r) { m_pending.push_front(std::move(r)); }
    // Drops the pending requests of subscribe()/unsubscribe(): a renewal replaces them.
    void dropPendingFromSubscribeApi();
    // Moves the pending requests that are still wanted in flight, in order and as many as
    // fit(), and returns their bytes for one write: a pipeline, not a round trip per command.
    // *count: how many.
    QByteArray takePending(quint64 *count);
    // `r` was written: it waits in flight for its reply.
    void markWritten(RequestPtr r);
    // The bytes of the requests written and not answered yet.
    qint64 bytesInFlight() const { return m_bytesInFlight; }
    // Whether `bytes` more may be written under the limit. A command bigger than the limit
    // goes when nothing else is in flight.
    bool fits(qint64 bytes) const
    {
        return m_maxBytesInFlight <= 0 || m_bytesInFlight == 0 ||
               m_bytesInFlight + bytes <= m_maxBytesInFlight;
    }
    // Requests wait for room and half of the limit is free again: time to send the next ones.
    bool wantsRefill() const
    {
        return m_maxBytesInFlight > 0 && !m_pending.empty() &&
               m_bytesInFlight <= m_maxBytesInFlight / 2;
    }

    bool hasInflight() const { return !m_inflight.empty(); }
    // Matches a reply to the oldest request in flight (there must be one) and returns the
    // callback to run with it, empty if the request had finished already.
    Callback answer(const Reply &reply, Subscriptions &subscriptions);

    // Marks the request finished and hands back its callback.
    Callback finish(Request &r);
    // Every unfinished request of the queue completes with `why` (the handshake's silently);
    // the queue is emptied.
    void failInflight(const Reply &why, std::vector<Completion> *out);
    void failPending(const Reply &why, std::vector<Completion> *out);
    // Re-arms the timer for what is left (nothing, after the failures above).
    void rearm();
    // Forgets every deadline; for a connection that closes.
    void stopTimeouts();

private:
    using Deadline = std::pair<qint64, quint64>;

    qint64 now() const { return m_clock.elapsed(); }
    RequestPtr popInflight();
    void failAll(std::deque<RequestPtr> &queue, const Reply &why, std::vector<Completion> *out);
    void onTimeouts();

    qint64 m_defaultTimeoutMs;
    qint64 m_maxBytesInFlight;
    std::function<QString()> m_unsentCause;
    QTimer *m_timer;
    QElapsedTimer m_clock;

    std::deque<RequestPtr> m_pending;  // not written yet (waiting for Ready, or for room)
    std::deque<RequestPtr> m_inflight; // written, replies come back in this order
    qint64 m_bytesInFlight = 0;        // the wireBytes of m_inflight
    QHash<quint64, Request *> m_live;  // unfinished requests with a deadline, by id
    std::priority_queue<Deadline, std::vector<Deadline>, std::greater<>> m_deadlines;
    qint64 m_armedDeadline = Request::kNoDeadline;
    quint64 m_nextId = 1;
};

} // namespace lockscope::qtredis
