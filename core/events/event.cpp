#include "event.h"

#include <cstring>
#include <iterator>

namespace lockscope {

namespace {
// Index = EventKind value. These ids are part of the JSON Lines format: never rename one.
constexpr const char *kKindIds[] = {
    "command_sent",   "reply_received",  "reply_missing",  "acquire_started", "acquire_attempt",
    "acquired",       "acquire_gave_up", "critical_enter", "critical_exit",   "resource_write",
    "stale_rejected", "release_started", "released",       "renewed",         "renew_failed",
    "note",           "client_started",  "client_paused",  "client_resumed",  "client_crashed",
    "key_written",    "key_ttl_changed", "key_deleted",    "key_expired",     "key_final",
    "counter_final",  "node_crashed",    "node_restarted", "node_failover",   "node_clock_jump",
    "partitioned",    "healed",          "fault",          "caption",         "gap_started",
    "gap_ended",
};
static_assert(std::size(kKindIds) == std::size_t(kLastEventKind) + 1,
              "every EventKind needs an id");
} // namespace

const char *eventKindId(EventKind kind)
{
    return kKindIds[std::size_t(kind)];
}

bool parseEventKind(const char *id, EventKind *kind)
{
    for (std::size_t i = 0; i < std::size(kKindIds); ++i) {
        if (std::strcmp(kKindIds[i], id) == 0) {
            *kind = EventKind(i);
            return true;
        }
    }
    return false;
}

} // namespace lockscope
