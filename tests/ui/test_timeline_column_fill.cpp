// The one-pixel columns of merged spans, and spans a few pixels wide, blended straight into a
// raster image (ColumnFill's direct path) against the same columns filled by QPainter::fillRect,
// how they were drawn before: byte for byte, on a background of every kind of pixel, with colours
// of every alpha, at positions and heights within a pixel, overlapping, under a translation and
// inside a clip. Where the direct path cannot give QPainter's pixels (a scaled painter,
// antialiasing, a vector device) it must not be taken.
#include "common/raster_blend.h"
#include "timeline/timeline_column_fill.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QPicture>
#include <QRandomGenerator>
#include <QTest>

#include <functional>

using namespace lockscope::ui;

namespace {

struct Column {
    double x, top, height;
    QColor color;
    double width = 1; // a span a few pixels wide (addRect) when not 1
};

// Runs of columns as a lane makes them: mostly side by side (so that some merge), colours
// alternating between a few, some repeated at the same x (two spans rounding to one column).
std::vector<Column> columns(quint32 seed)
{
    QRandomGenerator rng(seed);
    const QColor colors[] = {QColor(40, 120, 200, 150), QColor(40, 120, 200, 85),
                             QColor(200, 60, 30),       QColor(90, 200, 90, 110),
                             QColor(255, 255, 255, 1),  QColor(0, 0, 0, 254)};
    std::vector<Column> out;
    double x = -3.5 + rng.bounded(1.0);
    for (int i = 0; i < 600; ++i) {
        const double top = -4 + rng.bounded(40.0);
        const double height = rng.bounded(30.0);
        const QColor &c = colors[rng.bounded(int(std::size(colors)))];
        const int repeat = 1 + int(rng.bounded(4));
        for (int k = 0; k < repeat; ++k) {
            out.push_back({x, top, height, c});
            x += 1;
        }
        if (rng.bounded(10) == 0)
            x -= 1; // the same column again
        if (rng.bounded(20) == 0)
            x += rng.bounded(5.0); // a gap, and a new phase within the pixel
        if (rng.bounded(6) == 0) {
            // A span wider than a pixel, at a fraction of one: narrow ones blended here,
            // translucent ones from 32 pixels left to fillRect.
            const double width = 1 + rng.bounded(45.0);
            out.push_back({x, top, height, c, width});
            x += width;
        }
    }
    return out;
}

QImage background(int w, int h, quint32 seed)
{
    QImage image(w, h, QImage::Format_ARGB32_Premultiplied);
    QRandomGenerator rng(seed);
    for (int y = 0; y < h; ++y) {
        auto *row = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < w; ++x)
            row[x] = qPremultiply(rng.generate());
    }
    return image;
}

// A background of blocks of one colour (as a lane's is, and its spans drawn before), so that
// most pixels under a column are like the one above them and some are not: where ColumnFill
// blends a pixel like the last one as it blended that one.
QImage blocks(int w, int h, quint32 seed)
{
    QImage image(w, h, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QRandomGenerator rng(seed);
    QPainter p(&image);
    p.setCompositionMode(QPainter::CompositionMode_Source);
    for (int by = 0; by < h; by += 5)
        for (int bx = 0; bx < w; bx += 3)
            p.fillRect(QRect(bx, by, 3, 1 + int(rng.bounded(5))), QColor::fromRgba(rng.generate()));
    return image;
}

// Paints the columns on a copy of `bg` through `setUp` (translation, clip...), through
// ColumnFill (directly or not).
QImage paint(const QImage &bg, const std::vector<Column> &cols, bool direct,
             const std::function<void(QPainter &)> &setUp, bool *tookDirect = nullptr)
{
    QImage image = bg.copy();
    QPainter p(&image);
    setUp(p);
    ColumnFill fill(p, direct);
    if (tookDirect)
        *tookDirect = fill.direct();
    for (const Column &c : cols) {
        if (c.width == 1)
            fill.add(c.x, c.top, c.height, c.color);
        else
            fill.addRect(c.x, c.top, c.width, c.height, c.color);
    }
    fill.flush();
    p.end();
    return image;
}

// The same columns, each its own QPainter::fillRect: what ColumnFill must give.
QImage reference(const QImage &bg, const std::vector<Column> &cols,
                 const std::function<void(QPainter &)> &setUp)
{
    QImage image = bg.copy();
    QPainter p(&image);
    setUp(p);
    for (const Column &c : cols)
        p.fillRect(QRectF(c.x, c.top, c.width, c.height), c.color);
    p.end();
    return image;
}

} // namespace

