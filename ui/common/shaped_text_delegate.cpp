#include "shaped_text_delegate.h"

#include "cell_background.h"
#include "text_cache.h"

#include <QApplication>
#include <QPainter>

#include <utility>

namespace lockscope::ui {

void ShapedTextDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                               const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = opt.widget;
    if (opt.text.isEmpty()) { // the style would draw the background alone (an empty count)
        drawCellBackground(painter, opt, widget);
        return;
    }
    if ((opt.features & QStyleOptionViewItem::WrapText) || opt.textElideMode != Qt::ElideRight ||
        opt.text.contains(QLatin1Char('\n')) || opt.text.contains(QChar::LineSeparator) ||
        !TextCache::canDrawStatic(*painter, int(Qt::AlignLeft | Qt::AlignVCenter))) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyle *style = widget ? widget->style() : QApplication::style();

    // The style draws all but the text. A one-line cell's text rectangle does not depend on
    // its text, so asking for it with the text taken out costs no shaping.
    const QString text = std::exchange(opt.text, QString());
    drawCellBackground(painter, opt, widget);
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect area = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget)
                           .adjusted(margin, 0, -margin, 0);
    if (area.width() <= 0)
        return;

    const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (opt.state & QStyle::State_Active) ? QPalette::Normal
                                                                            : QPalette::Inactive;
    TextCache &texts = TextCache::forThisThread();
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(
        group, (opt.state & QStyle::State_Selected) ? QPalette::HighlightedText : QPalette::Text));
    const Qt::Alignment horizontal =
        QStyle::visualAlignment(opt.direction, opt.displayAlignment) & Qt::AlignHorizontal_Mask;
    // A line placed at the left needs no width: it is not measured (a new text shaped once, not
    // twice).
    const bool leftAligned = !(horizontal & (Qt::AlignRight | Qt::AlignHCenter));
    double height = 0, width = 0;
    const QStaticText &line =
        texts.laidOut(opt.font, texts.elided(opt.font, opt.fontMetrics, text, area.width()),
                      &height, leftAligned ? nullptr : &width);
    // Where the style puts the line: a box as wide as the area and as high as the line
    // (rounded), aligned vertically; in it the line aligned to a fraction of a pixel.
    const QRect box = QStyle::alignedRect(opt.direction, opt.displayAlignment,
                                          QSize(area.width(), qRound(height)), area);
    qreal x = box.x();
    if (horizontal & Qt::AlignRight)
        x += box.width() - width;
    else if (horizontal & Qt::AlignHCenter)
        x += (box.width() - width) / 2;
    painter->drawStaticText(QPointF(x, box.y()), line);
    painter->restore();
    ++m_fromLayouts;
}

} // namespace lockscope::ui
