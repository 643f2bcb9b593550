// The timeline's zoom history (as hotspot's FilterAndZoomStack): every deliberate zoom pushes the
// range it leaves, "back" returns to it, "reset" fits the whole run and forgets the history.
#pragma once

#include <QtGlobal>

#include <vector>

namespace lockscope::ui {

struct TimeRange {
    qint64 startUs = 0;
    qint64 endUs = 0;
    bool operator==(const TimeRange &o) const = default;
};

class ZoomStack {
public:
    void push(TimeRange range)
    {
        if (m_stack.empty() || !(m_stack.back() == range))
            m_stack.push_back(range);
        if (m_stack.size() > kLimit)
            m_stack.erase(m_stack.begin());
    }
    bool canGoBack() const { return !m_stack.empty(); }
    // The range to return to; the stack must not be empty.
    TimeRange pop()
    {
        const TimeRange r = m_stack.back();
        m_stack.pop_back();
        return r;
    }
    void clear() { m_stack.clear(); }
    std::size_t size() const { return m_stack.size(); }

private:
    static constexpr std::size_t kLimit = 64;
    std::vector<TimeRange> m_stack;
};

} // namespace lockscope::ui
