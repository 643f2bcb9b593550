// The outcomes docs/lock-catalogue.md gives for each (scenario, strategy) pair it names, written as
// checks on one run's report. Shared by the per-pair tests (seed 1) and the property test (500
// seeds), so both assert the same catalogue.
#pragma once

#include "sim/checker.h"

#include <QList>
#include <QString>

namespace lockscope::test {

enum Expect : quint32 {
    NoViolation = 1 << 0,      // no overlap, no mistaken deletion
    Violation = 1 << 1,        // two holders at once
    MistakenDeletion = 1 << 2, // a release deleted someone else's lock
    StuckLock = 1 << 3,        // a key with no TTL whose owner is gone
    NoStuckLock = 1 << 4,
    NoLostUpdate = 1 << 5,
    StaleRejected = 1 << 6,    // the fenced resource refused a stale token
    ExactCounter = 1 << 7,     // contention: counter == expected and every cycle acquired
    Starvation = 1 << 8,       // some client never got the lock
    EveryoneAcquired = 1 << 9, // no starved client
    Retried = 1 << 10,         // at least one failed attempt (split vote)
    FastNested = 1 << 11,      // nested acquire at once (reentrant)
    SlowNested = 1 << 12,      // nested acquire only after the holder's own TTL
    GaveUp = 1 << 13,          // some acquire gave up
    GhostWait = 1 << 14,       // someone waited about a TTL for a lock nobody held
    WaitedForHolder = 1 << 15, // the second client waited for the first one's whole task
};

struct Expectation {
    QString scenario;
    QString strategy;
    quint32 expect;
};

// Checks one report; returns the first broken expectation in words, or an empty string.
inline QString checkExpectation(quint32 e, const CheckReport &r, qint64 ttlMs)
{
    auto need = [&](Expect flag, bool ok, const char *what) -> QString {
        return (e & flag) && !ok ? QString::fromLatin1(what) : QString();
    };
    QString why;
    for (const QString &w : {
             need(NoViolation, r.violations == 0 && r.mistakenDeletions == 0,
                  "expected no violation and no mistaken deletion"),
             need(Violation, r.violations >= 1, "expected a violation (two holders)"),
             need(MistakenDeletion, r.mistakenDeletions >= 1, "expected a mistaken deletion"),
             need(StuckLock, r.stuckLocks >= 1, "expected a stuck lock"),
             need(NoStuckLock, r.stuckLocks == 0, "expected no stuck lock"),
             need(NoLostUpdate, r.lostUpdates == 0, "expected no lost update"),
             need(StaleRejected, r.staleWritesRejected >= 1, "expected a stale write rejected"),
             need(ExactCounter,
                  r.counterActual == r.counterExpected && r.counterExpected == r.acquisitions &&
                      r.lostUpdates == 0,
                  "expected the counter to equal the number of acquisitions"),
             need(Starvation, r.starvedClients >= 1, "expected a starved client"),
             need(EveryoneAcquired, r.starvedClients == 0, "expected every client to acquire"),
             need(Retried, r.failedAttempts >= 1, "expected failed attempts"),
             need(FastNested, r.latencyMaxMs < 50,
                  "expected the nested acquire to succeed at once"),
             need(SlowNested, r.latencyMaxMs >= double(ttlMs) * 0.9,
                  "expected the nested acquire to wait for the holder's own TTL"),
             need(GaveUp, r.gaveUp >= 1, "expected an acquire to give up"),
             need(GhostWait, r.latencyMaxMs >= double(ttlMs) * 0.7,
                  "expected a client to wait for the ghost lock's TTL"),
             need(WaitedForHolder, r.latencyMaxMs >= double(ttlMs) * 1.4,
                  "expected the second client to wait for the whole long task"),
         }) {
        if (!w.isEmpty())
            return w;
    }
    return why;
}

inline const QList<Expectation> &catalogue()
{
    // Strategy groups as docs/lock-catalogue.md uses them.
    static const QStringList ttlStrategies = {
        QStringLiteral("setnx-expire"),      QStringLiteral("set-nx-px-del"),
        QStringLiteral("set-nx-px-get-del"), QStringLiteral("set-nx-px-lua"),
        QStringLiteral("lua-setnx-pexpire"), QStringLiteral("reentrant-hash"),
        QStringLiteral("watchdog"),          QStringLiteral("redlock"),
    };
    static const QStringList atomicCorrect = {
        QStringLiteral("set-nx-px-lua"),  QStringLiteral("lua-setnx-pexpire"),
        QStringLiteral("reentrant-hash"), QStringLiteral("watchdog"),
        QStringLiteral("fenced"),         QStringLiteral("redlock"),
    };
    static const QStringList singleInstance = {
        QStringLiteral("setnx-expire"),   QStringLiteral("setnx-getset"),
        QStringLiteral("set-nx-px-del"),  QStringLiteral("set-nx-px-get-del"),
        QStringLiteral("set-nx-px-lua"),  QStringLiteral("lua-setnx-pexpire"),
        QStringLiteral("reentrant-hash"), QStringLiteral("watchdog"),
        QStringLiteral("fenced"),
    };
    static const QList<Expectation> list = [] {
        QList<Expectation> l;
        auto add = [&l](const char *scenario, const QString &strategy, quint32 e) {
            l.append({QString::fromLatin1(scenario), strategy, e});
        };
        // 1. Crash mid-acquire: setnx-expire leaves a key with no TTL; atomic ones expire.
        add("crash-mid-acquire", QStringLiteral("setnx-expire"), StuckLock | Starvation);
        for (const auto &s : atomicCorrect)
            add("crash-mid-acquire", s, NoStuckLock | NoViolation | EveryoneAcquired);
        add("crash-mid-acquire", QStringLiteral("set-nx-px-del"), NoStuckLock | EveryoneAcquired);
        add("crash-mid-acquire", QStringLiteral("set-nx-px-get-del"),
            NoStuckLock | EveryoneAcquired);
        // 2. Pause after acquire: two holders for every TTL-based strategy; set-nx-px-del also
        //    deletes B's lock; fenced rejects the stale write and loses no update.
        for (const auto &s : ttlStrategies)
            add("pause-after-acquire", s, Violation);
        add("pause-after-acquire", QStringLiteral("setnx-getset"), Violation);
        add("pause-after-acquire", QStringLiteral("set-nx-px-del"), Violation | MistakenDeletion);
        add("pause-after-acquire", QStringLiteral("fenced"), StaleRejected | NoLostUpdate);
        // 3. Pause between check and delete: only the GET-then-DEL release deletes B's lock.
        add("pause-before-delete", QStringLiteral("set-nx-px-get-del"),
            MistakenDeletion | Violation);
        for (const auto &s : atomicCorrect)
            add("pause-before-delete", s, NoViolation);
        add("pause-before-delete", QStringLiteral("setnx-expire"), NoViolation);
        // 4. Long task: fixed TTLs overlap; the watchdog holds; fenced rejects stale writes.
        for (const auto &s : ttlStrategies) {
            if (s != QLatin1String("watchdog"))
                add("long-task", s, Violation);
        }
        add("long-task", QStringLiteral("watchdog"), NoViolation | WaitedForHolder);
        add("long-task", QStringLiteral("fenced"), StaleRejected | NoLostUpdate);
        // 5. Client clock skew: setnx-getset admits two holders; server TTLs are unaffected.
        add("client-clock-skew", QStringLiteral("setnx-getset"), Violation | MistakenDeletion);
        for (const auto &s : atomicCorrect)
            add("client-clock-skew", s, NoViolation);
        // 6. Failover: two holders for every single-instance strategy; redlock unaffected.
        for (const auto &s : singleInstance)
            add("failover", s, Violation);
        add("failover", QStringLiteral("redlock"), NoViolation | EveryoneAcquired);
        // 7. Node restart without persistence: redlock admits B.
        add("node-restart", QStringLiteral("redlock"), Violation);
        // 8. Clock jump on a node: redlock admits B.
        add("node-clock-jump", QStringLiteral("redlock"), Violation);
        // 9. Pause with replies in flight: redlock computes elapsed time after the replies and
        //    backs off; a client that does not believes it holds the lock.
        add("pause-replies-in-flight", QStringLiteral("redlock"), NoViolation);
        add("pause-replies-in-flight", QStringLiteral("set-nx-px-lua"), Violation);
        // 10. Lost reply: a ghost lock costs availability, not safety; setnx-expire never
        //     sends its EXPIRE.
        for (const auto &s : {QStringLiteral("set-nx-px-lua"), QStringLiteral("lua-setnx-pexpire"),
                              QStringLiteral("fenced")})
            add("lost-reply", s, NoViolation | GhostWait | GaveUp);
        // The reentrant holder's retry finds its own field and re-enters its ghost; its one
        // release leaves a hold count of 1, so B still waits out the TTL.
        add("lost-reply", QStringLiteral("reentrant-hash"), NoViolation | GhostWait);
        add("lost-reply", QStringLiteral("setnx-expire"), StuckLock | NoViolation);
        // 11. Nested acquire: only the reentrant strategy lets the holder in at once.
        add("nested-acquire", QStringLiteral("reentrant-hash"), FastNested | NoViolation);
        for (const auto &s : {QStringLiteral("set-nx-px-lua"), QStringLiteral("lua-setnx-pexpire"),
                              QStringLiteral("fenced"), QStringLiteral("setnx-expire")})
            add("nested-acquire", s, SlowNested);
        add("nested-acquire", QStringLiteral("watchdog"), GaveUp);
        // 12. Split vote: a liveness loss, not a safety loss.
        add("split-vote", QStringLiteral("redlock"), NoViolation | Retried | EveryoneAcquired);
        // 13. Plain contention: a correct lock ends at exactly 1000.
        for (const auto &s : atomicCorrect)
            add("contention", s, ExactCounter | NoViolation);
        return l;
    }();
    return list;
}

} // namespace lockscope::test
