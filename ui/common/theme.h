// Colours and fonts shared by every view, so that a client has the same colour in the timeline,
// the key table and the command log, in the light and the dark palette alike. Red is kept for
// problems (violations, mistaken deletions, "no TTL"); clients never get it.
#pragma once

#include <QColor>
#include <QFont>

class QApplication;
class QPalette;

namespace lockscope::ui {

// Fusion with a light or a dark palette; the same look on every platform and in screenshots.
void applyAppearance(QApplication &app, bool dark);
bool isDarkPalette(const QPalette &palette);

struct Theme {
    bool dark = false;
    QColor base;      // lane background
    QColor alternate; // every other lane
    QColor header;    // axis, label column
    QColor text;
    QColor mutedText;
    QColor grid;
    QColor playhead;
    QColor problem; // violations, mistaken deletions, no TTL
    QColor warning; // expiries
    QColor good;    // renewals, accepted writes
    QColor selection;
    QColor veil; // over the part of the run that has not happened yet
    QColor crashed;
    QColor paused;

    bool operator==(const Theme &) const = default;

    static Theme forPalette(const QPalette &palette);
    static Theme light() { return make(false); }
    static Theme darkTheme() { return make(true); }

    // A client's colour: a fixed, colour-blind friendly set first, then evenly spread hues that
    // stay clear of red.
    QColor client(int index) const;
    // A readable text colour on top of `fill`.
    static QColor textOn(const QColor &fill);

private:
    static Theme make(bool dark);
};

// A font a size or two above the application font, for projected captions.
QFont scaledFont(const QFont &base, double factor, bool bold = false);

} // namespace lockscope::ui
