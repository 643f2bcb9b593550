// The timeline's texts drawn from a layout made once (TextCache) against QPainter::drawText, how
// they were drawn before: byte for byte, for the two alignments the timeline uses, in its fonts,
// at whole and fractional positions and heights, antialiased or not, translated. Texts that
// do not fit their box, other flags and scaled painters must keep drawText, and still be drawn.
#include "common/text_cache.h"

#include <QFontMetrics>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QStaticText>
#include <QTest>

#include <vector>

using namespace lockscope::ui;

namespace {

int g_fromLayout = 0; // texts TextCache drew from its layouts

QImage draw(const QFont &font, bool aa, const QPointF &translate, const QRectF &r, int flags,
            const QString &text, bool cached)
{
    QImage image(260, 60, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    p.translate(translate);
    p.setRenderHint(QPainter::Antialiasing, aa);
    p.setFont(font);
    p.setPen(QColor(20, 40, 160));
    if (cached)
        g_fromLayout += TextCache::forThisThread().draw(p, r, flags, text);
    else
        p.drawText(r, flags, text);
    p.end();
    return image;
}

} // namespace

class TestTextCache : public QObject {
    Q_OBJECT
private slots:
    void sameBytesAsDrawText()
    {
        g_fromLayout = 0;
        // The window's font (DejaVu Sans 10, app.cpp), larger as View > Font size makes it,
        // and the platform's default; each plain and bold.
        std::vector<QFont> fonts;
        QFont dejaVu(QStringLiteral("DejaVu Sans"));
        dejaVu.setPointSize(10);
        QFont large = dejaVu;
        large.setPointSize(14);
        for (QFont font : {dejaVu, large, QGuiApplication::font()}) {
            fonts.push_back(font);
            font.setBold(true);
            fonts.push_back(font);
        }
        const QString texts[] = {QStringLiteral("client-17"),
                                 QStringLiteral("holds lock:a"),
                                 QStringLiteral("waiting for lock:a"),
                                 QStringLiteral("critical section"),
                                 QStringLiteral("c3:1:42"),
                                 QStringLiteral("持有锁 lock:a"),
                                 QStringLiteral("J"),
                                 QStringLiteral("jgypq"),
                                 QStringLiteral("fj")};
        const int flagsList[] = {Qt::AlignLeft | Qt::AlignVCenter, Qt::AlignCenter};
        int compared = 0, drawn = 0;
        for (const QFont &font : fonts) {
            for (bool aa : {false, true}) {
                for (const QPointF &translate : {QPointF(0, 0), QPointF(3, 5)}) {
                    for (int flags : flagsList) {
                        for (const QString &text : texts) {
                            const double w = QFontMetrics(font).horizontalAdvance(text);
                            const double h = QFontMetrics(font).height();
                            for (const QRectF &r :
                                 {QRectF(10, 7, w + 10, 16), QRectF(10.5, 7.4, w + 30, 16.3),
                                  QRectF(31.25, 6, w + 3, 21), QRectF(40.7, 9.6, w + 11, 20.7),
                                  QRectF(12, 8, w, h), QRectF(12.5, 8.5, w + 1, h),
                                  QRectF(20, 10, w + 40, h)}) {
                                const QImage reference =
                                    draw(font, aa, translate, r, flags, text, false);
                                const QImage cached =
                                    draw(font, aa, translate, r, flags, text, true);
                                ++compared;
                                drawn += reference !=
                                         draw(QFont(), aa, translate, r, flags, QString(), false);
                                if (cached != reference)
                                    qWarning("differs: %s, bold %d, aa %d, flags %d, rect %g %g "
                                             "%g %g",
                                             qPrintable(text), font.bold(), aa, flags, r.x(), r.y(),
                                             r.width(), r.height());
                                QVERIFY(cached == reference);
                            }
                        }
                    }
                }
            }
        }
        qWarning("from layout %d of %d", g_fromLayout, compared);
        QCOMPARE(drawn, compared); // every case drew a text
        // Every box on whole pixels that holds its line was drawn from the layouts, also where
        // the glyphs reach past the box (a J's hook, an accent): drawText does not clip a line
        // that fits its box. That is 464 of the 3,024 cases; when glyphs that reach out were
        // left to drawText, 228.
        QVERIFY2(g_fromLayout > compared / 8, qPrintable(QString::number(g_fromLayout)));
    }

