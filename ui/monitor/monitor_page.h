// The monitor page: the lock keys of a real Redis, their owners, TTLs and history, read-only.
// (Placeholder until the page is built; see issue 5.)
#pragma once

#include <QWidget>

namespace lockscope::ui {

class MonitorPage final : public QWidget {
    Q_OBJECT
public:
    explicit MonitorPage(QWidget *parent = nullptr);
};

} // namespace lockscope::ui
