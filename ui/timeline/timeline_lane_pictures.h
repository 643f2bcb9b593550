// The timeline's lanes as last drawn, one picture a row, copied while the lanes only scroll, or
// while what is drawn over them changes (the selection, the veil, a range being chosen): with the
// whole run in view a lane is a thousand columns blended pixel by pixel, and scrolling drew every
// lane again each frame (20 M instructions, 7-9 ms, issue 17). A lane looks the same wherever it
// has scrolled to (its hatchings are anchored to the lane), so a picture is copied to wherever its
// row is now.
//
// Pictures are made only while the view stays as it was in the last frame. A pan, a zoom or a
// moving play head changes every lane in every frame: those frames draw the lanes in place, as
// before, without the cost of copies that would never be used again. And a frame makes at most a
// few new pictures, drawing the other lanes in place: a new image is memory the system must map
// and clear (30 of them, the lanes of a 900-pixel view, took a first scrolling frame from 6 to 13
// ms on the 2-core machine). Pictures are kept for reuse, not freed, when their rows leave the
// view or the view changes.
#pragma once

#include "common/cached_picture.h"
#include "common/theme.h"
#include "timeline_layout.h"

#include <QRect>
#include <QString>

#include <cstddef>
#include <optional>
#include <unordered_map>
#include <vector>

class QPainter;

namespace lockscope::ui {

class RunData;

// What every lane shows the same way: the run (never overlaid: overlaid lanes are drawn in
// place), the time range across the lanes, the instant (a span's text keeps clear of the play
// head), the colours and the font.
struct TimelineLanesView {
    const RunData *run = nullptr;
    qint64 startUs = 0, endUs = 0;
    double left = 0, width = 0;
    qint64 playheadUs = 0;
    Theme theme;
    QString font;
    bool operator==(const TimelineLanesView &) const = default;
};

// One lane's own part: its row (without where it has scrolled to) and its background.
struct TimelineLaneKey {
    TimelineRow row; // y = 0
    bool alternate = false;
    bool operator==(const TimelineLaneKey &) const = default;
};

class TimelineLanePictures {
public:
    // Forgets every picture (a new run or overlay, a new language: what the keys cannot see).
    void clear()
    {
        retireAll();
        m_view.reset();
    }
    // Starts a frame showing `view`: whether its lanes may come from pictures. When the view is
    // not the last frame's, the pictures are forgotten and the lanes drawn in place.
    bool beginFrame(const TimelineLanesView &view);
    // Draws row `row`'s lane into `rect` (the lanes' time area along the row), as `paint` draws
    // it (everything under the lane too, its background, and nothing outside `rect`): from its
    // picture when `key` and the target are what it was drawn for, else into its picture, or,
    // past this frame's new pictures, in place.
    template <typename Paint>
    void draw(QPainter &p, std::size_t row, const QRect &rect, const TimelineLaneKey &key,
              Paint paint)
    {
        auto it = m_rows.find(row);
        if (it == m_rows.end()) {
            if (m_newThisFrame == kNewPerFrame) {
                paint(p);
                return;
            }
            ++m_newThisFrame;
            it = m_rows.emplace(row, Entry{takeSpare()}).first;
        }
        it->second.used = true;
        it->second.picture.draw(p, rect, key, paint);
    }
    // Ends the frame: the pictures of rows that have left the view are let go.
    void endFrame();

private:
    using Picture = CachedPicture<TimelineLaneKey>;
    struct Entry {
        Picture picture;
        bool used = false;
    };
    static constexpr int kNewPerFrame = 3;
    // Kept for reuse at most (more than the rows of a tall view).
    static constexpr std::size_t kMaxSpare = 160;

    Picture takeSpare();
    void retire(Picture &&picture);
    void retireAll();

    std::unordered_map<std::size_t, Entry> m_rows;
    std::vector<Picture> m_spare;
    std::optional<TimelineLanesView> m_view;
    int m_newThisFrame = 0;
};

} // namespace lockscope::ui
