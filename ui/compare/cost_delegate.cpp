#include "cost_delegate.h"

#include "cost_model.h"

namespace lockscope::ui {

void CostDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QVariant v = index.data(Qt::EditRole);
    option->text =
        CostModel::formatted(v.isValid() ? Figure(v.toDouble()) : std::nullopt, index.column());
}

} // namespace lockscope::ui
