#include "ttl_delegate.h"

#include "cell_background.h"
#include "key_table_model.h"
#include "text_cache.h"
#include "theme.h"

#include <QApplication>
#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace lockscope::ui {

namespace {

// Whether the paint under way covers all of `rect`: the painter is clipped to what the view
// repaints (the paint engine's system clip, on the device), and to what it clips itself.
bool paintsWhole(const QPainter &painter, const QRect &rect)
{
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || painter.deviceTransform().type() > QTransform::TxTranslate)
        return false;
    if (painter.hasClipping() && !(QRegion(rect) - painter.clipRegion()).isEmpty())
        return false;
    const QRegion system = engine->systemClip(); // empty: the whole device
    return system.isEmpty() ||
           (QRegion(painter.deviceTransform().mapRect(rect)) - system).isEmpty();
}

} // namespace

QRectF TtlDelegate::barRect(const QStyleOptionViewItem &option) const
{
    const QRect r = option.rect.adjusted(6, 5, -6, -5);
    return QRectF(r.left(), r.center().y() - 6, qMax(10, r.width() - timeWidth(option.font) - 8),
                  12);
}

TtlDelegate::Look TtlDelegate::lookOf(const QStyleOptionViewItem &option,
                                      const QModelIndex &index) const
{
    Look look;
    const qint64 ttl = index.data(KeyTableModel::TtlRemainingRole).toLongLong();
    look.label = index.data(Qt::DisplayRole).toString();
    if (ttl == -2)
        return look;
    if (ttl < 0) {
        look.kind = Look::Kind::NoTtl;
        return look;
    }
    look.kind = Look::Kind::Bar;
    const qint64 max = qMax<qint64>(1, index.data(KeyTableModel::TtlMaxRole).toLongLong());
    const double fraction = qBound(0.0, double(ttl) / double(max), 1.0);
    // The fill ends on a whole pixel, so that it is drawn from the bar's parts like the track
    // (it moves a pixel at a time: a pixel is a second or more of most leases).
    look.fill = int(std::round(barRect(option).width() * fraction));
    // Running out: the bar turns to the warning colour in the last fifth.
    const Theme &theme = themeFor(option.palette);
    const QColor owner = index.data(KeyTableModel::ColorRole).value<QColor>();
    look.colour = (fraction < 0.2 ? theme.warning : (owner.isValid() ? owner : theme.good)).rgba();
    return look;
}

bool TtlDelegate::showsAlready(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const auto it = m_painted.constFind(index.row());
    return it != m_painted.cend() && it->widget == option.widget && it->rect == option.rect &&
           it->look == lookOf(option, index);
}

bool TtlDelegate::tellsChangesOf(const QList<int> &roles) const
{
    // The roles lookOf() reads (the background and selection repaint the cell themselves).
    static const QList<int> seen = {Qt::DisplayRole, KeyTableModel::TtlRemainingRole,
                                    KeyTableModel::TtlMaxRole, KeyTableModel::ColorRole};
    return !roles.isEmpty() &&
           std::all_of(roles.begin(), roles.end(), [](int r) { return seen.contains(r); });
}

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
    const Look look = lookOf(option, index);
    // What this cell shows now, if all of it is painted (showsAlready).
    if (m_painted.size() >= kMaxPainted)
        m_painted.clear();
    if (paintsWhole(*painter, option.rect))
        m_painted.insert(index.row(), Painted{widget, option.rect, look});
    else
        m_painted.remove(index.row());

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QRect r = option.rect.adjusted(6, 5, -6, -5);

    if (look.kind == Look::Kind::NotHeld) {
        painter->setPen(theme.mutedText);
        TextCache::forThisThread().draw(*painter, r, Qt::AlignLeft | Qt::AlignVCenter, look.label);
        painter->restore();
        return;
    }
    if (look.kind == Look::Kind::NoTtl) { // a red badge
        const Badge &b = badgeFor(option.font, look.label);
        const QRectF badge(r.left(), r.center().y() - b.size.height() / 2.0, b.size.width(),
                           b.size.height());
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme.problem);
        painter->drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
        painter->setFont(b.font);
        painter->setPen(Qt::white);
        TextCache::forThisThread().draw(*painter, badge, Qt::AlignCenter, look.label);
        painter->restore();
        return;
    }

    const QRectF bar = barRect(option);
    m_bar.draw(*painter, bar, theme.grid);
    if (look.fill > 0)
        m_bar.draw(*painter, QRectF(bar.topLeft(), QSizeF(look.fill, bar.height())),
                   QColor::fromRgba(look.colour));
    painter->setPen(option.state & QStyle::State_Selected
                        ? option.palette.color(QPalette::HighlightedText)
                        : option.palette.color(QPalette::Text));
    // The text's box is the cell's full height, centred where the bar's is: in the monitor's
    // rows (the font's height + 8) the bar's box is lower than a line of text, and TextCache
    // leaves a line taller than its box to drawText, which shaped every time left again in
    // every paint (issue 17).
    const int textWidth = timeWidth(option.font) + 8;
    m_fromLayouts += TextCache::forThisThread().draw(
        *painter, QRectF(bar.right() + 8, option.rect.top(), textWidth, option.rect.height()),
        Qt::AlignLeft | Qt::AlignVCenter, look.label);
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
