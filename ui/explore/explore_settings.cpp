#include "explore_settings.h"

#include "common/run_data.h"
#include "lock/strategy_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

QSpinBox *spinBox(int min, int max, int value)
{
    auto *box = new QSpinBox;
    box->setRange(min, max);
    box->setValue(value);
    box->setGroupSeparatorShown(true);
    return box;
}

} // namespace

ExploreSettingsWidget::ExploreSettingsWidget(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    // The lock: a built-in strategy, or your own scripts (the last item asks for the files).
    m_lockBox = new QGroupBox;
    auto *lock = new QFormLayout(m_lockBox);
    m_strategyLabel = new QLabel;
    m_strategyBox = new QComboBox;
    for (const QString &id : strategyIds())
        m_strategyBox->addItem(id, id);
    m_strategyBox->insertSeparator(m_strategyBox->count());
    m_strategyBox->addItem(QString(), QString::fromLatin1(kCustomStrategyId));
    m_strategyLabel->setBuddy(m_strategyBox);
    lock->addRow(m_strategyLabel, m_strategyBox);
    m_scriptsText = new QLabel;
    m_scriptsText->setWordWrap(true);
    m_scriptsText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scriptsText->hide();
    lock->addRow(m_scriptsText);
    m_strategyAbout = new QLabel;
    m_strategyAbout->setWordWrap(true);
    m_strategyAbout->setForegroundRole(QPalette::PlaceholderText);
    lock->addRow(m_strategyAbout);
    layout->addWidget(m_lockBox);

    // The workload every schedule runs before faults are placed in it.
    const ExploreWorkload defaults;
    m_workloadBox = new QGroupBox;
    auto *workload = new QFormLayout(m_workloadBox);
    m_clientsLabel = new QLabel;
    m_clientsBox = spinBox(1, 8, defaults.clients); // validateExploreRequest's ranges
    m_clientsLabel->setBuddy(m_clientsBox);
    workload->addRow(m_clientsLabel, m_clientsBox);
    m_cyclesLabel = new QLabel;
    m_cyclesBox = spinBox(1, 10, defaults.cycles);
    m_cyclesLabel->setBuddy(m_cyclesBox);
    workload->addRow(m_cyclesLabel, m_cyclesBox);
    m_ttlLabel = new QLabel;
    m_ttlBox = spinBox(10, 600000, int(defaults.ttlMs));
    m_ttlLabel->setBuddy(m_ttlBox);
    workload->addRow(m_ttlLabel, m_ttlBox);
    m_holdLabel = new QLabel;
    m_holdBox = spinBox(0, 600000, int(defaults.holdMs));
    m_holdLabel->setBuddy(m_holdBox);
    workload->addRow(m_holdLabel, m_holdBox);
    m_staggerLabel = new QLabel;
    m_staggerBox = spinBox(0, 60000, int(defaults.startStaggerMs));
    m_staggerLabel->setBuddy(m_staggerBox);
    workload->addRow(m_staggerLabel, m_staggerBox);
    layout->addWidget(m_workloadBox);

    // The faults: which kinds, and how many at most in one schedule.
    m_faultsBox = new QGroupBox;
    auto *faults = new QVBoxLayout(m_faultsBox);
    for (int i = 0; i < int(allExploreFaults().size()); ++i) {
        auto *box = new QCheckBox;
        box->setChecked(true);
        box->setProperty("wanted", true); // the person's choice, kept while the box is disabled
        connect(box, &QCheckBox::clicked, this, [this, box](bool checked) {
            box->setProperty("wanted", checked);
            updateButtons();
        });
        faults->addWidget(box);
        m_faultBoxes << box;
    }
    auto *k = new QFormLayout;
    m_maxFaultsLabel = new QLabel;
    m_maxFaultsBox = spinBox(0, kMaxExploreFaults, qMin(2, kMaxExploreFaults));
    m_maxFaultsLabel->setBuddy(m_maxFaultsBox);
    k->addRow(m_maxFaultsLabel, m_maxFaultsBox);
    faults->addLayout(k);
    layout->addWidget(m_faultsBox);

    m_exploreButton = new QPushButton;
    m_exploreButton->setDefault(true);
    m_breakAllButton = new QPushButton;
    layout->addWidget(m_exploreButton);
    layout->addWidget(m_breakAllButton);
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    layout->addStretch(1);

    connect(m_strategyBox, &QComboBox::activated, this, &ExploreSettingsWidget::onStrategyChosen);
    connect(m_strategyBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!usesScripts())
            m_lastIndex = m_strategyBox->currentIndex();
        updateFaultBoxes();
    });
    connect(m_maxFaultsBox, &QSpinBox::valueChanged, this, &ExploreSettingsWidget::updateButtons);
    connect(m_exploreButton, &QPushButton::clicked, this, &ExploreSettingsWidget::exploreRequested);
    connect(m_breakAllButton, &QPushButton::clicked, this,
            &ExploreSettingsWidget::breakAllRequested);

    retranslateUi();
    updateFaultBoxes();
}

