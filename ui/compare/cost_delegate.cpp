#include "cost_delegate.h"

#include "cost_model.h"

namespace lockscope::ui {

void CostDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->text = CostModel::formatted(index.data(Qt::EditRole).toDouble(), index.column());
}

} // namespace lockscope::ui
