// The workspace's "Lock Keys in Redis" pane: one row per lock key of the run, its owner, value,
// type and TTL draining at the playback instant; the hold count and the fencing token only for
// the strategies that have them.
#pragma once

#include "common/grid_table_view.h"

namespace lockscope::ui {

class KeyTableModel;
class RunData;

class KeysPane final : public GridTableView {
    Q_OBJECT
public:
    explicit KeysPane(KeyTableModel *model, QWidget *parent = nullptr);

    // The run's columns, wide enough for what they will hold during the run.
    void fitColumns(const RunData &run, const QStringList &clients);
    void adaptToFont(const QFont &font);

private:
    KeyTableModel *m_model;
};

} // namespace lockscope::ui
