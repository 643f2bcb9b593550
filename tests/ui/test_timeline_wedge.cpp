// A key span's TTL wedge narrower than a few pixels is drawn as columns of whole pixels instead of
// an anti-aliased polygon (issue 17: a thousand such polygons made the slowest frames of a zoom).
// The columns must be the polygon's shape to the pixel: where the polygon covers a pixel whole,
// the same colour; where it does not touch one, nothing. Wider wedges stay the polygon, to the
// byte.
#include "timeline/timeline_column_fill.h"
#include "timeline/timeline_wedge.h"

#include <QImage>
#include <QPainter>
#include <QPolygonF>
#include <QRandomGenerator>
#include <QTest>

using namespace lockscope::ui;

namespace {

constexpr int kWidth = 240, kHeight = 70;
const QColor kBackground(250, 251, 252);

struct Wedge {
    double a, b, topA, topB, bottom;
    QColor color;
};

QImage blank()
{
    QImage image(kWidth, kHeight, QImage::Format_ARGB32_Premultiplied);
    image.fill(kBackground);
    return image;
}

// What LockScope draws (through ColumnFill, as a lane does).
QImage drawn(const Wedge &w)
{
    QImage image = blank();
    QPainter p(&image);
    ColumnFill columns(p);
    paintTtlWedge(p, columns, w.a, w.b, w.topA, w.topB, w.bottom, w.color);
    columns.flush();
    return image;
}

// The anti-aliased polygon, as Qt draws it.
QImage polygon(const Wedge &w)
{
    QImage image = blank();
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(w.color);
    p.drawPolygon(QPolygonF() << QPointF(w.a, w.bottom) << QPointF(w.a, w.topA)
                              << QPointF(w.b, w.topB) << QPointF(w.b, w.bottom));
    return image;
}

// The colour over the background where the wedge covers a pixel whole.
QRgb solid(const QColor &color)
{
    QImage image = blank();
    QPainter p(&image);
    p.fillRect(QRect(0, 0, 1, 1), color);
    p.end();
    return image.pixel(0, 0);
}

Wedge randomWedge(QRandomGenerator &rng, double minWidth, double maxWidth)
{
    const QColor colors[] = {QColor(40, 120, 200, 210), QColor(200, 60, 30, 210),
                             QColor(90, 200, 90), QColor(120, 40, 160, 100)};
    Wedge w;
    w.a = 10 + rng.bounded(180.0);
    w.b = w.a + minWidth + rng.bounded(maxWidth - minWidth);
    w.bottom = rng.bounded(4) == 0 ? 60.5 : 60; // a lane's bottom is a whole pixel, mostly
    w.topA = 4 + rng.bounded(56.0);
    // Mostly draining (lower on the right), sometimes level, sometimes steep.
    const int shape = int(rng.bounded(4));
    w.topB = shape == 0 ? w.topA : qMin(w.bottom, w.topA + rng.bounded(shape == 1 ? 50.0 : 3.0));
    w.color = colors[rng.bounded(int(std::size(colors)))];
    return w;
}

QString describe(const Wedge &w, int x, int y)
{
    return QStringLiteral("wedge a=%1 b=%2 topA=%3 topB=%4 bottom=%5: pixel (%6, %7)")
        .arg(w.a, 0, 'f', 4)
        .arg(w.b, 0, 'f', 4)
        .arg(w.topA, 0, 'f', 4)
        .arg(w.topB, 0, 'f', 4)
        .arg(w.bottom)
        .arg(x)
        .arg(y);
}

} // namespace

class TestTimelineWedge : public QObject {
    Q_OBJECT
private slots:
    void narrowWedgesCoverWhatThePolygonCovers()
    {
        QRandomGenerator rng(17);
        const QRgb background = kBackground.rgba();
        int wholePixels = 0, untouchedPixels = 0, edgePixels = 0;
        for (int i = 0; i < 2000; ++i) {
            const Wedge w = randomWedge(rng, 1.0, kNarrowWedge);
            const QImage ours = drawn(w), qt = polygon(w);
            const QRgb full = solid(w.color);
            for (int y = 0; y < kHeight; ++y) {
                for (int x = 0; x < kWidth; ++x) {
                    const QRgb want = qt.pixel(x, y), got = ours.pixel(x, y);
                    if (want == background) {
                        ++untouchedPixels;
                        if (got != background)
                            QFAIL(qPrintable(
                                describe(w, x, y) +
                                QStringLiteral(" drawn where the polygon does not reach")));
                    } else if (want == full) {
                        ++wholePixels;
                        if (got != full)
                            QFAIL(qPrintable(describe(w, x, y) +
                                             QStringLiteral(" left out where the polygon covers "
                                                            "it whole")));
                    } else {
                        ++edgePixels;
                        // An edge pixel is the colour or nothing, never anything between.
                        if (got != full && got != background)
                            QFAIL(qPrintable(describe(w, x, y) +
                                             QStringLiteral(" blended at an edge")));
                    }
                }
            }
        }
        // The comparison was about something: many pixels of each kind.
        QVERIFY2(wholePixels > 50'000, qPrintable(QString::number(wholePixels)));
        QVERIFY2(edgePixels > 20'000, qPrintable(QString::number(edgePixels)));
        QVERIFY(untouchedPixels > 1'000'000);
    }

    // From kNarrowWedge px on, the wedge is the polygon itself.
    void wideWedgesAreThePolygon()
    {
        QRandomGenerator rng(4);
        for (int i = 0; i < 300; ++i) {
            const Wedge w = randomWedge(rng, kNarrowWedge, 40);
            QCOMPARE(drawn(w), polygon(w));
        }
    }
};

QTEST_MAIN(TestTimelineWedge)
#include "test_timeline_wedge.moc"
