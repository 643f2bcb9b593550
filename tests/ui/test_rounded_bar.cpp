// RoundedBar draws the TTL column's bars from their two ends, made once into an image, and a
// rectangle between them (issue 17): on whole pixels that must give the pixels of
// QPainter::drawRoundedRect, byte for byte, on the window's backgrounds, in its colours (a
// translucent one too), at every length a bar has; anywhere else the bar is drawn in place.
#include "common/rounded_bar.h"

#include <QPainter>
#include <QTest>

using namespace lockscope::ui;

namespace {

const QColor kBackgrounds[] = {QColor(Qt::white), QColor(0xf7, 0xf7, 0xf7),
                               QColor(0x1f, 0x21, 0x24), QColor(0x3d, 0x7e, 0xd6)};
const QColor kColours[] = {QColor(0xdd, 0xdd, 0xdd), QColor(0x45, 0x48, 0x4e), QColor(200, 80, 20),
                           QColor(30, 120, 200, 128)};

QImage canvas(const QColor &background)
{
    QImage image(340, 40, QImage::Format_ARGB32_Premultiplied);
    image.fill(background);
    return image;
}

QImage inPlace(const QColor &background, const QRectF &r, double radius, const QColor &colour,
               const QTransform &transform = {})
{
    QImage image = canvas(background);
    QPainter p(&image);
    p.setTransform(transform);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    p.drawRoundedRect(r, radius, radius);
    return image;
}

} // namespace

class TestRoundedBar : public QObject {
    Q_OBJECT
private slots:
    void wholePixelBarsAreTheRoundedRectangle()
    {
        RoundedBar bar(4); // one for all, as a column has: its ends kept per colour
        int fromParts = 0;
        for (const QColor &background : kBackgrounds) {
            for (const QColor &colour : kColours) {
                for (int width : {6, 8, 9, 10, 11, 37, 120, 181, 300}) {
                    for (const QPoint at : {QPoint(7, 9), QPoint(0, 0), QPoint(30, 27)}) {
                        const QRectF r(at, QSizeF(width, 12));
                        const QImage expected = inPlace(background, r, 4, colour);
                        QImage actual = canvas(background);
                        QPainter p(&actual);
                        bar.draw(p, r, colour);
                        p.end();
                        fromParts += bar.lastFromParts();
                        // The bar is there (a picture without it would pass for nothing).
                        QVERIFY(expected.pixel(at.x() + width / 2, at.y() + 6) !=
                                background.rgba());
                        if (actual != expected)
                            QFAIL(qPrintable(QStringLiteral("width %1 at %2,%3 in %4 on %5")
                                                 .arg(width)
                                                 .arg(at.x())
                                                 .arg(at.y())
                                                 .arg(colour.name(QColor::HexArgb))
                                                 .arg(background.name())));
                    }
                }
            }
        }
        // All but the bars too short to have a middle (6 and 8 px at a radius of 4) from parts.
        QCOMPARE(fromParts, 4 * 4 * 7 * 3);
    }

    // Off whole pixels, scaled, or another radius and height: drawn in place, the same pixels.
    void otherBarsAreDrawnInPlace()
    {
        struct Case {
            QRectF rect;
            double radius;
            QTransform transform;
            bool fromParts;
        };
        const Case cases[] = {
            {QRectF(7.5, 9, 120, 12), 4, {}, false},
            {QRectF(7, 9.25, 120, 12), 4, {}, false},
            {QRectF(7, 9, 120.4, 12), 4, {}, false},
            {QRectF(7, 9, 120, 12), 4, QTransform::fromScale(2, 2), false},
            {QRectF(7, 9, 120, 12), 4, QTransform::fromTranslate(0.5, 0), false},
            {QRectF(7, 9, 120, 12), 4, QTransform::fromTranslate(3, 2), true},
            {QRectF(7, 9, 120, 6), 4, {}, false}, // lower than its ends
            {QRectF(7, 9, 120, 20), 6.5, {}, true},
            {QRectF(7, 9, 40, 9), 3, {}, true},
        };
        for (const Case &c : cases) {
            RoundedBar bar(c.radius);
            for (const QColor &colour : kColours) {
                const QImage expected = inPlace(Qt::white, c.rect, c.radius, colour, c.transform);
                QImage actual = canvas(Qt::white);
                QPainter p(&actual);
                p.setTransform(c.transform);
                bar.draw(p, c.rect, colour);
                p.end();
                QCOMPARE(bar.lastFromParts(), c.fromParts);
                QCOMPARE(actual, expected);
            }
        }
    }

    // More colours than the bar keeps ends for: the ends made again are still right.
    void manyColours()
    {
        RoundedBar bar(4);
        for (int round = 0; round < 2; ++round) {
            for (int i = 0; i < 80; ++i) {
                const QColor colour = QColor::fromHsv((i * 37) % 360, 200, 120 + i);
                const QRectF r(5, 5, 50 + i, 12);
                QImage actual = canvas(Qt::white);
                QPainter p(&actual);
                bar.draw(p, r, colour);
                p.end();
                QVERIFY(bar.lastFromParts());
                QCOMPARE(actual, inPlace(Qt::white, r, 4, colour));
            }
        }
    }
};

QTEST_MAIN(TestRoundedBar)
#include "test_rounded_bar.moc"
