// Sees every step a simulated client reaches: a command about to be sent ("before"), sent with
// its reply in flight ("sent"), answered ("after"), or a checkpoint of the workload ("at").
// These are exactly the places a scenario's fault trigger can name, so an observer of one run
// learns every placement a fault could have in it (core/explore builds its search on that).
#pragma once

#include <QtGlobal>

namespace lockscope {

class StepObserver {
public:
    virtual ~StepObserver() = default;
    // Called before any fault placed at this step strikes, at virtual time `timeUs`; `step` and
    // `phase` are static strings.
    virtual void reached(int client, const char *step, const char *phase, qint64 timeUs) = 0;
    // The command `client` just sent (right after its "sent" step) reaches `node` (a lock node's
    // index, or negative for the protected resource) at `arrivalUs`: which requests are in flight
    // together, so whose arrival order a search can flip.
    virtual void travels(int client, int node, qint64 sentUs, qint64 arrivalUs)
    {
        Q_UNUSED(client);
        Q_UNUSED(node);
        Q_UNUSED(sentUs);
        Q_UNUSED(arrivalUs);
    }
};

} // namespace lockscope