void ExploreSettingsWidget::retranslateUi()
{
    m_lockBox->setTitle(tr("Lock to break"));
    m_strategyLabel->setText(tr("&Strategy:"));
    m_strategyBox->setItemText(m_strategyBox->count() - 1, tr("Your scripts…"));
    m_strategyBox->setItemData(m_strategyBox->count() - 1,
                               tr("Choose your acquire and release Lua scripts and explore them"),
                               Qt::ToolTipRole);
    for (int i = 0; i < m_strategyBox->count() - 2; ++i)
        if (const auto s = createStrategy(m_strategyBox->itemData(i).toString()))
            m_strategyBox->setItemData(i, strategyText(s->info().title), Qt::ToolTipRole);
    const auto chosen = createStrategy(m_strategyBox->currentData().toString());
    m_strategyAbout->setVisible(chosen != nullptr);
    if (chosen)
        m_strategyAbout->setText(strategyText(chosen->info().summary));
    if (usesScripts())
        m_scriptsText->setText(
            tr("Your scripts: %1 (acquire) and %2 (release)")
                .arg(QFileInfo(m_acquireScript).fileName(), QFileInfo(m_releaseScript).fileName()));

    m_workloadBox->setTitle(tr("Workload of every schedule"));
    m_clientsLabel->setText(tr("&Clients:"));
    m_cyclesLabel->setText(tr("C&ycles per client:"));
    m_ttlLabel->setText(tr("&TTL:"));
    m_ttlBox->setSuffix(tr(" ms"));
    m_holdLabel->setText(tr("&Hold:"));
    m_holdBox->setSuffix(tr(" ms"));
    m_holdBox->setToolTip(tr("Time inside the critical section, each cycle"));
    m_staggerLabel->setText(tr("Clients start a&part:"));
    m_staggerBox->setSuffix(tr(" ms"));
    m_staggerBox->setToolTip(tr("0 starts every client at once: their first requests race, and "
                                "the search tries both arrival orders (reorder)"));

    m_faultsBox->setTitle(tr("Faults to place"));
    const QList<ExploreFault> kinds = allExploreFaults();
    for (int i = 0; i < int(kinds.size()) && i < int(m_faultBoxes.size()); ++i) {
        m_faultBoxes[i]->setText(exploreFaultLabel(kinds[i]));
        m_faultBoxes[i]->setToolTip(
            m_faultBoxes[i]->isEnabledTo(m_faultsBox)
                ? exploreFaultId(kinds[i])
                : tr("%1: this lock has no replica to fail over to").arg(exploreFaultId(kinds[i])));
    }
    m_maxFaultsLabel->setText(tr("At &most K faults:"));
    m_maxFaultsBox->setToolTip(
        tr("Every placement of up to this many faults is tried (0: the workload alone)"));

    m_exploreButton->setText(tr("&Explore"));
    m_exploreButton->setToolTip(
        tr("Find the smallest fault sets that break the chosen lock, within K faults"));
    m_breakAllButton->setText(tr("&Break Them All"));
    m_breakAllButton->setToolTip(
        tr("Explore every built-in strategy, one after another, into the break-it table"));
    m_hint->setText(
        tr("Every schedule runs the workload from the start with up to K faults placed at the "
           "steps the clients reach. A cell says the smallest fault set that broke the lock, or "
           "\"none ≤ K\": nothing in any schedule with up to K faults of the checked kinds. "
           "Nothing is claimed beyond that bound."));
}

void ExploreSettingsWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

bool ExploreSettingsWidget::usesScripts() const
{
    return m_strategyBox->currentData().toString() == QLatin1String(kCustomStrategyId);
}

QString ExploreSettingsWidget::strategyLabel() const
{
    if (usesScripts())
        return QStringLiteral("%1 + %2").arg(QFileInfo(m_acquireScript).fileName(),
                                             QFileInfo(m_releaseScript).fileName());
    return m_strategyBox->currentData().toString();
}

bool ExploreSettingsWidget::setStrategy(const QString &id)
{
    const int i = m_strategyBox->findData(id);
    if (i < 0 || id == QLatin1String(kCustomStrategyId))
        return false;
    m_strategyBox->setCurrentIndex(i);
    m_scriptsText->hide();
    return true;
}

void ExploreSettingsWidget::onStrategyChosen(int index)
{
    if (m_strategyBox->itemData(index).toString() == QLatin1String(kCustomStrategyId)) {
        chooseScriptsWithDialog();
        return;
    }
    m_scriptsText->hide();
}

void ExploreSettingsWidget::chooseScriptsWithDialog()
{
    const QString filter = tr("Lua scripts (*.lua);;All files (*)");
    const auto back = [this] {
        // Cancelled or refused: the choice before stays.
        if (!m_scripts) {
            QSignalBlocker block(m_strategyBox);
            m_strategyBox->setCurrentIndex(m_lastIndex);
            updateFaultBoxes();
        }
    };
    const QString acquire =
        QFileDialog::getOpenFileName(this, tr("Your Acquire Script"), m_acquireScript, filter);
    if (acquire.isEmpty())
        return back();
    const QString release = QFileDialog::getOpenFileName(
        this, tr("Your Release Script"),
        m_releaseScript.isEmpty() ? QFileInfo(acquire).absolutePath() : m_releaseScript, filter);
    if (release.isEmpty())
        return back();
    QString error;
    if (!useScripts(acquire, release, &error)) {
        back();
        emit scriptsFailed(error);
    }
}

bool ExploreSettingsWidget::useScripts(const QString &acquireFile, const QString &releaseFile,
                                       QString *error)
{
    QString why;
    std::shared_ptr<const Strategy> strategy = createCustomStrategy(acquireFile, releaseFile, &why);
    if (!strategy) {
        if (error)
            *error = why;
        return false;
    }
    m_acquireScript = QFileInfo(acquireFile).absoluteFilePath();
    m_releaseScript = QFileInfo(releaseFile).absoluteFilePath();
    m_scripts = std::move(strategy);
    {
        QSignalBlocker block(m_strategyBox);
        m_strategyBox->setCurrentIndex(m_strategyBox->count() - 1);
    }
    m_scriptsText->show();
    retranslateUi();
    updateFaultBoxes();
    return true;
}

void ExploreSettingsWidget::setMaxFaults(int k)
{
    m_maxFaultsBox->setValue(k);
}

void ExploreSettingsWidget::setWorkload(const ExploreWorkload &w)
{
    m_clientsBox->setValue(w.clients);
    m_cyclesBox->setValue(w.cycles);
    m_ttlBox->setValue(int(w.ttlMs));
    m_holdBox->setValue(int(w.holdMs));
    m_staggerBox->setValue(int(w.startStaggerMs));
}

