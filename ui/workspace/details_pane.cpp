#include "details_pane.h"

#include "command_log_model.h"
#include "command_text_delegate.h"
#include "common/run_data.h"
#include "common/theme.h"
#include "run_toolbar.h"
#include "sim/explain.h"
#include "strategy_source_view.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>

#include <algorithm>

namespace lockscope::ui {

DetailsPane::DetailsPane(CommandLogModel *model, CommandFilterProxy *proxy, QWidget *parent)
    : QTabWidget(parent)
    , m_model(model)
    , m_proxy(proxy)
{
    setDocumentMode(true);

    auto *cw = new QWidget;
    auto *cl = new QVBoxLayout(cw);
    cl->setContentsMargins(4, 4, 4, 4);
    auto *filters = new QHBoxLayout;
    m_clientBox = new QComboBox;
    m_keyBox = new QComboBox;
    m_followBox = new QCheckBox;
    m_followBox->setChecked(true);
    m_showAllBox = new QCheckBox;
    filters->addWidget(labelledField(&m_clientLabel, m_clientBox));
    filters->addWidget(labelledField(&m_keyLabel, m_keyBox));
    filters->addWidget(m_followBox);
    filters->addWidget(m_showAllBox);
    filters->addStretch(1);
    cl->addLayout(filters);
    m_commandView = new QTableView;
    m_commandView->setModel(m_proxy);
    m_commandView->verticalHeader()->hide();
    m_commandView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_commandView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_commandView->setAlternatingRowColors(true);
    m_commandView->setWordWrap(false);
    m_commandView->horizontalHeader()->setStretchLastSection(false);
    m_commandView->horizontalHeader()->setSectionResizeMode(CommandLogModel::CommandColumn,
                                                            QHeaderView::Stretch);
    m_commandView->setTextElideMode(Qt::ElideMiddle);
    // Shortened in the key, not in the token; replies at their end.
    auto *commandText = new CommandTextDelegate(m_commandView);
    m_commandView->setItemDelegateForColumn(CommandLogModel::CommandColumn, commandText);
    m_commandView->setItemDelegateForColumn(CommandLogModel::ReplyColumn, commandText);
    m_commandView->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_commandView->verticalHeader()->setDefaultSectionSize(QFontMetrics(font()).height() + 8);
    m_commandView->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    cl->addWidget(m_commandView, 1);
    addTab(cw, QString());

    auto *sw = new QWidget;
    auto *sl = new QVBoxLayout(sw);
    sl->setContentsMargins(4, 4, 4, 4);
    m_sourceLabel = new QLabel;
    m_sourceLabel->setWordWrap(true);
    sl->addWidget(m_sourceLabel);
    m_sourceView = new StrategySourceView;
    sl->addWidget(m_sourceView, 1);
    addTab(sw, QString());

    connect(m_clientBox, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setClient(m_clientBox->currentData().toInt());
        emit clientFilterChanged();
    });
    connect(m_keyBox, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setKey(m_keyBox->currentData().toString()); });
    connect(m_showAllBox, &QCheckBox::toggled, this, [this](bool all) {
        m_model->setShowAll(all);
        emit showAllChanged();
    });
    connect(m_commandView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        const QModelIndex i = m_commandView->selectionModel()->currentIndex();
        if (i.isValid())
            emit commandChosen(i.data(CommandLogModel::EventRole).toLongLong());
    });
}

bool DetailsPane::followsPlayback() const
{
    return m_followBox->isChecked() && !m_showAllBox->isChecked();
}

void DetailsPane::retranslate()
{
    m_followBox->setText(tr("Follow playback"));
    m_showAllBox->setText(tr("Whole run"));
    m_showAllBox->setToolTip(tr("Show every command of the run, not only those sent so far"));
    m_clientLabel->setText(tr("Client"));
    m_keyLabel->setText(tr("Key"));
    if (m_clientBox->count() > 0)
        m_clientBox->setItemText(0, tr("all"));
    if (m_keyBox->count() > 0)
        m_keyBox->setItemText(0, tr("all"));
    setTabText(0, tr("Commands"));
    setTabText(1, tr("Strategy Source"));
}

void DetailsPane::adaptToFont(const QFont &f)
{
    m_commandView->verticalHeader()->setDefaultSectionSize(QFontMetrics(f).height() + 8);
    QFont mono = m_sourceView->font();
    mono.setPointSizeF(f.pointSizeF());
    m_sourceView->setFont(mono);
}

void DetailsPane::showStrategy(const QString &strategyId)
{
    showSource(StrategySource::forStrategy(strategyId));
}

void DetailsPane::showSource(const StrategySource &source)
{
    m_sourceView->setSource(source);
}

