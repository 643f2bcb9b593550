// drawCellBackground leaves plain cells (not selected, no focus, hover, brush, check box or
// decoration) undrawn in the window's style (issue 17): that must give the pixels of the style's
// own CE_ItemViewItem without text, in both palettes and both directions, and every cell that is
// not plain (or any other style's) must still be the style's.
#include "common/cell_background.h"
#include "common/theme.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QTableView>
#include <QTest>

#include <functional>
#include <memory>

using namespace lockscope::ui;

namespace {

using Change = std::function<void(QStyleOptionViewItem &)>;

struct Variant {
    const char *name;
    Change change;
    bool plain; // nothing for the style to draw
};

QImage paint(const QStyleOptionViewItem &option, const QTableView &view, bool ours)
{
    QImage image(200, 40, QImage::Format_ARGB32_Premultiplied);
    image.fill(option.palette.color(QPalette::Base));
    QPainter p(&image);
    if (ours)
        drawCellBackground(&p, option, &view);
    else
        view.style()->drawControl(QStyle::CE_ItemViewItem, &option, &p, &view);
    return image;
}

} // namespace

class TestCellBackground : public QObject {
    Q_OBJECT
private:
    void compareAll(QTableView &view, bool fusion)
    {
        const QPixmap icon = [] {
            QPixmap pixmap(12, 12);
            pixmap.fill(QColor(200, 80, 20));
            return pixmap;
        }();
        const Variant variants[] = {
            {"plain", [](QStyleOptionViewItem &) {}, true},
            {"alternate",
             [](QStyleOptionViewItem &o) { o.features |= QStyleOptionViewItem::Alternate; }, true},
            {"display",
             [](QStyleOptionViewItem &o) { o.features |= QStyleOptionViewItem::HasDisplay; }, true},
            {"right to left", [](QStyleOptionViewItem &o) { o.direction = Qt::RightToLeft; }, true},
            {"inactive", [](QStyleOptionViewItem &o) { o.state &= ~QStyle::State_Active; }, true},
            {"selected", [](QStyleOptionViewItem &o) { o.state |= QStyle::State_Selected; }, false},
            {"selected, inactive",
             [](QStyleOptionViewItem &o) {
                 o.state |= QStyle::State_Selected;
                 o.state &= ~QStyle::State_Active;
             },
             false},
            {"focus", [](QStyleOptionViewItem &o) { o.state |= QStyle::State_HasFocus; }, false},
            {"hover", [](QStyleOptionViewItem &o) { o.state |= QStyle::State_MouseOver; }, false},
            {"brush", [](QStyleOptionViewItem &o) { o.backgroundBrush = QColor(250, 230, 200); },
             false},
            {"decoration",
             [&icon](QStyleOptionViewItem &o) {
                 o.features |= QStyleOptionViewItem::HasDecoration;
                 o.icon = QIcon(icon);
                 o.decorationSize = QSize(12, 12);
             },
             false},
            {"check",
             [](QStyleOptionViewItem &o) {
                 o.features |= QStyleOptionViewItem::HasCheckIndicator;
                 o.checkState = Qt::Checked;
             },
             false},
        };
        int drawnByStyle = 0;
        for (const Variant &v : variants) {
            QStyleOptionViewItem option;
            option.initFrom(&view);
            option.widget = &view;
            option.rect = QRect(10, 5, 180, 30);
            option.state |= QStyle::State_Enabled | QStyle::State_Active;
            option.showDecorationSelected = true;
            option.viewItemPosition = QStyleOptionViewItem::Middle;
            v.change(option);
            QCOMPARE(cellBackgroundNeedsStyle(option, view.style()), !(fusion && v.plain));
            const QImage theirs = paint(option, view, false);
            const QImage ours = paint(option, view, true);
            if (ours != theirs)
                QFAIL(v.name);
            QImage empty(theirs.size(), theirs.format());
            empty.fill(option.palette.color(QPalette::Base));
            drawnByStyle += theirs != empty;
            // What is left undrawn is what the style leaves undrawn.
            if (fusion && v.plain)
                QVERIFY2(theirs == empty, v.name);
        }
        // The comparisons saw pictures: the marked cells are drawn (a brush, a selection, a
        // focus frame, an icon, a check box).
        QVERIFY2(drawnByStyle >= 6, qPrintable(QString::number(drawnByStyle)));
    }

private slots:
    void fusionLight()
    {
        QTableView view;
        QCOMPARE(view.style()->metaObject()->className(), "QFusionStyle");
        compareAll(view, true);
    }

    void fusionDark()
    {
        applyAppearance(*qApp, true);
        QTableView view;
        compareAll(view, true);
        applyAppearance(*qApp, false);
    }

    // Another style is always asked, plain cells included.
    void otherStyle()
    {
        std::unique_ptr<QStyle> windows(QStyleFactory::create(QStringLiteral("Windows")));
        QVERIFY(windows);
        QTableView view;
        view.setStyle(windows.get());
        compareAll(view, false);
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    applyAppearance(app, false); // the window's style (Fusion) and palette
    TestCellBackground test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_cell_background.moc"
