// The comparison page: every strategy under the same workload and faults, side by side.
// (Placeholder until the page is built; see issue 6.)
#pragma once

#include "run_data.h"

#include <QWidget>

namespace lockscope::ui {

class ComparePage final : public QWidget {
    Q_OBJECT
public:
    explicit ComparePage(QWidget *parent = nullptr);

signals:
    // A cell of the matrix asks to be opened in the workspace, at the instant atUs.
    void openRunRequested(const lockscope::ui::RunRequest &request, qint64 atUs);
};

} // namespace lockscope::ui
