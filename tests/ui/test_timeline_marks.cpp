// The timeline's marks drawn as sprites (MarkerSprites) against the same glyphs drawn in place
// (paintMarkerGlyph, how every mark was drawn before the sprites): at 1x and at a high-DPI scale,
// at positions within a pixel, inside a clip. The sprites may round edge pixels differently, by
// a little; a misplaced, cut or missing glyph differs by far more.
#include "timeline/timeline_marks.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cstdlib>

using namespace lockscope::ui;

namespace {

constexpr MarkerKind kAllKinds[] = {
    MarkerKind::Acquired,      MarkerKind::Released,     MarkerKind::ReleaseNotHeld,
    MarkerKind::GaveUp,        MarkerKind::Crashed,      MarkerKind::ResourceWrite,
    MarkerKind::StaleRejected, MarkerKind::ReplyMissing, MarkerKind::Expired,
    MarkerKind::Renewed,       MarkerKind::Deleted,      MarkerKind::MistakenDeletion,
    MarkerKind::DataLost,      MarkerKind::NodeDown,     MarkerKind::NodeUp,
    MarkerKind::Failover,      MarkerKind::ClockJump,    MarkerKind::LateRenewal,
};

struct Difference {
    int pixels = 0;   // that differ at all
    int large = 0;    // that differ by more than 16 in a channel
    int maxDelta = 0; // the largest difference of one channel
};

Difference compare(const QImage &a, const QImage &b)
{
    Difference d;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            const int delta =
                std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                          std::abs(qBlue(p) - qBlue(q))});
            if (delta > 16)
                ++d.large;
            if (delta > 0) {
                ++d.pixels;
                d.maxDelta = std::max(d.maxDelta, delta);
            }
        }
    }
    return d;
}

// Pixels that are not the background: how much a glyph drew.
int inked(const QImage &image, const QColor &background)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += image.pixel(x, y) != background.rgb();
    return n;
}

