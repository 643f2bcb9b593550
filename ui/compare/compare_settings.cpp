#include "compare_settings.h"

#include "common/language.h"
#include "lock/strategy_registry.h"
#include "sim/run_limits.h"
#include "sim/scenario.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace lockscope::ui {

CompareSettingsWidget::CompareSettingsWidget(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_whatBox = new QGroupBox;
    auto *what = new QFormLayout(m_whatBox);
    m_scenarioLabel = new QLabel;
    m_scenarioBox = new QComboBox;
    m_scenarioBox->addItem(QString(), QString()); // "All scenarios", named in retranslateUi
    for (const QString &id : builtinScenarioIds())
        m_scenarioBox->addItem(id, id);
    m_scenarioLabel->setBuddy(m_scenarioBox);
    m_scenarioFileButton = new QPushButton;
    auto *scenarioRow = new QHBoxLayout;
    scenarioRow->addWidget(m_scenarioBox, 1);
    scenarioRow->addWidget(m_scenarioFileButton);
    what->addRow(m_scenarioLabel, scenarioRow);
    m_strategiesLabel = new QLabel;
    what->addRow(m_strategiesLabel);
    m_strategyList = new QListWidget;
    for (const QString &id : strategyIds()) {
        auto *item = new QListWidgetItem(id, m_strategyList);
        item->setData(Qt::UserRole, id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Checked);
    }
    m_strategyList->setMinimumHeight(m_strategyList->sizeHintForRow(0) * 10 + 6);
    m_strategiesLabel->setBuddy(m_strategyList);
    what->addRow(m_strategyList);
    auto *allNone = new QHBoxLayout;
    m_allButton = new QPushButton;
    m_noneButton = new QPushButton;
    allNone->addWidget(m_allButton);
    allNone->addWidget(m_noneButton);
    allNone->addStretch();
    what->addRow(allNone);
    m_seedsLabel = new QLabel;
    m_seedsBox = new QSpinBox;
    m_seedsBox->setRange(1, limits::kMaxSeeds);
    m_seedsBox->setValue(100);
    m_seedsLabel->setBuddy(m_seedsBox);
    what->addRow(m_seedsLabel, m_seedsBox);
    layout->addWidget(m_whatBox);

    m_workloadBox = new QGroupBox;
    auto *workload = new QFormLayout(m_workloadBox);
    m_clientsLabel = new QLabel;
    m_clientsBox = new QSpinBox;
    m_clientsBox->setRange(0, limits::kMaxClients); // 0: the scenario's own
    m_clientsLabel->setBuddy(m_clientsBox);
    workload->addRow(m_clientsLabel, m_clientsBox);
    m_ttlLabel = new QLabel;
    m_ttlBox = new QSpinBox;
    m_ttlBox->setRange(0, 3600000);
    m_ttlBox->setSingleStep(1000);
    m_ttlLabel->setBuddy(m_ttlBox);
    workload->addRow(m_ttlLabel, m_ttlBox);
    m_waitLabel = new QLabel;
    m_waitBox = new QComboBox;
    for (const char *mode : {"", "spin", "backoff", "pubsub"})
        m_waitBox->addItem(QString(), QLatin1String(mode));
    m_waitLabel->setBuddy(m_waitBox);
    workload->addRow(m_waitLabel, m_waitBox);
    // Your own acquire and release scripts, judged as one more strategy ("custom"), and the
    // bound on how long one of them may run (as lockscope-cli's --script-time-limit).
    m_scriptsLabel = new QLabel;
    m_scriptsText = new QLabel;
    m_scriptsText->setWordWrap(true);
    m_scriptsButton = new QPushButton;
    m_scriptsClear = new QPushButton;
    auto *scriptsRow = new QHBoxLayout;
    scriptsRow->addWidget(m_scriptsButton);
    scriptsRow->addWidget(m_scriptsClear);
    scriptsRow->addStretch();
    workload->addRow(m_scriptsLabel, m_scriptsText);
    workload->addRow(scriptsRow);
    m_timeLimitLabel = new QLabel;
    m_timeLimitBox = new QSpinBox;
    m_timeLimitBox->setRange(1, 3600);
    m_timeLimitBox->setValue(int(ScriptLimits::kDefaultTimeLimitMs / 1000));
    m_timeLimitLabel->setBuddy(m_timeLimitBox);
    workload->addRow(m_timeLimitLabel, m_timeLimitBox);
    layout->addWidget(m_workloadBox);

    m_runCount = new QLabel;
    m_runCount->setWordWrap(true);
    layout->addWidget(m_runCount);
    m_runButton = new QPushButton;
    m_runButton->setDefault(true);
    m_runButton->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    layout->addWidget(m_runButton);

    m_liveBox = new QGroupBox;
    auto *live = new QFormLayout(m_liveBox);
    m_urlLabel = new QLabel;
    m_urlEdit = new QLineEdit;
    m_urlEdit->setClearButtonEnabled(true);
    m_urlLabel->setBuddy(m_urlEdit);
    live->addRow(m_urlLabel, m_urlEdit);
    m_liveClientsLabel = new QLabel;
    m_liveClientsBox = new QSpinBox;
    m_liveClientsBox->setRange(1, 1000);
    m_liveClientsBox->setValue(10);
    m_liveClientsLabel->setBuddy(m_liveClientsBox);
    live->addRow(m_liveClientsLabel, m_liveClientsBox);
    m_durationLabel = new QLabel;
    m_durationBox = new QSpinBox;
    m_durationBox->setRange(100, 600000);
    m_durationBox->setSingleStep(500);
    m_durationBox->setValue(3000);
    m_durationLabel->setBuddy(m_durationBox);
    live->addRow(m_durationLabel, m_durationBox);
    m_liveHint = new QLabel;
    m_liveHint->setWordWrap(true);
    live->addRow(m_liveHint);
    m_liveButton = new QPushButton;
    live->addRow(m_liveButton);
    layout->addWidget(m_liveBox);
    layout->addStretch();

    connect(m_allButton, &QPushButton::clicked, this, [this] { setStrategies(strategyIds()); });
    connect(m_noneButton, &QPushButton::clicked, this, [this] { setStrategies({}); });
    connect(m_strategyList, &QListWidget::itemChanged, this,
            &CompareSettingsWidget::updateRunCount);
    connect(m_scenarioBox, &QComboBox::currentIndexChanged, this,
            &CompareSettingsWidget::updateRunCount);
    connect(m_seedsBox, &QSpinBox::valueChanged, this, &CompareSettingsWidget::updateRunCount);
    connect(m_runButton, &QPushButton::clicked, this, &CompareSettingsWidget::runRequested);
    connect(m_liveButton, &QPushButton::clicked, this, &CompareSettingsWidget::liveRequested);
    connect(m_scriptsButton, &QPushButton::clicked, this, &CompareSettingsWidget::chooseScripts);
    connect(m_scenarioFileButton, &QPushButton::clicked, this,
            &CompareSettingsWidget::chooseScenarioFile);
    connect(m_scriptsClear, &QPushButton::clicked, this, [this] { setScripts({}, {}); });
    connect(m_urlEdit, &QLineEdit::returnPressed, this, &CompareSettingsWidget::liveRequested);
    retranslateUi();
}

