#include "steps_in_turns.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace lockscope {

namespace {

struct Run {
    Steps steps;
    std::function<void()> done;
    std::function<bool()> wanted;
};

void runFrom(QObject *context, std::shared_ptr<Run> run, std::size_t i)
{
    // A timer of 1 ms, not 0: Qt 6 runs zero-time single shots as queued calls, back to back
    // ahead of the timers and input waiting.
    QTimer::singleShot(1, context, [context, run = std::move(run), i] {
        if (run->wanted && !run->wanted())
            return;
        if (i == run->steps.size()) {
            if (run->done)
                run->done();
            return;
        }
        const QPointer<QObject> alive(context); // a step may end its context's life
        if (const auto &step = run->steps[i])
            step();
        if (alive)
            runFrom(context, run, i + 1);
    });
}

} // namespace

void runStepsInTurns(QObject *context, Steps steps, std::function<void()> done,
                     std::function<bool()> wanted)
{
    runFrom(context,
            std::make_shared<Run>(Run{std::move(steps), std::move(done), std::move(wanted)}), 0);
}

} // namespace lockscope
