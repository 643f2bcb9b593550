#include "theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

#include <array>
#include <cmath>

namespace lockscope::ui {

void applyAppearance(QApplication &app, bool dark)
{
    if (auto *fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    QPalette p = QApplication::style()->standardPalette();
    if (dark) {
        const QColor window(0x2b, 0x2d, 0x31);
        const QColor base(0x1f, 0x21, 0x24);
        const QColor text(0xe8, 0xea, 0xed);
        const QColor disabled(0x8a, 0x8f, 0x98);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d));
        p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, disabled);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3d));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4e));
        p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
        p.setColor(QPalette::Mid, QColor(0x24, 0x26, 0x29));
        p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
        p.setColor(QPalette::Shadow, Qt::black);
        p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd6));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x7a, 0xb4, 0xff));
        p.setColor(QPalette::LinkVisited, QColor(0xb8, 0x9c, 0xff));
        for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            p.setColor(QPalette::Disabled, role, disabled);
    }
    QApplication::setPalette(p);
    app.setProperty("lockscopeDark", dark);
}

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

Theme Theme::forPalette(const QPalette &palette)
{
    Theme t = make(isDarkPalette(palette));
    t.base = palette.color(QPalette::Base);
    t.text = palette.color(QPalette::Text);
    t.header = palette.color(QPalette::Window);
    return t;
}

Theme Theme::make(bool dark)
{
    Theme t;
    t.dark = dark;
    if (dark) {
        t.base = QColor(0x1f, 0x21, 0x24);
        t.alternate = QColor(0x26, 0x28, 0x2c);
        t.header = QColor(0x2b, 0x2d, 0x31);
        t.text = QColor(0xe8, 0xea, 0xed);
        t.mutedText = QColor(0xa0, 0xa6, 0xb0);
        t.grid = QColor(0x3a, 0x3e, 0x44);
        t.playhead = QColor(0xff, 0xd1, 0x4d);
        t.problem = QColor(0xff, 0x5c, 0x5c);
        t.warning = QColor(0xff, 0xa8, 0x3d);
        t.good = QColor(0x5e, 0xd1, 0x8a);
        t.selection = QColor(0x7a, 0xb4, 0xff);
        t.veil = QColor(0x1f, 0x21, 0x24, 150);
        t.crashed = QColor(0x8a, 0x8f, 0x98);
        t.paused = QColor(0xd0, 0xd4, 0xda);
    } else {
        t.base = QColor(0xff, 0xff, 0xff);
        t.alternate = QColor(0xf4, 0xf6, 0xf8);
        t.header = QColor(0xef, 0xf0, 0xf1);
        t.text = QColor(0x1d, 0x21, 0x26);
        t.mutedText = QColor(0x5f, 0x66, 0x70);
        t.grid = QColor(0xd8, 0xdc, 0xe0);
        t.playhead = QColor(0xd9, 0x6c, 0x00);
        t.problem = QColor(0xd6, 0x1f, 0x1f);
        t.warning = QColor(0xc7, 0x6a, 0x00);
        t.good = QColor(0x1e, 0x8c, 0x45);
        t.selection = QColor(0x1a, 0x5f, 0xc8);
        t.veil = QColor(0xff, 0xff, 0xff, 150);
        t.crashed = QColor(0x4a, 0x4f, 0x57);
        t.paused = QColor(0x4a, 0x4f, 0x57);
    }
    return t;
}

QColor Theme::client(int index) const
{
    // Okabe-Ito and Tableau hues without red: blue, orange, green, purple, sky, brown, pink, olive.
    static constexpr std::array<QRgb, 8> lightSet{0x2f6fb5, 0xe08a00, 0x2a9d5c, 0x8e5bb5,
                                                  0x1fa3c9, 0x9c6b3f, 0xd4609c, 0x8a9a1b};
    static constexpr std::array<QRgb, 8> darkSet{0x5b9bf0, 0xffab2e, 0x47c57e, 0xb48ae0,
                                                 0x4fc6ea, 0xc89564, 0xf08cc0, 0xb9c94a};
    if (index < 0)
        return mutedText;
    if (index < int(lightSet.size()))
        return QColor::fromRgb(dark ? darkSet[std::size_t(index)] : lightSet[std::size_t(index)]);
    // Golden-angle hues in 30..320 degrees: never red. Kept as RGB: a key's lane asks for its
    // owners' colours span by span, and every blend of an HSL colour converts it again (the two
    // were a twentieth of a frame with the whole run in view). The same 16-bit RGB either way.
    const auto hued = [](int i, bool darkHues) {
        const int hue = 30 + int(std::fmod(double(i) * 137.508, 290.0));
        return QColor::fromHsl(hue, darkHues ? 170 : 160, darkHues ? 150 : 110).toRgb();
    };
    constexpr int kKept = 1024;
    static const auto kept = [&] {
        std::array<std::array<QColor, kKept>, 2> colors;
        for (int i = 0; i < kKept; ++i) {
            colors[0][std::size_t(i)] = hued(i, false);
            colors[1][std::size_t(i)] = hued(i, true);
        }
        return colors;
    }();
    if (index < kKept)
        return kept[dark ? 1 : 0][std::size_t(index)];
    return hued(index, dark);
}

QColor Theme::textOn(const QColor &fill)
{
    const double luma = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF();
    return luma > 0.6 ? QColor(0x10, 0x12, 0x14) : QColor(Qt::white);
}

QFont scaledFont(const QFont &base, double factor, bool bold)
{
    QFont f = base;
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * factor);
    else
        f.setPixelSize(qMax(1, int(f.pixelSize() * factor)));
    f.setBold(bold);
    return f;
}

} // namespace lockscope::ui