CompareSettings CompareSettingsWidget::settings() const
{
    CompareSettings s;
    const QString scenario = m_scenarioBox->currentData().toString();
    s.scenarioIds = scenario.isEmpty() ? builtinScenarioIds() : QStringList{scenario};
    const QString file = m_scenarioBox->currentData(kFileRole).toString();
    if (!file.isEmpty()) {
        s.scenarioFile = file;
        s.fileScenario = m_fileScenarios.value(file);
    }
    for (int i = 0; i < m_strategyList->count(); ++i) {
        if (m_strategyList->item(i)->checkState() == Qt::Checked)
            s.strategies << m_strategyList->item(i)->data(Qt::UserRole).toString();
    }
    s.seeds = m_seedsBox->value();
    s.clients = m_clientsBox->value() > 0 ? m_clientsBox->value() : -1;
    s.ttlMs = m_ttlBox->value() > 0 ? m_ttlBox->value() : -1;
    s.waitMode = m_waitBox->currentData().toString();
    if (!m_acquireScript.isEmpty() && !m_releaseScript.isEmpty()) {
        s.acquireScript = m_acquireScript;
        s.releaseScript = m_releaseScript;
        s.strategies << QStringLiteral("custom");
    }
    s.scriptTimeLimitMs = qint64(m_timeLimitBox->value()) * 1000;
    return s;
}

