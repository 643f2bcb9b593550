#include "ttl_delegate.h"

#include "key_table_model.h"
#include "text_cache.h"
#include "theme.h"

#include <QApplication>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

namespace lockscope::ui {

void TtlDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                        const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, selection

    const Theme theme = Theme::forPalette(option.palette);
    const qint64 ttl = index.data(KeyTableModel::TtlRemainingRole).toLongLong();
    const qint64 max = qMax<qint64>(1, index.data(KeyTableModel::TtlMaxRole).toLongLong());
    const QColor owner = index.data(KeyTableModel::ColorRole).value<QColor>();
    const QString label = index.data(Qt::DisplayRole).toString();

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QRect r = option.rect.adjusted(6, 5, -6, -5);

    if (ttl == -2) { // not held
        painter->setPen(theme.mutedText);
        TextCache::forThisThread().draw(*painter, r, Qt::AlignLeft | Qt::AlignVCenter, label);
        painter->restore();
        return;
    }
    if (ttl < 0) { // no TTL: a red badge
        QFont bold = option.font;
        bold.setBold(true);
        const QFontMetrics bfm(bold);
        const int w = bfm.horizontalAdvance(label) + 16;
        const QRectF badge(r.left(), r.center().y() - (bfm.height() + 4) / 2.0, w,
                           bfm.height() + 4);
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme.problem);
        painter->drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
        painter->setFont(bold);
        painter->setPen(Qt::white);
        painter->drawText(badge, Qt::AlignCenter, label);
        painter->restore();
        return;
    }

    const int textWidth = timeWidth(option.font) + 8;
    QRectF bar(r.left(), r.center().y() - 6, qMax(10, r.width() - textWidth), 12);
    painter->setPen(Qt::NoPen);
    drawTrack(*painter, bar, theme.grid);
    const double fraction = qBound(0.0, double(ttl) / double(max), 1.0);
    QRectF fill = bar;
    fill.setWidth(bar.width() * fraction);
    // Running out: the bar turns to the warning colour in the last fifth.
    painter->setBrush(fraction < 0.2 ? theme.warning : (owner.isValid() ? owner : theme.good));
    if (fill.width() > 0.5)
        painter->drawRoundedRect(fill, kBarRadius, kBarRadius);
    painter->setPen(option.state & QStyle::State_Selected
                        ? option.palette.color(QPalette::HighlightedText)
                        : option.palette.color(QPalette::Text));
    // The text's box is the cell's full height, centred where the bar's is: in the monitor's
    // rows (the font's height + 8) the bar's box is lower than a line of text, and TextCache
    // leaves a line taller than its box to drawText, which shaped every time left again in
    // every paint (issue 17).
    m_fromLayouts += TextCache::forThisThread().draw(
        *painter, QRectF(bar.right() + 8, option.rect.top(), textWidth, option.rect.height()),
        Qt::AlignLeft | Qt::AlignVCenter, label);
    painter->restore();
}

void TtlDelegate::drawTrack(QPainter &painter, const QRectF &bar, const QColor &colour) const
{
    // An antialiased shape blended over the cell gives the pixels of an image of it, drawn on
    // transparency, blended over the cell (both add the colour times its coverage to what is
    // there), as long as the image lands on whole pixels, opaque and blended over; elsewhere (a
    // scaled painter, an SVG file) the track is drawn in place.
    const QTransform &t = painter.deviceTransform();
    const QPointF at = t.map(bar.topLeft());
    const bool wholePixels = t.type() <= QTransform::TxTranslate && painter.opacity() == 1 &&
                             painter.compositionMode() == QPainter::CompositionMode_SourceOver &&
                             painter.paintEngine()->type() == QPaintEngine::Raster &&
                             at == QPointF(at.toPoint()) &&
                             bar.size() == QSizeF(bar.size().toSize());
    if (!wholePixels) {
        painter.setBrush(colour);
        painter.drawRoundedRect(bar, kBarRadius, kBarRadius);
        return;
    }
    if (m_track.size() != bar.size().toSize() || m_trackColour != colour) {
        m_track = QImage(bar.size().toSize(), QImage::Format_ARGB32_Premultiplied);
        m_track.fill(Qt::transparent);
        QPainter p(&m_track);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        p.drawRoundedRect(QRectF(QPointF(0, 0), bar.size()), kBarRadius, kBarRadius);
        m_trackColour = colour;
    }
    painter.drawImage(bar.topLeft(), m_track);
}

int TtlDelegate::timeWidth(const QFont &font) const
{
    if (m_timeWidth < 0 || font != m_timeFont) {
        m_timeFont = font;
        m_timeWidth = QFontMetrics(font).horizontalAdvance(QStringLiteral("000.0 s"));
    }
    return m_timeWidth;
}

QSize TtlDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(qMax(s.width(), timeWidth(option.font) + 140));
    s.setHeight(qMax(s.height(), QFontMetrics(option.font).height() + 12));
    return s;
}

} // namespace lockscope::ui
