#include "timeline_lane_pictures.h"

namespace lockscope::ui {

bool TimelineLanePictures::beginFrame(const TimelineLanesView &view)
{
    m_newThisFrame = 0;
    if (m_view && *m_view == view)
        return true;
    retireAll();
    m_view = view;
    return false;
}

void TimelineLanePictures::endFrame()
{
    for (auto it = m_rows.begin(); it != m_rows.end();) {
        if (it->second.used) {
            it->second.used = false;
            ++it;
        } else {
            retire(std::move(it->second.picture));
            it = m_rows.erase(it);
        }
    }
}

TimelineLanePictures::Picture TimelineLanePictures::takeSpare()
{
    if (m_spare.empty()) {
        Picture picture;
        picture.setMovable(true);
        return picture;
    }
    Picture picture = std::move(m_spare.back());
    m_spare.pop_back();
    return picture;
}

void TimelineLanePictures::retire(Picture &&picture)
{
    if (m_spare.size() == kMaxSpare)
        return;
    picture.clear(); // its image is kept, to be drawn over
    m_spare.push_back(std::move(picture));
}

void TimelineLanePictures::retireAll()
{
    for (auto &row : m_rows)
        retire(std::move(row.second.picture));
    m_rows.clear();
}

} // namespace lockscope::ui
