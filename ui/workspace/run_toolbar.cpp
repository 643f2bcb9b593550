#include "run_toolbar.h"

#include "lock/strategy_registry.h"
#include "scenario_file_list.h"
#include "scenario_texts.h"
#include "sim/run_limits.h"
#include "sim/scenario.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>

namespace lockscope::ui {

QWidget *labelledField(QLabel **labelOut, QWidget *field)
{
    auto *w = new QWidget;
    auto *l = new QHBoxLayout(w);
    l->setContentsMargins(6, 0, 6, 0);
    l->setSpacing(6);
    auto *label = new QLabel;
    *labelOut = label;
    label->setBuddy(field);
    l->addWidget(label);
    l->addWidget(field);
    return w;
}

RunToolBar::RunToolBar(QAction *runAction, QAction *cancelAction, QAction *clearFaultsAction,
                       QWidget *parent)
    : QToolBar(parent)
{
    setObjectName(QStringLiteral("RunToolBar"));
    setMovable(false);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    m_scenarioBox = new QComboBox;
    m_scenarioBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const QString &id : builtinScenarioIds()) {
        Scenario s;
        if (loadBuiltinScenario(id, &s))
            m_scenarioBox->addItem(id, id);
        m_scenarioBox->setItemData(m_scenarioBox->count() - 1, scenarioSummary(s), Qt::ToolTipRole);
    }
    m_strategyBox = new QComboBox;
    m_strategyBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const QString &id : strategyIds()) {
        m_strategyBox->addItem(id, id);
        if (auto s = createStrategy(id))
            m_strategyBox->setItemData(m_strategyBox->count() - 1, strategyText(s->info().summary),
                                       Qt::ToolTipRole);
    }
    m_strategyBox->setCurrentIndex(
        qMax(0, m_strategyBox->findData(QStringLiteral("set-nx-px-lua"))));
    m_scenarioBox->setCurrentIndex(
        qMax(0, m_scenarioBox->findData(QStringLiteral("pause-after-acquire"))));
    m_files = std::make_unique<ScenarioFileList>(m_scenarioBox);

    m_seedBox = new QSpinBox;
    m_seedBox->setRange(0, 999999);
    m_seedBox->setValue(1);
    m_clientsBox = new QSpinBox;
    m_clientsBox->setRange(1, limits::kMaxClients);
    m_ttlBox = new QSpinBox;
    m_ttlBox->setRange(1, 3600000);
    m_ttlBox->setSingleStep(1000);
    m_waitBox = new QComboBox;
    for (const char *mode : {"", "spin", "backoff", "pubsub"})
        m_waitBox->addItem(QString(), QString::fromLatin1(mode)); // texts: retranslate()

    addWidget(labelledField(&m_scenarioLabel, m_scenarioBox));
    addWidget(labelledField(&m_strategyLabel, m_strategyBox));
    addSeparator();
    addWidget(labelledField(&m_seedLabel, m_seedBox));
    addWidget(labelledField(&m_clientsLabel, m_clientsBox));
    addWidget(labelledField(&m_ttlLabel, m_ttlBox));
    addWidget(labelledField(&m_waitLabel, m_waitBox));
    addSeparator();
    addAction(runAction);
    if (auto *b = qobject_cast<QToolButton *>(widgetForAction(runAction))) {
        QFont f = b->font();
        f.setBold(true);
        b->setFont(f);
    }
    addAction(cancelAction); // enabled only while a run is under way
    // An icon is enough beside Run (its tooltip and the Run menu say what it does); the faults
    // label after it needs the room.
    if (auto *b = qobject_cast<QToolButton *>(widgetForAction(cancelAction)))
        b->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_faultsLabel = new QLabel;
    m_faultsLabel->setContentsMargins(10, 0, 4, 0);
    addWidget(m_faultsLabel);
    m_clearFaultsButton = new QToolButton;
    m_clearFaultsButton->setDefaultAction(clearFaultsAction);
    m_clearFaultsWidget = addWidget(m_clearFaultsButton);
    showFaultCount(0);
}

RunToolBar::~RunToolBar() = default;

bool RunToolBar::selectScenario(const QString &id)
{
    const int i = m_scenarioBox->findData(id);
    if (i < 0)
        return false;
    QSignalBlocker block(m_scenarioBox);
    m_scenarioBox->setCurrentIndex(i);
    return true;
}

bool RunToolBar::selectStrategy(const QString &id)
{
    const int i = m_strategyBox->findData(id);
    if (i < 0)
        return false;
    QSignalBlocker block(m_strategyBox);
    m_strategyBox->setCurrentIndex(i);
    return true;
}

