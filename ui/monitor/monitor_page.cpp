#include "monitor_page.h"

#include <QLabel>
#include <QVBoxLayout>

namespace lockscope::ui {

MonitorPage::MonitorPage(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Monitor")));
}

} // namespace lockscope::ui
