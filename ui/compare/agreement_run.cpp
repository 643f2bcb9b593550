#include "agreement_run.h"

#include "live/local_redis.h"
#include "lock/strategy_registry.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QThread>

namespace lockscope::ui {

AgreementRun::AgreementRun(QObject *parent)
    : QObject(parent)
{}

AgreementRun::~AgreementRun()
{
    // Each cell's live run stops its servers when it sees the flag; the worker returns once the
    // matrix's threads have joined. What the worker posted meanwhile dies with m_handoff.
    if (m_cancel)
        m_cancel->store(true);
    if (m_thread)
        m_thread->wait();
}

bool AgreementRun::start(const CompareSettings &settings, int repetitions, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (m_running)
        return fail(tr("The matrix is running on real Redis already."));
    if (settings.scenarioIds.isEmpty() || settings.strategies.isEmpty())
        return fail(tr("Choose at least one scenario and one strategy."));
    // Every cell would fail on its first server: one sentence instead, before anything starts.
    const QFileInfo server(LocalRedis::executable());
    if (!server.isFile() || !server.isExecutable())
        return fail(tr("redis-server was not found (%1). Install Redis (on Debian and Ubuntu: "
                       "apt install redis-server) or set REDIS_SERVER to its path.")
                        .arg(server.filePath()));

    LiveMatrixRequest request;
    for (const QString &id : settings.scenarioIds) {
        Scenario s;
        QString why;
        if (!buildScenario(settings.request(id, settings.strategies.first(), 1), &s, &why))
            return fail(why);
        request.scenarios.append(s);
    }
    request.strategies = settings.strategies;
    if (request.strategies.removeAll(QStringLiteral("custom")) > 0) {
        QString why;
        request.custom = createCustomStrategy(settings.acquireScript, settings.releaseScript, &why);
        if (!request.custom)
            return fail(why);
    }
    request.repetitions = qBound(1, repetitions, 100);
    request.parallel = kParallel;

    m_cancel = std::make_shared<std::atomic<bool>>(false);
    request.cancel = m_cancel.get();
    // Called on the matrix's threads, one at a time; only the handoff is touched there.
    request.cellFinished = [this](const LiveMatrixCell &cell) {
        m_handoff.post([this, cell] { emit cellFinished(cell); });
    };
    request.progress = [this](int done, int total) {
        m_handoff.post([this, done, total] {
            m_done = done;
            emit progress(done, total);
        });
    };
    m_total = settings.cellCount();
    m_done = 0;
    m_repetitions = request.repetitions;
    m_running = true;
    m_cancelled = false;
    m_clock.start();
    m_thread.reset(QThread::create([this, request] {
        const QList<LiveMatrixCell> cells = runLiveMatrix(request);
        m_handoff.post([this, cells] { onDone(cells); });
    }));
    m_thread->start();
    emit progress(0, m_total);
    return true;
}

void AgreementRun::cancel()
{
    if (!m_running || !m_cancel)
        return;
    m_cancelled = true;
    m_cancel->store(true);
}

void AgreementRun::waitForFinished()
{
    if (!m_running)
        return;
    QEventLoop loop;
    connect(this, &AgreementRun::finished, &loop, &QEventLoop::quit);
    connect(this, &AgreementRun::failed, &loop, &QEventLoop::quit);
    loop.exec();
}

void AgreementRun::onDone(const QList<LiveMatrixCell> &cells)
{
    m_thread->wait(); // its last act was the post that brought us here
    m_thread.reset();
    m_running = false;
    // Cells that ran live, and the first error: when nothing ran and something failed, the
    // matrix says nothing about Redis, and one message says why.
    int ran = 0;
    QString firstError;
    for (const LiveMatrixCell &c : cells) {
        const LiveCellStatus s = liveCellStatus(c);
        if (s == LiveCellStatus::Agree || s == LiveCellStatus::Disagree)
            ++ran;
        else if (s == LiveCellStatus::Error && firstError.isEmpty())
            firstError = c.error;
    }
    if (ran == 0 && !firstError.isEmpty() && !m_cancelled) {
        emit failed(firstError);
        return;
    }
    emit finished(cells);
}

} // namespace lockscope::ui
