#include "compare_page.h"

#include <QLabel>
#include <QVBoxLayout>

namespace lockscope::ui {

ComparePage::ComparePage(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Compare")));
}

} // namespace lockscope::ui
