// Shows the cost model's numbers as the table should read them (thousands separators, the
// right number of decimals per column); the model itself hands out plain numbers for the charts.
#pragma once

#include <QStyledItemDelegate>

namespace lockscope::ui {

class CostDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace lockscope::ui
