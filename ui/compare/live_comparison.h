// The cost figures measured on a real server: lockscope-cli bench's workload (LiveBench), once
// per strategy, one strategy after the other on the window's event loop.
#pragma once

#include "compare_settings.h"
#include "cost_model.h"
#include "redis/connection.h"

#include <QObject>

#include <memory>

namespace lockscope {
class LiveBench;
class LatencyHistogramSink;
struct LiveBenchResult;
} // namespace lockscope

namespace lockscope::ui {

class LiveComparison final : public QObject {
    Q_OBJECT
public:
    explicit LiveComparison(QObject *parent = nullptr);
    ~LiveComparison() override;

    // False with *error (one sentence) for a URL that does not parse or no strategy. An
    // unreachable server is reported later, by failed().
    bool start(const LiveSettings &settings, QString *error = nullptr);
    void cancel();
    bool isRunning() const { return m_running; }
    const QList<CostRow> &rows() const { return m_rows; }
    QString server() const { return m_server; }
    int strategiesDone() const { return int(m_rows.size()); }
    int strategiesTotal() const { return int(m_settings.strategies.size()); }

    static CostRow costOf(const QString &strategy, const LiveBenchResult &result,
                          const LatencyHistogram &latency);

signals:
    void strategyFinished(const lockscope::ui::CostRow &row);
    void failed(const QString &error); // the server could not be used; nothing more runs
    void finished(bool cancelled);

private:
    void startNext();
    void onBenchFinished();

    LiveSettings m_settings;
    QList<ConnectionOptions> m_servers;
    QString m_server;
    QList<CostRow> m_rows;
    // The sink outlives the bench that feeds it (members are destroyed bottom-up).
    std::shared_ptr<LatencyHistogramSink> m_sink;
    std::unique_ptr<LiveBench> m_bench;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace lockscope::ui
