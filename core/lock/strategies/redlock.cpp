// redlock: SET NX PX on N independent nodes; held with a majority and positive validity
// (seed 003 §4.3, the Redis docs' Redlock, node-redlock, redsync). Unsafe under node restarts
// without persistence, clock jumps on nodes, and pauses longer than the validity.
#include "builtin_strategies.h"

#include "lock/script.h"

#include <QCoreApplication>

#include <algorithm>

namespace lockscope::strategies {

namespace {

QList<int> allNodes(const LockContext &ctx)
{
    QList<int> nodes;
    for (int i = 0; i < ctx.nodeCount(); ++i)
        nodes << i;
    return nodes;
}

class Redlock final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("redlock"),
            .title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "Redlock")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire: SET k token NX PX ttl on N nodes with a short timeout; held "
                            "if >= N/2+1 said OK and validity = ttl - elapsed - (ttl*0.01 + 2 ms) "
                            "> 0, else release everywhere and retry after a random delay; "
                            "release: compare-and-delete on every node")),
            .multiNode = true,
            .steps = {"acquire.set", "acquire.release", "release.script"},
            .caveat = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "Safe against one node crashing; unsafe under node restarts without "
                            "persistence, clock jumps on nodes, and pauses longer than the "
                            "validity.")),
        };
        return info;
    }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        const QByteArray &token = ensureToken(ctx, lock);
        const QByteArray &key = lock.request.key;
        const qint64 ttl = lock.request.ttlMs;
        const int n = ctx.nodeCount();

        const qint64 startMs = ctx.nowMs();
        QList<CallSpec> specs;
        specs.reserve(n);
        const Command set{QByteArrayLiteral("SET"), key,         token, QByteArrayLiteral("NX"),
                          QByteArrayLiteral("PX"),  ttlArg(lock)};
        for (int i = 0; i < n; ++i)
            specs << CallSpec{i, set, "acquire.set", lock.request.nodeTimeoutMs};
        const QList<Reply> replies = co_await ctx.callAll(std::move(specs));
        // Elapsed time is read only now that every reply is in: a client that paused with its
        // replies in flight sees the pause here and its validity shrinks accordingly.
        const qint64 elapsed = ctx.nowMs() - startMs;

        int yes = 0;
        int answered = 0;
        quint32 held = 0;
        for (qsizetype i = 0; i < replies.size(); ++i) {
            if (!replies[i].failed())
                ++answered;
            if (replies[i].isOk()) {
                ++yes;
                if (i < 32)
                    held |= 1u << i;
            }
        }
        const qint64 drift = static_cast<qint64>(static_cast<double>(ttl) * 0.01) + 2;
        const qint64 validity = ttl - elapsed - drift;
        const int quorum = n / 2 + 1;
        const bool acquired = yes >= quorum && validity > 0;
        ctx.note(LockNote::Quorum, key, yes,
                 QByteArray::number(yes) + '/' + QByteArray::number(n) +
                     QByteArrayLiteral(" nodes, quorum ") + QByteArray::number(quorum) +
                     QByteArrayLiteral(", validity ") + QByteArray::number(validity) +
                     QByteArrayLiteral(" ms"));

        if (acquired) {
            lock.acquiredAtMs = ctx.nowMs();
            lock.validityMs = validity;
            lock.nodesHeld = held;
            co_return AttemptResult{AttemptOutcome::Acquired, -1};
        }

        // Failed: undo on every node, including those that said no or did not answer (the
        // SET may have landed even though its reply was lost).
        lock.nodesHeld = 0;
        co_await evalScriptOnNodes(ctx, allNodes(ctx), compareAndDeleteScript(), command(key),
                                   command(token), "acquire.release", lock.request.nodeTimeoutMs);
        // A random delay before the next attempt is part of the algorithm: it desynchronises
        // clients that split the vote. 0..ttl/10, at most 200 ms.
        const qint64 jitter = ctx.randomBelow(std::min<qint64>(ttl / 10, 200) + 1);
        if (jitter > 0)
            co_await ctx.sleep(jitter);
        co_return AttemptResult{answered == 0 ? AttemptOutcome::Error : AttemptOutcome::Busy, -1};
    }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        const QList<Reply> replies = co_await evalScriptOnNodes(
            ctx, allNodes(ctx), compareAndDeleteScript(), command(lock.request.key),
            command(lock.token), "release.script", lock.request.nodeTimeoutMs);
        lock.nodesHeld = 0;
        bool anyAnswer = false;
        bool deleted = false;
        for (const Reply &reply : replies) {
            anyAnswer = anyAnswer || !reply.failed();
            deleted = deleted || (reply.isInteger() && reply.integer() == 1);
        }
        if (deleted)
            co_return ReleaseOutcome::Released;
        co_return anyAnswer ? ReleaseOutcome::NotHeld : ReleaseOutcome::Error;
    }
};

} // namespace

std::unique_ptr<Strategy> createRedlock()
{
    return std::make_unique<Redlock>();
}

} // namespace lockscope::strategies