void RunToolBar::selectScenarioFile(const QString &absolutePath,
                                    std::shared_ptr<const Scenario> scenario,
                                    const QString &language)
{
    const int i = m_files->add(absolutePath, std::move(scenario), language);
    QSignalBlocker block(m_scenarioBox);
    m_scenarioBox->setCurrentIndex(i);
}

bool RunToolBar::selectRequest(const RunRequest &request, const QString &language)
{
    QSignalBlocker b1(m_scenarioBox), b2(m_strategyBox);
    int index = -1;
    if (request.fromFile()) {
        index = m_files->indexOf(request.scenarioFile);
        if (index < 0 && request.fileScenario)
            index = m_files->add(request.scenarioFile, request.fileScenario, language);
    } else {
        index = m_scenarioBox->findData(request.scenarioId);
    }
    const int strategy = m_strategyBox->findData(request.strategyId);
    if (index < 0 || (strategy < 0 && !request.isCustom()))
        return false;
    m_scenarioBox->setCurrentIndex(index);
    if (request.isCustom())
        selectCustomScripts(request.acquireScript, request.releaseScript, request.customStrategy,
                            request.scriptTimeLimitMs);
    else
        m_strategyBox->setCurrentIndex(strategy);
    return true;
}

void RunToolBar::setSeed(quint64 seed)
{
    m_seedBox->setValue(int(qMin<quint64>(seed, quint64(m_seedBox->maximum()))));
}

void RunToolBar::setClientCount(int clients)
{
    m_clientsBox->setValue(clients);
}

void RunToolBar::setTtlMs(qint64 ttlMs)
{
    m_ttlBox->setValue(int(std::clamp<qint64>(ttlMs, 1, m_ttlBox->maximum())));
}

void RunToolBar::setWaitMode(const QString &mode)
{
    m_waitBox->setCurrentIndex(qMax(0, m_waitBox->findData(mode)));
}

void RunToolBar::showScenarioDefaults(const Scenario &s)
{
    m_clientsBox->setValue(int(s.resolvedClients().size()));
    m_ttlBox->setValue(int(s.ttlMs));
}

bool RunToolBar::currentScenario(Scenario *out) const
{
    const QString file = m_files->current();
    if (file.isEmpty())
        return loadBuiltinScenario(m_scenarioBox->currentData().toString(), out);
    const std::shared_ptr<const Scenario> s = m_files->scenario(file);
    if (!s)
        return false;
    *out = *s;
    return true;
}

QString RunToolBar::currentStrategy() const
{
    return m_strategyBox->currentData().toString();
}

RunRequest RunToolBar::request(const QList<FaultSpec> &injected) const
{
    RunRequest r;
    r.scenarioFile = m_files->current();
    if (r.fromFile()) {
        r.fileScenario = m_files->scenario(r.scenarioFile);
        if (r.fileScenario)
            r.scenarioId = r.fileScenario->id;
    } else {
        r.scenarioId = m_scenarioBox->currentData().toString();
    }
    r.strategyId = currentStrategy();
    if (r.isCustom()) {
        r.acquireScript = m_acquireScript;
        r.releaseScript = m_releaseScript;
        r.customStrategy = m_customStrategy;
        r.scriptTimeLimitMs = m_scriptTimeLimitMs;
    }
    r.seed = quint64(m_seedBox->value());
    Scenario s;
    currentScenario(&s);
    if (m_clientsBox->value() != int(s.resolvedClients().size()))
        r.clients = m_clientsBox->value();
    if (m_ttlBox->value() != s.ttlMs)
        r.ttlMs = m_ttlBox->value();
    r.waitMode = m_waitBox->currentData().toString();
    r.injectedFaults = injected;
    return r;
}

void RunToolBar::selectCustomScripts(const QString &acquireFile, const QString &releaseFile,
                                     std::shared_ptr<const Strategy> strategy, qint64 timeLimitMs)
{
    m_acquireScript = acquireFile;
    m_releaseScript = releaseFile;
    m_customStrategy = std::move(strategy);
    m_scriptTimeLimitMs = timeLimitMs;
    const QString id = QLatin1String(kCustomStrategyId);
    QSignalBlocker block(m_strategyBox);
    int i = m_strategyBox->findData(id);
    if (i < 0) {
        m_strategyBox->addItem(QString(), id);
        i = m_strategyBox->count() - 1;
    }
    m_strategyBox->setItemText(i, customScriptsText());
    m_strategyBox->setItemData(i,
                               QStringLiteral("%1\n%2").arg(QDir::toNativeSeparators(acquireFile),
                                                            QDir::toNativeSeparators(releaseFile)),
                               Qt::ToolTipRole);
    m_strategyBox->setCurrentIndex(i);
}

