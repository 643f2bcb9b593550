// Paints the plain one-line text cells of a big table (the key tables) as the style does, but
// draws each text from a layout made once (TextCache): the style lays a cell's text out three
// times a paint (for its size, its place and to draw it), and that shaping was most of a table
// repaint while the monitor follows 1,000 changes a second (issue 17). The background,
// selection, focus and decoration are still the style's. A cell the cache cannot draw as the
// style would (wrapped, several lines, another elide mode or alignment) is left to
// QStyledItemDelegate; test_ui_models compares the two pixel for pixel.
#pragma once

#include <QStyledItemDelegate>

namespace lockscope::ui {

class ShapedTextDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

    // Cells whose text came from the cache (the rest the style drew): for the tests.
    qint64 textsFromLayouts() const { return m_fromLayouts; }

private:
    mutable qint64 m_fromLayouts = 0;
};

} // namespace lockscope::ui