    void drawTextWhereItWouldDiffer()
    {
        QImage image(100, 40, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&image);
        QVERIFY(TextCache::canDrawStatic(p, Qt::AlignLeft | Qt::AlignVCenter));
        QVERIFY(!TextCache::canDrawStatic(p, Qt::AlignRight | Qt::AlignVCenter));
        QVERIFY(!TextCache::canDrawStatic(p, Qt::AlignCenter | Qt::TextWordWrap));
        p.scale(2, 2);
        QVERIFY(!TextCache::canDrawStatic(p, Qt::AlignCenter));
        p.end();
        // Too wide or too low for its box (drawText clips it to the box): drawn as drawText
        // draws it.
        const QString text = QStringLiteral("a text far wider than its box");
        const QRectF narrow(5, 5, 40, 16);
        QCOMPARE(draw(QFont(), true, QPointF(), narrow, Qt::AlignCenter, text, true),
                 draw(QFont(), true, QPointF(), narrow, Qt::AlignCenter, text, false));
        const QString owner = QStringLiteral("c19");
        const QRectF low(5, 5, 60, QFontMetrics(QFont()).height() / 2.0);
        for (int flags : {int(Qt::AlignLeft | Qt::AlignVCenter), int(Qt::AlignCenter)})
            QCOMPARE(draw(QFont(), false, QPointF(), low, flags, owner, true),
                     draw(QFont(), false, QPointF(), low, flags, owner, false));
    }

    // TextCache measures a line's natural width only when the layout does not fit its box: a
    // layout is never narrower than the line drawText lays out (it may be wider by a glyph's
    // overhang). Checked here for the scripts and shapes the window shows; a text that ends in
    // spaces, which a layout may leave out, the cache measures anyway.
    void layoutAtLeastAsWideAsTheLine()
    {
        QStringList texts = {QStringLiteral("lock:orders:20260301-000042"),
                             QStringLiteral("fj"),
                             QStringLiteral("  leading spaces"),
                             QStringLiteral("J"),
                             QStringLiteral("持有锁 lock:a"),
                             QStringLiteral("剩余 12.5 秒"),
                             QStringLiteral("\u0645\u0631\u062d\u0628\u0627 lock"),
                             QStringLiteral("e\u0301te\u0301"),
                             QStringLiteral("…"),
                             QStringLiteral("AVATAR To. Wa"),
                             QStringLiteral("461.4 s")};
        for (int i = 0; i < 400; ++i)
            texts << QStringLiteral("c%1:%2:%3f").arg(i % 50).arg(i * 7919).arg(i * 104729, 8, 16);
        QFont dejaVu(QStringLiteral("DejaVu Sans"));
        dejaVu.setPointSize(10);
        QFont large = dejaVu;
        large.setPointSize(14);
        int checked = 0;
        for (QFont font : {dejaVu, large, QGuiApplication::font()}) {
            for (bool bold : {false, true}) {
                font.setBold(bold);
                const QFontMetricsF fm(font);
                for (const QString &text : std::as_const(texts)) {
                    QStaticText laid(text);
                    laid.setTextFormat(Qt::PlainText);
                    laid.prepare(QTransform(), font);
                    QVERIFY2(fm.horizontalAdvance(text) <= laid.size().width(),
                             qPrintable(text + QStringLiteral(": %1 > %2")
                                                   .arg(fm.horizontalAdvance(text))
                                                   .arg(laid.size().width())));
                    ++checked;
                }
            }
        }
        QCOMPARE(checked, 6 * int(texts.size()));
    }

    void elidedAsQFontMetrics()
    {
        const QFont font = QGuiApplication::font();
        const QFontMetrics fm(font);
        const QString text = QStringLiteral("holds lock:orders:2024 for 1.25 s");
        for (int width : {0, 20, 60, 120, 1000}) {
            QCOMPARE(TextCache::forThisThread().elided(font, fm, text, width),
                     fm.elidedText(text, Qt::ElideRight, width));
            // Asked again: from the cache, the same.
            QCOMPARE(TextCache::forThisThread().elided(font, fm, text, width),
                     fm.elidedText(text, Qt::ElideRight, width));
        }
    }
};

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    TestTextCache test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_text_cache.moc"