class TestTimelineColumnFill : public QObject {
    Q_OBJECT
private slots:
    void sameBytesAsFillRect_data()
    {
        QTest::addColumn<int>("setUp");
        QTest::newRow("plain") << 0;
        QTest::newRow("translated") << 1;
        QTest::newRow("clipped") << 2;
        QTest::newRow("translated and clipped") << 3;
        QTest::newRow("opaque image") << 4;
        QTest::newRow("background in blocks") << 5;
    }
    void sameBytesAsFillRect()
    {
        QFETCH(int, setUp);
        const auto prepare = [setUp](QPainter &p) {
            if (setUp & 1)
                p.translate(7, -3);
            if (setUp & 2)
                p.setClipRect(QRect(13, 5, 500, 17));
        };
        for (quint32 seed = 1; seed <= 4; ++seed) {
            QImage bg = background(4000, 40, seed);
            if (setUp == 4)
                bg = bg.convertToFormat(QImage::Format_RGB32);
            if (setUp == 5)
                bg = blocks(4000, 40, seed);
            const auto cols = columns(seed);
            bool tookDirect = false;
            const QImage direct = paint(bg, cols, true, prepare, &tookDirect);
            const QImage reference = ::reference(bg, cols, prepare);
            QVERIFY(tookDirect);
            QCOMPARE(paint(bg, cols, false, prepare), reference); // merged, through fillRect
            QVERIFY(direct != bg);                                // something was drawn
            int differing = 0;
            for (int y = 0; y < bg.height(); ++y)
                for (int x = 0; x < bg.width(); ++x)
                    differing += direct.pixel(x, y) != reference.pixel(x, y);
            QCOMPARE(differing, 0);
            QCOMPARE(direct, reference);
        }
    }

    // The colour blended is the colour QPainter blends: filled over a transparent pixel, the
    // pixel is the colour as the engine blends it.
    void premultipliedAsQPainter()
    {
        QRandomGenerator rng(11);
        int differing = 0;
        for (int i = 0; i < 20000; ++i) {
            const QColor color = i % 2 ? QColor::fromRgba(rng.generate())
                                       : QColor::fromHsv(rng.bounded(360), rng.bounded(256),
                                                         rng.bounded(256), rng.bounded(256));
            QImage one(1, 1, QImage::Format_ARGB32_Premultiplied);
            one.fill(Qt::transparent);
            QPainter p(&one);
            p.fillRect(QRectF(0, 0, 1, 1), color);
            p.end();
            const QRgb engine = reinterpret_cast<const QRgb *>(one.constBits())[0];
            if (engine != enginePremultiplied(color) && ++differing < 5)
                qWarning("%s: QPainter %08x, enginePremultiplied %08x",
                         qPrintable(color.name(QColor::HexArgb)), engine,
                         enginePremultiplied(color));
        }
        QCOMPARE(differing, 0);
    }

    // A painter whose pixels the direct path would not reproduce keeps fillRect.
    void notDirectWhereItWouldDiffer()
    {
        const QImage bg = background(50, 50, 9);
        const std::vector<Column> cols = {{3.3, 2.2, 20.5, QColor(10, 20, 30, 100)}};
        const std::function<void(QPainter &)> setUps[] = {
            [](QPainter &p) { p.scale(2, 2); },
            [](QPainter &p) { p.translate(0.5, 0); },
            [](QPainter &p) { p.setRenderHint(QPainter::Antialiasing); },
            [](QPainter &p) { p.setOpacity(0.5); },
            [](QPainter &p) { p.setCompositionMode(QPainter::CompositionMode_Multiply); },
            [](QPainter &p) { p.setClipRegion(QRegion(0, 0, 10, 10) + QRegion(20, 20, 10, 10)); },
        };
        for (const auto &setUp : setUps) {
            bool tookDirect = true;
            paint(bg, cols, true, setUp, &tookDirect);
            QVERIFY(!tookDirect);
        }
        QPicture picture;
        QPainter p(&picture);
        ColumnFill fill(p);
        QVERIFY(!fill.direct());
        fill.add(1, 1, 5, Qt::red);
        fill.flush();
        p.end();
        // Drawn all the same: played back onto an image, the column is there.
        QImage played(10, 10, QImage::Format_ARGB32_Premultiplied);
        played.fill(Qt::white);
        QPainter back(&played);
        back.drawPicture(0, 0, picture);
        back.end();
        QCOMPARE(played.pixel(1, 3), qRgb(255, 0, 0));
        QCOMPARE(played.pixel(2, 3), qRgb(255, 255, 255));
    }
};

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    TestTimelineColumnFill test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_timeline_column_fill.moc"