QString RunToolBar::customScriptsText() const
{
    return tr("your scripts"); // which ones: the tooltip, the window's title, the Source tab
}

QStringList RunToolBar::loadSettings(const QSettings &s, const QString &language)
{
    const QString scenario = s.value(QStringLiteral("run/scenario")).toString();
    const QString scenarioFile = s.value(QStringLiteral("run/scenarioFile")).toString();
    const QString strategy = s.value(QStringLiteral("run/strategy")).toString();
    QSignalBlocker b1(m_scenarioBox), b2(m_strategyBox);
    const QStringList errors = m_files->loadRecent(s, language);
    // The scenario file chosen last, when it could still be read; else the built-in one.
    const int fileIndex = scenarioFile.isEmpty() ? -1 : m_files->indexOf(scenarioFile);
    if (fileIndex >= 0)
        m_scenarioBox->setCurrentIndex(fileIndex);
    else if (m_scenarioBox->findData(scenario) >= 0)
        m_scenarioBox->setCurrentIndex(m_scenarioBox->findData(scenario));
    if (m_strategyBox->findData(strategy) >= 0)
        m_strategyBox->setCurrentIndex(m_strategyBox->findData(strategy));
    m_seedBox->setValue(s.value(QStringLiteral("run/seed"), 1).toInt());
    const int wait = m_waitBox->findData(s.value(QStringLiteral("run/wait")).toString());
    m_waitBox->setCurrentIndex(qMax(0, wait));
    return errors;
}

void RunToolBar::saveSettings(QSettings &s) const
{
    // A scenario file leaves the last built-in choice as it was: the window falls back to it
    // when the file cannot be read any more.
    const QString file = m_files->current();
    if (file.isEmpty()) {
        s.setValue(QStringLiteral("run/scenario"), m_scenarioBox->currentData());
        s.remove(QStringLiteral("run/scenarioFile"));
    } else {
        s.setValue(QStringLiteral("run/scenarioFile"), file);
    }
    s.setValue(QStringLiteral("run/strategy"), m_strategyBox->currentData());
    s.setValue(QStringLiteral("run/seed"), m_seedBox->value());
    s.setValue(QStringLiteral("run/wait"), m_waitBox->currentData());
}

void RunToolBar::retranslate()
{
    setWindowTitle(tr("Run"));
    m_scenarioLabel->setText(tr("&Scenario"));
    m_strategyLabel->setText(tr("S&trategy"));
    m_seedLabel->setText(tr("Seed"));
    m_clientsLabel->setText(tr("Clients"));
    m_ttlLabel->setText(tr("TTL"));
    m_waitLabel->setText(tr("Wait"));
    m_seedBox->setToolTip(tr("The same scenario, strategy and seed always give the same run"));
    m_ttlBox->setSuffix(tr(" ms"));
    m_waitBox->setItemText(0, tr("scenario's"));
    m_waitBox->setItemText(1, tr("spin"));
    m_waitBox->setItemText(2, tr("backoff"));
    m_waitBox->setItemText(3, tr("pub/sub"));
    m_waitBox->setToolTip(tr("How a client waits for a busy lock"));
    for (int i = 0; i < m_scenarioBox->count(); ++i) {
        const QString id = m_scenarioBox->itemData(i).toString();
        Scenario s;
        if (!m_scenarioBox->itemData(i, ScenarioFileList::ScenarioFileRole).isValid() &&
            loadBuiltinScenario(id, &s))
            m_scenarioBox->setItemData(i, scenarioSummary(s), Qt::ToolTipRole);
    }
    for (int i = 0; i < m_strategyBox->count(); ++i) {
        if (auto st = createStrategy(m_strategyBox->itemData(i).toString()))
            m_strategyBox->setItemData(i, strategyText(st->info().summary), Qt::ToolTipRole);
    }
    if (const int custom = m_strategyBox->findData(QLatin1String(kCustomStrategyId)); custom >= 0)
        m_strategyBox->setItemText(custom, customScriptsText());
    m_clearFaultsButton->setText(tr("Clear"));
    showFaultCount(m_faults);
}

void RunToolBar::showFaultCount(int faults)
{
    m_faults = faults;
    const bool any = faults > 0;
    m_faultsLabel->setText(any ? tr("%n fault(s) added by hand", nullptr, faults)
                               : tr("Right-click a lane to add a fault"));
    m_faultsLabel->setEnabled(any);
    m_clearFaultsWidget->setVisible(any);
}

} // namespace lockscope::ui
