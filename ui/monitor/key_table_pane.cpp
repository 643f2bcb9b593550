#include "key_table_pane.h"

#include "common/growing_table_view.h"
#include "common/key_table_model.h"
#include "common/shaped_text_delegate.h"
#include "common/ttl_delegate.h"

#include <QAction>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

// The texts were the monitor page's and keep its translation context.

namespace lockscope::ui {

KeyTablePane::KeyTablePane(KeyTableModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    m_find = new QLineEdit;
    m_find->setClearButtonEnabled(true);
    m_releaseButton = new QPushButton;
    m_table = new GrowingTableView;
    m_table->setModel(model);
    m_table->setItemDelegate(new ShapedTextDelegate(m_table));
    m_table->setItemDelegateForColumn(KeyTableModel::TtlColumn, new TtlDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    // A node is an address: wide enough for a full IPv4 address and port.
    m_table->setColumnWidth(KeyTableModel::NodeColumn,
                            fontMetrics().horizontalAdvance(QStringLiteral("127.000.000.1:65535")));
    m_table->setColumnWidth(KeyTableModel::KeyColumn, 15 * em);
    m_table->setColumnWidth(KeyTableModel::OwnerColumn, 13 * em);
    m_table->setColumnWidth(KeyTableModel::ValueColumn, 14 * em);
    m_table->setColumnWidth(KeyTableModel::TypeColumn, 10 * em);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *findRow = new QHBoxLayout;
    findRow->addWidget(m_find, 1);
    findRow->addWidget(m_releaseButton);
    layout->addLayout(findRow);
    layout->addWidget(m_table, 1);

    connect(m_releaseButton, &QPushButton::clicked, this, &KeyTablePane::releaseRequested);
    connect(m_find, &QLineEdit::textChanged, this, &KeyTablePane::findKey);
    // Delete in the table force-releases the selected key, after the same checks and
    // confirmation as the button.
    auto *releaseAction = new QAction(m_table);
    releaseAction->setShortcut(QKeySequence::Delete);
    releaseAction->setShortcutContext(Qt::WidgetShortcut);
    connect(releaseAction, &QAction::triggered, m_releaseButton, &QPushButton::click);
    m_table->addAction(releaseAction);
}

void KeyTablePane::focusFind()
{
    m_find->setFocus();
    m_find->selectAll();
}

void KeyTablePane::findKey(const QString &text)
{
    if (text.isEmpty())
        return;
    selectFirst([&](const QString &name) { return name.contains(text, Qt::CaseInsensitive); });
}

bool KeyTablePane::selectKey(const QByteArray &key)
{
    return selectFirst([&](const QString &name) { return name.toUtf8() == key; });
}

bool KeyTablePane::selectFirst(const std::function<bool(const QString &keyName)> &matches)
{
    for (int r = 0; r < m_model->rowCount(); ++r) {
        if (matches(m_model->rowAt(r).keyName)) {
            m_table->setCurrentIndex(m_model->index(r, 0));
            m_table->scrollTo(m_model->index(r, 0));
            return true;
        }
    }
    return false;
}

void KeyTablePane::setReleaseEnabled(bool writesAllowed, bool keySelected)
{
    m_releaseButton->setEnabled(writesAllowed && keySelected);
    m_releaseButton->setToolTip(
        writesAllowed
            ? QCoreApplication::translate("lockscope::ui::MonitorPage",
                                          "Delete the selected lock key (Delete), after a "
                                          "confirmation naming the key and the server")
            : QCoreApplication::translate("lockscope::ui::MonitorPage",
                                          "Read-only: allow writes in the profile to "
                                          "force-release a lock"));
}

void KeyTablePane::retranslate()
{
    // The narrow number columns are at least as wide as their header in this language.
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    for (const auto &[column, ems] : {std::pair{int(KeyTableModel::HoldsColumn), 4},
                                      std::pair{int(KeyTableModel::FencingColumn), 6}}) {
        const QString header = m_model->headerData(column, Qt::Horizontal).toString();
        m_table->setColumnWidth(
            column,
            qMax(ems * em,
                 m_table->horizontalHeader()->fontMetrics().horizontalAdvance(header) + 2 * em));
    }
    m_find->setPlaceholderText(
        QCoreApplication::translate("lockscope::ui::MonitorPage", "Find a key (Ctrl+F)"));
    m_releaseButton->setText(
        QCoreApplication::translate("lockscope::ui::MonitorPage", "Force release…"));
}

} // namespace lockscope::ui