void DetailsPane::setFilterChoices(const QStringList &clients)
{
    QSignalBlocker b1(m_clientBox), b2(m_keyBox);
    const int client = m_proxy->client();
    const QString key = m_proxy->key();
    m_clientBox->clear();
    m_clientBox->addItem(tr("all"), -1);
    for (qsizetype i = 0; i < clients.size(); ++i)
        m_clientBox->addItem(clients[i], int(i));
    m_keyBox->clear();
    m_keyBox->addItem(tr("all"), QString());
    for (const QString &k : m_model->keys())
        m_keyBox->addItem(k, k);
    m_clientBox->setCurrentIndex(qMax(0, m_clientBox->findData(client)));
    m_keyBox->setCurrentIndex(qMax(0, m_keyBox->findData(key)));
    m_proxy->setClient(m_clientBox->currentData().toInt());
    m_proxy->setKey(m_keyBox->currentData().toString());
}

// Sized once there is something to size them to.
void DetailsPane::sizeCommandColumns()
{
    const QFontMetrics fm(font());
    m_commandView->setColumnWidth(CommandLogModel::TimeColumn,
                                  fm.horizontalAdvance(QStringLiteral("000.000 s")) + 16);
    m_commandView->setColumnWidth(CommandLogModel::ClientColumn,
                                  fm.horizontalAdvance(tr("Client")) + 44);
    m_commandView->setColumnWidth(CommandLogModel::NodeColumn,
                                  fm.horizontalAdvance(QStringLiteral("redis-1")) + 16);
    m_commandView->setColumnWidth(CommandLogModel::NodeColumn,
                                  fm.horizontalAdvance(QStringLiteral("resource")) + 16);
    m_commandView->setColumnWidth(CommandLogModel::ReplyColumn,
                                  fm.horizontalAdvance(QStringLiteral("(integer) 1")) + 24);
    m_commandView->setColumnWidth(CommandLogModel::LatencyColumn,
                                  fm.horizontalAdvance(tr("Round trip")) + 16);
}

void DetailsPane::selectCommandRow(int row)
{
    const QModelIndex proxy =
        row >= 0 ? m_proxy->mapFromSource(m_model->index(row, 0)) : QModelIndex();
    if (proxy.isValid()) {
        m_commandView->selectionModel()->setCurrentIndex(
            proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_commandView->scrollTo(proxy);
    } else {
        m_commandView->clearSelection();
    }
}

void DetailsPane::highlightSource(const RunData *run, const StateCursor &cursor, qint64 timeUs,
                                  qint64 selectedEvent, const Theme &theme)
{
    if (!run || m_sourceView->source().strategyId != run->request().strategyId) {
        m_sourceView->setCurrentStep(-1, {});
        m_sourceLabel->setText(tr("Run to see which step each client executes."));
        return;
    }
    int client = m_proxy->client();
    if (client < 0 && selectedEvent >= 0)
        client = run->event(quint32(selectedEvent)).client;
    qint64 sent = -1;
    auto lastCommandOf = [&](int c) -> qint64 {
        const auto &cmds = run->clientLanes()[std::size_t(c)].commands;
        const auto it =
            std::upper_bound(cmds.begin(), cmds.end(), timeUs,
                             [run](qint64 t, quint32 e) { return t < run->event(e).timeUs; });
        return it == cmds.begin() ? qint64(-1) : qint64(*(it - 1));
    };
    if (client >= 0 && std::size_t(client) < run->clientLanes().size()) {
        sent = lastCommandOf(client);
    } else {
        for (std::size_t c = 0; c < run->clientLanes().size(); ++c) {
            const qint64 e = lastCommandOf(int(c));
            if (e > sent)
                sent = e;
        }
    }
    if (sent < 0) {
        m_sourceView->setCurrentStep(-1, {});
        m_sourceLabel->setText(tr("No command sent yet."));
        return;
    }
    const Event &e = run->event(quint32(sent));
    const auto &clients = cursor.state().clients();
    const ClientState::Phase phase = std::size_t(e.client) < clients.size()
                                         ? clients[std::size_t(e.client)].phase
                                         : ClientState::Phase::Idle;
    const QByteArray text = run->log().strings().at(e.text);
    const int step = m_sourceView->source().stepForCommand(text, phase);
    m_sourceView->setCurrentStep(step, theme.client(e.client));
    const QString stepName =
        step >= 0 ? m_sourceView->source().steps[std::size_t(step)].label : tr("(other)");
    m_sourceLabel->setText(tr("%1's last command, at %2: step %3")
                               .arg(run->clientName(e.client), formatTime(e.timeUs), stepName));
}

} // namespace lockscope::ui
