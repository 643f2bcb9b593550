// How long EventLog::dropOldest keeps its caller (the monitor page's event loop) busy, when a
// log keeps a window of its history as the monitor's does (HistoryWindow: the newest 200,000
// events, dropping down to that once window / slack more came; the recorder's slack was 4 and
// is 64 now). Not a test: prints figures; EACH=1 prints every drop's time.
//
//   bench_event_log_drop [--keys N] [--cycles N] [--window N] [--slack N]
//
// Feeds the log what the monitor's first scan records (one KeyWritten per key, with its own
// token), then `cycles` lock cycles of four events with new tokens over 10,000 keys (following
// a churning server), and prints the number of drops, their total and longest time, the
// pool's size at the end and the time of the whole feed. Built only against core/events, so the
// same source builds against a previous version of event_log.cpp for a side-by-side run.
#include "events/event_log.h"

#include <QByteArray>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace lockscope;

int main(int argc, char **argv)
{
    qint64 keys = 100000, cycles = 250000, window = 200000, slack = 4;
    for (int i = 1; i + 1 < argc; i += 2) {
        const qint64 v = std::atoll(argv[i + 1]);
        if (!std::strcmp(argv[i], "--keys"))
            keys = v;
        else if (!std::strcmp(argv[i], "--cycles"))
            cycles = v;
        else if (!std::strcmp(argv[i], "--window"))
            window = v;
        else if (!std::strcmp(argv[i], "--slack"))
            slack = std::max<qint64>(1, v);
    }
    EventLog log;
    log.info().source = QStringLiteral("monitor");
    qint64 drops = 0, dropNs = 0, longestNs = 0, t = 0;
    auto add = [&](EventKind kind, const QByteArray &key, const QByteArray &text) {
        Event e;
        e.timeUs = ++t;
        e.kind = kind;
        e.node = 0;
        e.key = log.strings().intern(key);
        e.text = log.strings().intern(text);
        log.consume(e);
        // MonitorRecorder::keepWindow, by count: drops once window / slack events more came.
        const std::size_t max = std::size_t(window);
        if (log.events().size() > max + max / std::size_t(slack)) {
            QElapsedTimer timer;
            timer.start();
            log.dropOldest(log.events().size() - max);
            const qint64 ns = timer.nsecsElapsed();
            ++drops;
            dropNs += ns;
            longestNs = std::max(longestNs, ns);
            if (std::getenv("EACH"))
                std::printf("drop %lld: %.1f ms\n", static_cast<long long>(drops),
                            double(ns) / 1e6);
        }
    };
    QElapsedTimer all;
    all.start();
    for (qint64 k = 0; k < keys; ++k)
        add(EventKind::KeyWritten, "lock:scan:" + QByteArray::number(k),
            "token-scan-" + QByteArray::number(k) + "-0123456789abcdef");
    const qint64 scanMs = all.elapsed();
    for (qint64 c = 0; c < cycles; ++c) {
        const QByteArray key = "lock:churn:" + QByteArray::number(c % 10000);
        const QByteArray token = "token-" + QByteArray::number(c) + "-0123456789abcdef";
        add(EventKind::KeyWritten, key, token);
        add(EventKind::Acquired, key, token);
        add(EventKind::KeyDeleted, key, {});
        add(EventKind::Released, key, {});
    }
    std::printf("keys %lld, cycles %lld, window %lld, slack 1/%lld: %lld drops, %.1f ms in all, "
                "longest %.1f ms; "
                "scan fed in %lld ms, everything in %lld ms; pool size at the end %u\n",
                static_cast<long long>(keys), static_cast<long long>(cycles),
                static_cast<long long>(window), static_cast<long long>(slack),
                static_cast<long long>(drops), double(dropNs) / 1e6, double(longestNs) / 1e6,
                static_cast<long long>(scanMs), static_cast<long long>(all.elapsed()),
                log.strings().size());
    return 0;
}