void CompareSettingsWidget::setScripts(const QString &acquireFile, const QString &releaseFile)
{
    m_acquireScript = acquireFile;
    m_releaseScript = releaseFile;
    retranslateUi();
}

void CompareSettingsWidget::setScriptTimeLimitMs(qint64 ms)
{
    m_timeLimitBox->setValue(int(std::clamp<qint64>((ms + 999) / 1000, 1, 3600)));
}

void CompareSettingsWidget::chooseScripts()
{
    const QString filter = tr("Lua scripts (*.lua);;All files (*)");
    const QString acquire =
        QFileDialog::getOpenFileName(this, tr("Your acquire script"), m_acquireScript, filter);
    if (acquire.isEmpty())
        return;
    const QString release = QFileDialog::getOpenFileName(
        this, tr("Your release script"),
        m_releaseScript.isEmpty() ? QFileInfo(acquire).path() : m_releaseScript, filter);
    if (!release.isEmpty())
        setScripts(acquire, release);
}

LiveSettings CompareSettingsWidget::liveSettings() const
{
    LiveSettings l;
    l.url = m_urlEdit->text().trimmed();
    l.strategies = settings().strategies;
    l.strategies.removeAll(QStringLiteral("custom")); // measured by lockscope-cli bench instead
    l.clients = m_liveClientsBox->value();
    if (m_ttlBox->value() > 0)
        l.ttlMs = m_ttlBox->value();
    l.durationMs = m_durationBox->value();
    return l;
}

void CompareSettingsWidget::setSeeds(int seeds)
{
    m_seedsBox->setValue(seeds);
}

bool CompareSettingsWidget::setScenario(const QString &id)
{
    const int i = m_scenarioBox->findData(id);
    if (i < 0)
        return false;
    m_scenarioBox->setCurrentIndex(i);
    return true;
}

