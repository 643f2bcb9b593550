// The row under the workspace's timeline: go to the start, previous event, play/pause, next
// event (each triggers the workspace's action of the same name, so keys and buttons do one
// thing), the speed, a slider over the whole run, and the instant of the total.
#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace lockscope::ui {

class Playback;
struct Theme;

class PlaybackBar final : public QWidget {
    Q_OBJECT
public:
    struct Actions {
        QAction *start = nullptr;
        QAction *previous = nullptr;
        QAction *play = nullptr;
        QAction *next = nullptr;
    };
    PlaybackBar(Playback *playback, const Actions &actions, QWidget *parent = nullptr);

    void retranslate();
    void applyTheme(const Theme &theme); // the buttons' glyphs in the theme's text colour
    void setRunEnd(qint64 endUs);        // the slider's range
    void showTime(qint64 timeUs);        // the slider and the time label

private:
    enum class Glyph : int; // start, previous, play, pause, next
    static QIcon glyphIcon(Glyph glyph, const QColor &color);
    QToolButton *addButton(Glyph glyph, QAction *action);
    void updatePlayButton();

    Playback *m_playback;
    QList<QToolButton *> m_glyphButtons;
    QColor m_glyphColor;
    QToolButton *m_startButton = nullptr;
    QToolButton *m_prevButton = nullptr;
    QToolButton *m_playButton = nullptr;
    QToolButton *m_nextButton = nullptr;
    QComboBox *m_speedBox = nullptr;
    QSlider *m_slider = nullptr;
    QLabel *m_timeLabel = nullptr;
};

} // namespace lockscope::ui
