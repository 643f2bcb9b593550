#include "ttl_delegate.h"

#include "cell_background.h"
#include "key_table_model.h"
#include "text_cache.h"
#include "theme.h"

#include <QApplication>
#include <QPainter>

#include <cmath>

namespace lockscope::ui {

void TtlDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                        const QModelIndex &index) const
{
    // Under the bar: the cell's background, selection and focus. The full option (eight roles
    // of the model, the time left formatted once more) only when the style has something to draw
    // there; the TTL column has no decoration or check box of its own.
    QStyleOptionViewItem opt = option;
    opt.backgroundBrush = qvariant_cast<QBrush>(index.data(Qt::BackgroundRole));
    const QWidget *widget = option.widget;
    if (cellBackgroundNeedsStyle(opt, widget ? widget->style() : QApplication::style())) {
        initStyleOption(&opt, index);
        opt.text.clear();
    }
    drawCellBackground(painter, opt, widget);

    const Theme &theme = themeFor(option.palette);
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
        const Badge &b = badgeFor(option.font, label);
        const QRectF badge(r.left(), r.center().y() - b.size.height() / 2.0, b.size.width(),
                           b.size.height());
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme.problem);
        painter->drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
        painter->setFont(b.font);
        painter->setPen(Qt::white);
        TextCache::forThisThread().draw(*painter, badge, Qt::AlignCenter, label);
        painter->restore();
        return;
    }

    const int textWidth = timeWidth(option.font) + 8;
    const QRectF bar(r.left(), r.center().y() - 6, qMax(10, r.width() - textWidth), 12);
    m_bar.draw(*painter, bar, theme.grid);
    const double fraction = qBound(0.0, double(ttl) / double(max), 1.0);
    // The fill ends on a whole pixel, so that it is drawn from the bar's parts like the track
    // (it moves a pixel at a time: a pixel is a second or more of most leases).
    QRectF fill = bar;
    fill.setWidth(std::round(bar.width() * fraction));
    // Running out: the bar turns to the warning colour in the last fifth.
    if (fill.width() > 0.5)
        m_bar.draw(*painter, fill,
                   fraction < 0.2 ? theme.warning : (owner.isValid() ? owner : theme.good));
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

const TtlDelegate::Badge &TtlDelegate::badgeFor(const QFont &font, const QString &label) const
{
    if (m_badge.label != label || m_badge.cellFont != font) {
        m_badge.cellFont = font;
        m_badge.label = label;
        m_badge.font = font;
        m_badge.font.setBold(true);
        const QFontMetrics fm(m_badge.font);
        m_badge.size = QSize(fm.horizontalAdvance(label) + 16, fm.height() + 4);
    }
    return m_badge;
}

const Theme &TtlDelegate::themeFor(const QPalette &palette) const
{
    if (!m_theme || m_themeKey != palette.cacheKey()) {
        m_theme = Theme::forPalette(palette);
        m_themeKey = palette.cacheKey();
    }
    return *m_theme;
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
