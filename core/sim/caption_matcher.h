// A scenario's captions, said at the moment their event happens ("A's lease expired while it
// was paused"): the n-th event of the caption's kind (of its client, if it names one) brings a
// Caption event at the same instant, once. The simulator and the live runner both say them
// through this, so a live run of a scenario is narrated as its simulation is.
#pragma once

#include "events/event_log.h"
#include "scenario.h"

#include <memory>
#include <vector>

namespace lockscope {

class CaptionMatcher {
public:
    // `clientNames`: the run's clients in lane order.
    CaptionMatcher(QList<Caption> captions, QList<QByteArray> clientNames,
                   std::shared_ptr<StringPool> strings);

    bool done() const { return m_left == 0; }
    // Sends to `out` the Caption events that `e` brings.
    void see(const Event &e, EventSink *out);

private:
    QList<Caption> m_captions;
    QList<QByteArray> m_clientNames;
    std::shared_ptr<StringPool> m_strings;
    std::vector<int> m_matches;
    std::vector<bool> m_shown;
    qsizetype m_left = 0;
};

} // namespace lockscope
