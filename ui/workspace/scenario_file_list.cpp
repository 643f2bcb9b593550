#include "scenario_file_list.h"

#include "scenario_texts.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QSignalBlocker>

namespace lockscope::ui {

namespace {

QString recentFilesKey()
{
    return QStringLiteral("scenarios/recentFiles");
}

} // namespace

ScenarioFileList::ScenarioFileList(QComboBox *picker)
    : m_picker(picker)
{}

int ScenarioFileList::add(const QString &path, std::shared_ptr<const Scenario> scenario,
                          const QString &language)
{
    QSignalBlocker block(m_picker);
    const int existing = indexOf(path);
    if (existing >= 0)
        m_picker->removeItem(existing);
    // Scenario files come after the built-in scenarios (the items with an id), behind a
    // separator, the most recent first.
    int builtins = 0;
    while (builtins < m_picker->count() && m_picker->itemData(builtins).isValid())
        ++builtins;
    if (m_picker->count() == builtins)
        m_picker->insertSeparator(builtins);
    const int first = builtins + 1;
    // Shown by its file name (the built-in ones are shown by their ids); the tooltip has the
    // title, the summary and where the file is.
    m_picker->insertItem(first, QFileInfo(path).fileName());
    m_picker->setItemData(first, path, ScenarioFileRole);
    // A scenario made in the window (a counterexample Explore found) has a name, not a path.
    const QString tip =
        QFileInfo::exists(path)
            ? tr("%1 (file)\n%2\n%3")
                  .arg(scenarioTitle(*scenario, language), scenarioSummary(*scenario),
                       QDir::toNativeSeparators(path))
            : tr("%1 (not saved to a file)\n%2")
                  .arg(scenarioTitle(*scenario, language), scenarioSummary(*scenario));
    m_picker->setItemData(first, tip, Qt::ToolTipRole);
    m_scenarios.insert(path, std::move(scenario));
    // Forget the oldest beyond the limit (never the one just added).
    while (m_picker->count() - first > kRecent) {
        const int last = m_picker->count() - 1;
        m_scenarios.remove(m_picker->itemData(last, ScenarioFileRole).toString());
        m_picker->removeItem(last);
    }
    return first;
}

int ScenarioFileList::indexOf(const QString &path) const
{
    return m_picker->findData(path, ScenarioFileRole);
}

QString ScenarioFileList::current() const
{
    return m_picker->currentData(ScenarioFileRole).toString();
}

QStringList ScenarioFileList::files() const
{
    QStringList files;
    for (int i = 0; i < m_picker->count(); ++i) {
        const QString file = m_picker->itemData(i, ScenarioFileRole).toString();
        if (!file.isEmpty())
            files << file;
    }
    return files;
}

std::shared_ptr<const Scenario> ScenarioFileList::scenario(const QString &path) const
{
    return m_scenarios.value(path);
}

QStringList ScenarioFileList::loadRecent(const QSettings &settings, const QString &language)
{
    // The oldest first, each in front of the others: the picker ends up in the list's order. A
    // file that cannot be read now stays in the list (it may be back next time) but not in the
    // picker.
    const QStringList paths = settings.value(recentFilesKey()).toStringList();
    QStringList errors;
    for (qsizetype i = qMin<qsizetype>(paths.size(), kRecent) - 1; i >= 0; --i) {
        Scenario s;
        QString error;
        if (loadScenarioFile(paths[i], &s, &error))
            add(paths[i], std::make_shared<const Scenario>(std::move(s)), language);
        else
            errors.prepend(error);
    }
    return errors;
}

QString ScenarioFileList::askForFile(QWidget *parent, bool persist) const
{
    QSettings settings;
    QString dir = persist ? settings.value(QStringLiteral("scenarios/dir")).toString() : QString();
    if (dir.isEmpty() && !current().isEmpty())
        dir = QFileInfo(current()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(parent, tr("Open Scenario File"), dir,
                                                      tr("Scenario files (*.json);;All files (*)"));
    if (!path.isEmpty() && persist)
        settings.setValue(QStringLiteral("scenarios/dir"), QFileInfo(path).absolutePath());
    return path;
}

void ScenarioFileList::remember(QSettings &settings, const QString &path)
{
    QStringList recent = settings.value(recentFilesKey()).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kRecent)
        recent.removeLast();
    settings.setValue(recentFilesKey(), recent);
}

} // namespace lockscope::ui
