#include "live_comparison.h"

#include "live/live_bench.h"
#include "lock/strategy_registry.h"

namespace lockscope::ui {

LiveComparison::LiveComparison(QObject *parent)
    : QObject(parent)
{}

LiveComparison::~LiveComparison()
{
    // The bench cleans up its keys even when cancelled; destroying it stops it.
    if (m_bench)
        m_bench->disconnect(this);
}

bool LiveComparison::start(const LiveSettings &settings, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (m_running)
        return fail(tr("A live measurement is running already."));
    if (settings.url.isEmpty())
        return fail(tr("Give the Redis server's URL (host:port or redis://host:port)."));
    if (settings.strategies.isEmpty())
        return fail(tr("Choose at least one strategy."));
    QList<ConnectionOptions> servers;
    for (const QString &url : settings.url.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        ConnectionOptions o;
        QString why;
        if (!ConnectionOptions::fromUrl(url.trimmed(), &o, &why))
            return fail(tr("The URL \"%1\" cannot be used: %2").arg(url.trimmed(), why));
        servers << o;
    }
    if (servers.isEmpty())
        return fail(tr("Give the Redis server's URL (host:port or redis://host:port)."));
    m_settings = settings;
    m_servers = servers;
    m_server = settings.url;
    m_rows.clear();
    m_running = true;
    m_cancelled = false;
    startNext();
    return true;
}

void LiveComparison::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    if (m_bench)
        m_bench->cancel();
}

void LiveComparison::startNext()
{
    const int i = int(m_rows.size());
    if (m_cancelled || i >= m_settings.strategies.size()) {
        m_running = false;
        emit finished(m_cancelled);
        return;
    }
    const QString strategy = m_settings.strategies[i];
    LiveBenchConfig config;
    config.strategyId = strategy;
    // Redlock takes every server given; the others the first.
    const auto s = createStrategy(strategy);
    config.servers = s && s->info().multiNode ? m_servers : QList<ConnectionOptions>{m_servers[0]};
    config.clients = m_settings.clients;
    config.ttlMs = m_settings.ttlMs;
    config.durationMs = m_settings.durationMs;
    m_sink = std::make_shared<LatencyHistogramSink>();
    config.extraSink = m_sink.get();
    m_bench = std::make_unique<LiveBench>(config);
    connect(m_bench.get(), &LiveBench::finished, this, &LiveComparison::onBenchFinished,
            Qt::QueuedConnection);
    m_bench->start();
}

void LiveComparison::onBenchFinished()
{
    const LiveBenchResult result = m_bench->result();
    const QString strategy = m_settings.strategies[m_rows.size()];
    const LatencyHistogram latency = m_sink->histogram;
    // Deleted later, keeping its sink alive until then: the bench may still be unwinding.
    LiveBench *bench = m_bench.release();
    connect(bench, &QObject::destroyed, bench, [sink = m_sink] { Q_UNUSED(sink) });
    bench->deleteLater();
    if (!result.ok && !m_cancelled) { // a cancel during the preflight is no failure
        m_running = false;
        emit failed(result.error.isEmpty() ? tr("The live run of %1 failed.").arg(strategy)
                                           : result.error);
        emit finished(true);
        return;
    }
    if (!result.cancelled) {
        m_rows << costOf(strategy, result, latency);
        emit strategyFinished(m_rows.last());
    }
    startNext();
}

CostRow LiveComparison::costOf(const QString &strategy, const LiveBenchResult &result,
                               const LatencyHistogram &latency)
{
    CostRow c;
    c.strategy = strategy;
    c.runs = 1;
    c.acquisitions = qint64(result.acquisitions);
    c.throughput =
        result.elapsedMs > 0 ? double(result.acquisitions) * 1000.0 / result.elapsedMs : 0;
    c.latencyP50Ms = result.report.latencyP50Ms;
    c.latencyP99Ms = result.report.latencyP99Ms;
    if (result.acquisitions > 0)
        c.commandsPerAcquisition = double(result.commands) / double(result.acquisitions);
    c.fairness = result.report.fairness;
    c.latency = latency;
    return c;
}

} // namespace lockscope::ui