bool CompareSettingsWidget::addScenarioFile(const QString &path, QString *error)
{
    auto scenario = std::make_shared<Scenario>();
    QString why;
    if (!loadScenarioFile(path, scenario.get(), &why)) {
        if (error)
            *error = why;
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_fileScenarios.insert(absolute, scenario);
    // The file's name is what the person chose (the scenario's id and title are in the tip).
    const QString text = QFileInfo(path).fileName();
    int i = m_scenarioBox->findData(absolute, kFileRole);
    if (i < 0) {
        m_scenarioBox->addItem(text, scenario->id);
        i = m_scenarioBox->count() - 1;
        m_scenarioBox->setItemData(i, absolute, kFileRole);
    } else {
        m_scenarioBox->setItemText(i, text);
        m_scenarioBox->setItemData(i, scenario->id);
    }
    m_scenarioBox->setItemData(i, tr("%1: %2 (%3)").arg(scenario->id, scenario->title, absolute),
                               Qt::ToolTipRole);
    m_scenarioBox->setCurrentIndex(i);
    updateRunCount();
    return true;
}

void CompareSettingsWidget::chooseScenarioFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("A scenario file"), QString(),
                                                      tr("Scenario files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!addScenarioFile(path, &error))
        Q_EMIT problem(error);
}

void CompareSettingsWidget::setStrategies(const QStringList &ids)
{
    for (int i = 0; i < m_strategyList->count(); ++i) {
        auto *item = m_strategyList->item(i);
        item->setCheckState(ids.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                              : Qt::Unchecked);
    }
}

void CompareSettingsWidget::setLiveUrl(const QString &url)
{
    m_urlEdit->setText(url);
}

void CompareSettingsWidget::setRunning(bool running)
{
    for (QWidget *w : {static_cast<QWidget *>(m_whatBox), static_cast<QWidget *>(m_workloadBox),
                       static_cast<QWidget *>(m_liveBox), static_cast<QWidget *>(m_runButton)})
        w->setEnabled(!running);
}

void CompareSettingsWidget::updateRunCount()
{
    const CompareSettings s = settings();
    m_runCount->setText(tr("%1 scenario(s) × %2 strategies × %3 seeds = %4 runs")
                            .arg(s.scenarioIds.size())
                            .arg(s.strategies.size())
                            .arg(s.seeds)
                            .arg(QLocale().toString(s.runCount())));
    m_runButton->setEnabled(s.runCount() > 0);
}

void CompareSettingsWidget::retranslateUi()
{
    m_whatBox->setTitle(tr("What to compare"));
    m_scenarioLabel->setText(tr("&Scenario:"));
    m_scenarioBox->setItemText(0, tr("All scenarios (the safety matrix)"));
    m_scenarioFileButton->setText(tr("F&ile…"));
    m_scenarioFileButton->setToolTip(
        tr("Compare a scenario file: your own, or one a what-if replay derived from a "
           "recording."));
    for (int i = 1; i < m_scenarioBox->count(); ++i) {
        Scenario s;
        if (m_scenarioBox->itemData(i, kFileRole).isValid())
            continue;
        if (loadBuiltinScenario(m_scenarioBox->itemData(i).toString(), &s, nullptr))
            m_scenarioBox->setItemData(i, s.titleTr.value(currentLanguage(), s.title),
                                       Qt::ToolTipRole);
    }
    m_strategiesLabel->setText(tr("S&trategies:"));
    m_allButton->setText(tr("All"));
    m_noneButton->setText(tr("None"));
    m_seedsLabel->setText(tr("S&eeds per cell:"));
    m_seedsBox->setToolTip(tr("Each cell runs seeds 1..N; the matrix is the same on every "
                              "machine."));
    m_workloadBox->setTitle(tr("Workload"));
    m_clientsLabel->setText(tr("&Clients:"));
    m_clientsBox->setSpecialValueText(tr("scenario's own"));
    m_ttlLabel->setText(tr("&TTL:"));
    m_ttlBox->setSpecialValueText(tr("scenario's own"));
    m_ttlBox->setSuffix(tr(" ms"));
    m_waitLabel->setText(tr("&Wait:"));
    m_waitBox->setItemText(0, tr("scenario's own"));
    m_waitBox->setItemText(1, tr("spin"));
    m_waitBox->setItemText(2, tr("backoff"));
    m_waitBox->setItemText(3, tr("pubsub"));
    m_scriptsLabel->setText(tr("Your scripts:"));
    m_scriptsText->setText(m_acquireScript.isEmpty()
                               ? tr("none")
                               : tr("acquire: %1; release: %2 (compared as \"custom\")")
                                     .arg(QFileInfo(m_acquireScript).fileName(),
                                          QFileInfo(m_releaseScript).fileName()));
    m_scriptsButton->setText(tr("Ch&oose…"));
    m_scriptsClear->setText(tr("Clear"));
    m_scriptsClear->setEnabled(!m_acquireScript.isEmpty());
    m_timeLimitLabel->setText(tr("Script time li&mit:"));
    m_timeLimitBox->setSuffix(tr(" s"));
    m_timeLimitBox->setToolTip(tr("A script that runs longer is stopped and the comparison "
                                  "ends with a message, as Redis's lua-time-limit (5 s)."));
    m_runButton->setText(tr("&Run comparison"));
    m_runButton->setToolTip(
        tr("Runs every chosen strategy on every chosen scenario (Ctrl+Enter)."));
    m_liveBox->setTitle(tr("Cost on a live server"));
    m_urlLabel->setText(tr("Redis &URL:"));
    m_urlEdit->setPlaceholderText(tr("host:port or redis://[user:pass@]host:port/db"));
    m_liveClientsLabel->setText(tr("C&lients:"));
    m_durationLabel->setText(tr("&Duration:"));
    m_durationBox->setSuffix(tr(" ms"));
    m_liveHint->setText(tr("Runs lockscope-cli bench's workload once per chosen strategy on "
                           "this server, for the cost figures. Its keys live under "
                           "lockscope:bench: and are deleted afterwards."));
    m_liveButton->setText(tr("Measure on ser&ver"));
    updateRunCount();
}

void CompareSettingsWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace lockscope::ui