// Every kind of mark along a row, at positions that fall between pixels, drawn with sprites or
// in place, under `scale` (2: a high-DPI screen) and clipped to `clip` (logical px).
QImage draw(bool sprites, double scale, const Theme &theme, const QRectF &clip)
{
    const QSize logical(760, 40);
    QImage image((QSizeF(logical) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(theme.alternate);
    QPainter p(&image);
    p.scale(scale, scale);
    p.setClipRect(clip);
    const double size = 6.3;
    double x = 20.37;
    int i = 0;
    if (sprites) {
        MarkerSprites marks(p, theme);
        for (MarkerKind kind : kAllKinds) {
            marks.draw(kind, QPointF(x, 20.5), theme.client(i++), size);
            x += 43.61;
        }
    } else {
        p.setRenderHint(QPainter::Antialiasing, true);
        for (MarkerKind kind : kAllKinds) {
            paintMarkerGlyph(p, theme, kind, QPointF(x, 20.5), theme.client(i++), size);
            x += 43.61;
        }
    }
    p.end();
    return image;
}

} // namespace

class TestTimelineMarks : public QObject {
    Q_OBJECT

private slots:
    void spritesLookLikeTheGlyphsDrawnInPlace_data()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<bool>("dark");
        QTest::newRow("1x light") << 1.0 << false;
        QTest::newRow("1x dark") << 1.0 << true;
        QTest::newRow("2x light (high DPI)") << 2.0 << false;
        QTest::newRow("1.5x dark (high DPI)") << 1.5 << true;
    }
    void spritesLookLikeTheGlyphsDrawnInPlace()
    {
        QFETCH(double, scale);
        QFETCH(bool, dark);
        const Theme theme = dark ? Theme::darkTheme() : Theme::light();
        const QRectF all(0, 0, 760, 40);
        const QImage inPlace = draw(false, scale, theme, all);
        // Twice: the second time every sprite comes from the cache.
        for (int pass = 0; pass < 2; ++pass) {
            const QImage sprites = draw(true, scale, theme, all);
            const Difference d = compare(inPlace, sprites);
            // Edge pixels round a little differently (the centre moves by 1/32 px at most, and
            // the glyph is blended in two steps); a glyph a pixel off, cut or missing would differ
            // by well over 100 somewhere and by more than 16 in a good share of its pixels.
            const QString what = QStringLiteral("pass %1: %2 of %3 inked pixels differ, %4 by "
                                                "more than 16, at most by %5")
                                     .arg(pass)
                                     .arg(d.pixels)
                                     .arg(inked(inPlace, theme.alternate))
                                     .arg(d.large)
                                     .arg(d.maxDelta);
            qInfo("%s", qPrintable(what));
            QVERIFY2(d.maxDelta <= 40, qPrintable(what));
            QVERIFY2(d.large * 50 < inked(inPlace, theme.alternate), qPrintable(what));
        }
    }

    // The lanes clip the marks to the time area: a sprite is cut where the glyph would be.
    void spritesKeepTheClip()
    {
        const Theme theme = Theme::light();
        for (double scale : {1.0, 2.0}) {
            const QRectF clip(0, 0, 200.5, 40); // through the fifth mark
            const QImage inPlace = draw(false, scale, theme, clip);
            const QImage sprites = draw(true, scale, theme, clip);
            QVERIFY(inked(inPlace, theme.alternate) > 0);
            const int right = int(clip.right() * scale) + 1;
            for (int y = 0; y < sprites.height(); ++y)
                for (int x = right; x < sprites.width(); ++x)
                    QCOMPARE(sprites.pixel(x, y), theme.alternate.rgb());
            QVERIFY(compare(inPlace, sprites).maxDelta <= 40);
        }
    }

    // An acquisition's dot, the glyph in the owner's colour, is tinted from its coverage for each
    // owner rather than rendered: the picture must be the dot rendered for that owner and copied,
    // to the bit, at every position within a pixel, for opaque and translucent colours, on a
    // background that is not one colour, at 1x and high DPI.
    void dotsTintedForEachOwnerAreTheDotsRenderedForThem_data()
    {
        spritesLookLikeTheGlyphsDrawnInPlace_data(); // the same scales and themes
    }
    void dotsTintedForEachOwnerAreTheDotsRenderedForThem()
    {
        QFETCH(double, scale);
        QFETCH(bool, dark);
        const Theme theme = dark ? Theme::darkTheme() : Theme::light();
        // One dot for each of the 256 positions within a device pixel, 16 a row.
        const int pitch = 40; // device px between centres
        const QSize device(16 * pitch + pitch, 16 * pitch + pitch);
        QImage background(device, QImage::Format_ARGB32_Premultiplied);
        for (int y = 0; y < device.height(); ++y)
            for (int x = 0; x < device.width(); ++x)
                background.setPixel(x, y, qRgb(x * 7 % 256, y * 5 % 256, (x + y) % 256));
        QRandomGenerator rng(17);
        std::vector<QColor> colors;
        // The theme's owner colours, opaque random ones, and translucent ones of more than 8 bits
        // a channel (which the engine premultiplies at 16 bits).
        for (int i = 0; i < 256; ++i) {
            if (i % 3 == 0)
                colors.push_back(theme.client(i));
            else if (i % 3 == 1)
                colors.push_back(QColor::fromRgb(rng.generate() | 0xff000000));
            else
                colors.push_back(QColor::fromHsv(rng.bounded(360), rng.bounded(256),
                                                 rng.bounded(256), rng.bounded(256)));
        }
        const auto centre = [&](int i) {
            return QPointF((pitch + (i % 16) * pitch + (i % 16) / 16.0) / scale,
                           (pitch + (i / 16) * pitch + (i / 16) / 16.0) / scale);
        };
        const double size = 6.3;

        // What the sprites were before tinting: each dot rendered on a transparent image, then
        // copied onto the background.
        QImage rendered(device, QImage::Format_ARGB32_Premultiplied);
        rendered.fill(Qt::transparent);
        {
            QPainter p(&rendered);
            p.setRenderHint(QPainter::Antialiasing, true);
            p.scale(scale, scale);
            for (int i = 0; i < 256; ++i)
                paintMarkerGlyph(p, theme, MarkerKind::Acquired, centre(i), colors[size_t(i)],
                                 size);
        }
        QImage expected = background;
        {
            QPainter p(&expected);
            p.drawImage(0, 0, rendered);
        }
        // Twice: the second time the dots come from the sprite cache.
        for (int pass = 0; pass < 2; ++pass) {
            QImage sprites = background;
            {
                QPainter p(&sprites);
                p.scale(scale, scale);
                MarkerSprites marks(p, theme);
                for (int i = 0; i < 256; ++i)
                    marks.draw(MarkerKind::Acquired, centre(i), colors[size_t(i)], size);
            }
            int differing = 0;
            for (int y = 0; y < device.height(); ++y) {
                for (int x = 0; x < device.width(); ++x) {
                    if (sprites.pixel(x, y) != expected.pixel(x, y) && ++differing <= 5)
                        qWarning("pass %d, pixel (%d, %d): rendered %08x, tinted %08x", pass, x, y,
                                 expected.pixel(x, y), sprites.pixel(x, y));
                }
            }
            QCOMPARE(differing, 0);
        }
        QVERIFY(expected != background); // the dots were drawn at all
    }

    // A change of theme is not drawn with the other theme's cached sprites.
    void aChangeOfThemeRendersTheSpritesAgain()
    {
        const QRectF all(0, 0, 760, 40);
        draw(true, 1.0, Theme::light(), all); // fills the cache with light sprites
        const Theme dark = Theme::darkTheme();
        QVERIFY(compare(draw(false, 1.0, dark, all), draw(true, 1.0, dark, all)).maxDelta <= 40);
    }
};

QTEST_MAIN(TestTimelineMarks)
#include "test_timeline_marks.moc"
