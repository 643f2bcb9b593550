// The bar above the workspace's timeline that tells the scenario's story as it happens: the
// caption of the last captioned event at the playback instant (with its time), or before the
// first one the scenario's title and summary. Large, on a tinted band, so it reads when projected.
#pragma once

#include <QLabel>

namespace lockscope::ui {

class RunData;
struct Theme;

class CaptionBar final : public QLabel {
    Q_OBJECT
public:
    // `base`: the text font the caption is a larger, bold version of.
    explicit CaptionBar(const QFont &base, QWidget *parent = nullptr);

    void applyTheme(const Theme &theme, const QFont &base);
    void adaptToFont(const QFont &base);
    // The caption at timeUs in `language`; only set again when it changes (or after reset()).
    void showAt(const RunData &run, qint64 timeUs, const QString &language);
    void reset() { m_shownEvent = -2; }

private:
    qint64 m_shownEvent = -2; // the captioned event shown; -1 the title, -2 nothing yet
};

} // namespace lockscope::ui
