// The time-to-pixel mapping of the timeline, kept in a small plain struct (as hotspot's
// TimeLineData) so that it can be unit-tested without a widget: a visible time range
// [startUs, endUs] is drawn across the pixels [left, left + width].
#pragma once

#include <QtGlobal>

#include <cmath>

namespace lockscope::ui {

struct TimeLineMapping {
    qint64 startUs = 0; // time at x = left
    qint64 endUs = 1;   // time at x = left + width
    double left = 0;
    double width = 1;

    bool isValid() const { return endUs > startUs && width > 0; }
    qint64 spanUs() const { return endUs - startUs; }
    double usPerPixel() const { return isValid() ? double(spanUs()) / width : 1.0; }

    double mapTimeToX(qint64 timeUs) const
    {
        if (!isValid())
            return left;
        return left + double(timeUs - startUs) * width / double(spanUs());
    }

    qint64 mapXToTime(double x) const
    {
        if (!isValid())
            return startUs;
        return startUs + roundHalfAway((x - left) * double(spanUs()) / width);
    }

    // std::llround without the call into libm (a lane asks once a pixel column: 4 % of a frame
    // with the whole run in view), for |v| < 2^63. Truncating is exact, and so is the fraction
    // left (v minus a whole number no larger than v in magnitude); test_timeline_mapping
    // compares it with std::llround.
    static qint64 roundHalfAway(double v)
    {
        const auto whole = qint64(v);
        const double fraction = v - double(whole);
        return whole + (fraction >= 0.5) - (fraction <= -0.5);
    }

    // A duration in microseconds as a distance in pixels.
    double durationToPixels(qint64 us) const { return double(us) / usPerPixel(); }
};

} // namespace lockscope::ui