void ExploreSettingsWidget::setFaults(const QList<ExploreFault> &faults)
{
    const QList<ExploreFault> kinds = allExploreFaults();
    for (int i = 0; i < int(kinds.size()); ++i)
        m_faultBoxes[i]->setProperty("wanted", faults.contains(kinds[i]));
    updateFaultBoxes();
}

QCheckBox *ExploreSettingsWidget::faultBox(ExploreFault fault) const
{
    const int i = int(allExploreFaults().indexOf(fault));
    return i >= 0 ? m_faultBoxes.value(i) : nullptr;
}

void ExploreSettingsWidget::setRunning(bool running)
{
    m_running = running;
    for (QWidget *w : {static_cast<QWidget *>(m_lockBox), static_cast<QWidget *>(m_workloadBox),
                       static_cast<QWidget *>(m_faultsBox)})
        w->setEnabled(!running);
    updateButtons();
}

ExploreRequest ExploreSettingsWidget::baseRequest() const
{
    ExploreRequest r;
    r.workload.clients = m_clientsBox->value();
    r.workload.cycles = m_cyclesBox->value();
    r.workload.ttlMs = m_ttlBox->value();
    r.workload.holdMs = m_holdBox->value();
    r.workload.startStaggerMs = m_staggerBox->value();
    r.maxFaults = m_maxFaultsBox->value();
    return r;
}

QList<ExploreFault> ExploreSettingsWidget::checkedFaults() const
{
    QList<ExploreFault> out;
    const QList<ExploreFault> kinds = allExploreFaults();
    for (int i = 0; i < int(kinds.size()); ++i)
        if (m_faultBoxes[i]->property("wanted").toBool())
            out << kinds[i];
    return out;
}

ExploreRequest ExploreSettingsWidget::requestFor(const QString &strategyId) const
{
    ExploreRequest r = baseRequest();
    r.strategyId = strategyId;
    r.faults = checkedFaults();
    // Only the kinds that apply to this lock (a failover needs a replica). None left is an
    // empty list, which the page refuses: explore() would take it for "every kind".
    if (!r.faults.isEmpty())
        r.faults = exploreFaultsFor(r);
    return r;
}

ExploreRequest ExploreSettingsWidget::request() const
{
    if (!usesScripts())
        return requestFor(m_strategyBox->currentData().toString());
    ExploreRequest r = baseRequest();
    r.strategyId = QString::fromLatin1(kCustomStrategyId);
    r.strategy = m_scripts;
    r.faults = checkedFaults();
    if (!r.faults.isEmpty())
        r.faults = exploreFaultsFor(r);
    return r;
}

void ExploreSettingsWidget::updateFaultBoxes()
{
    // Which kinds apply to the chosen lock: every kind asked for, less what it cannot have.
    ExploreRequest r = baseRequest();
    if (usesScripts()) {
        r.strategyId = QString::fromLatin1(kCustomStrategyId);
        r.strategy = m_scripts;
    } else {
        r.strategyId = m_strategyBox->currentData().toString();
    }
    r.faults = allExploreFaults();
    const QList<ExploreFault> applicable = exploreFaultsFor(r);
    const QList<ExploreFault> kinds = allExploreFaults();
    for (int i = 0; i < int(kinds.size()); ++i) {
        QCheckBox *box = m_faultBoxes[i];
        const bool applies = applicable.contains(kinds[i]);
        box->setEnabled(applies);
        box->setChecked(applies && box->property("wanted").toBool());
    }
    retranslateUi(); // the disabled boxes' tooltips say why
    updateButtons();
}

void ExploreSettingsWidget::updateButtons()
{
    bool any = false;
    for (QCheckBox *box : std::as_const(m_faultBoxes))
        any = any || (box->isEnabledTo(m_faultsBox) && box->isChecked());
    m_exploreButton->setEnabled(!m_running && (any || m_maxFaultsBox->value() == 0) &&
                                (!usesScripts() || m_scripts));
    m_breakAllButton->setEnabled(!m_running);
}

} // namespace lockscope::ui
