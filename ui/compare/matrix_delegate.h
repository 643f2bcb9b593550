// Paints a cell of the safety matrix as a coloured tile with its verdict, so that neighbouring
// cells stay apart and the hovered or current one shows an outline.
#pragma once

#include "common/theme.h"

#include <QStyledItemDelegate>

namespace lockscope::ui {

class MatrixDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit MatrixDelegate(QObject *parent = nullptr);
    void setTheme(const Theme &theme) { m_theme = theme; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    Theme m_theme = Theme::light();
};

} // namespace lockscope::ui
