#include "keys_pane.h"

#include "common/key_table_model.h"
#include "common/run_data.h"
#include "common/shaped_text_delegate.h"
#include "common/ttl_delegate.h"
#include "lock/strategy_registry.h"

#include <QHeaderView>

namespace lockscope::ui {

KeysPane::KeysPane(KeyTableModel *model, QWidget *parent)
    : GridTableView(parent)
    , m_model(model)
{
    setModel(m_model);
    setItemDelegate(new ShapedTextDelegate(this));
    setItemDelegateForColumn(KeyTableModel::TtlColumn, new TtlDelegate(this));
    verticalHeader()->hide();
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    adaptToFont(font());
}

void KeysPane::adaptToFont(const QFont &f)
{
    verticalHeader()->setDefaultSectionSize(QFontMetrics(f).height() + 14);
}

void KeysPane::fitColumns(const RunData &run, const QStringList &clients)
{
    // Columns only some strategies fill: hold counts (reentrant), fencing tokens (fenced).
    if (const auto strategy = createStrategy(run.request().strategyId)) {
        setColumnHidden(KeyTableModel::HoldsColumn, !strategy->info().reentrant);
        setColumnHidden(KeyTableModel::FencingColumn, !strategy->info().fencing);
    }
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    auto fit = [&](int column, const QString &sample, int extra) {
        const int header =
            fm.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString()) + 16;
        setColumnWidth(column, qMax(header, fm.horizontalAdvance(sample) + extra));
    };
    int node = 0, key = 0, owner = 0;
    for (const KeyLane &lane : run.keyLanes()) {
        node = qMax(node, fm.horizontalAdvance(lane.nodeName));
        key = qMax(key, fm.horizontalAdvance(lane.keyName));
    }
    for (const QString &c : clients)
        owner = qMax(owner, bfm.horizontalAdvance(c));
    setColumnWidth(KeyTableModel::NodeColumn, node + 16);
    setColumnWidth(KeyTableModel::KeyColumn, key + 16);
    setColumnWidth(KeyTableModel::OwnerColumn,
                   qMax(owner + 40, fm.horizontalAdvance(tr("Owner")) + 16));
    fit(KeyTableModel::ValueColumn, QStringLiteral("A:1:17c3f107"), 16);
    fit(KeyTableModel::TypeColumn, tr("string"), 16);
    fit(KeyTableModel::HoldsColumn, QStringLiteral("00"), 16);
    fit(KeyTableModel::FencingColumn, QStringLiteral("000"), 16);
}

} // namespace lockscope::ui
