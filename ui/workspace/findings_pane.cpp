#include "findings_pane.h"

#include "findings_model.h"

#include <QBoxLayout>
#include <QLabel>
#include <QListView>

namespace lockscope::ui {

FindingsPane::FindingsPane(FindingsModel *model, QWidget *parent)
    : QWidget(parent)
{
    auto *fl = new QVBoxLayout(this);
    fl->setContentsMargins(6, 6, 6, 6);
    m_verdict = new QLabel;
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    fl->addWidget(m_verdict);
    m_view = new QListView;
    m_view->setModel(model);
    m_view->setWordWrap(true);
    m_view->setSpacing(3);
    m_view->setIconSize(QSize(12, 12));
    m_view->setUniformItemSizes(false);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setResizeMode(QListView::Adjust);
    fl->addWidget(m_view, 1);
    connect(m_view, &QListView::clicked, this,
            [this](const QModelIndex &i) { emit findingChosen(i.row()); });
    connect(m_view, &QListView::activated, this,
            [this](const QModelIndex &i) { emit findingChosen(i.row()); });
}

void FindingsPane::setVerdict(const QString &richText)
{
    m_verdict->setText(richText);
}

void FindingsPane::retranslate()
{
    m_view->setToolTip(tr("Click a finding to jump there"));
}

} // namespace lockscope::ui
