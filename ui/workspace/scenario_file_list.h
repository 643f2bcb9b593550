// The scenario files of the workspace's scenario picker: after the built-in scenarios, behind a
// separator, the most recent first, at most kRecent of them; each as it was read, so that a run
// still works when the file has gone. The list is remembered in the settings
// (scenarios/recentFiles) and read again at start.
#pragma once

#include "sim/scenario.h"

#include <QCoreApplication>
#include <QHash>
#include <QStringList>

#include <memory>

class QComboBox;
class QSettings;
class QWidget;

namespace lockscope::ui {

class ScenarioFileList {
    Q_DECLARE_TR_FUNCTIONS(ScenarioFileList)
public:
    // A built-in scenario's item holds its id (Qt::UserRole); a scenario file's item holds its
    // absolute path in this role instead.
    static constexpr int ScenarioFileRole = Qt::UserRole + 1;
    // How many scenario files the picker and the settings remember.
    static constexpr int kRecent = 10;

    // The picker stays its owner's; this adds and removes the file items.
    explicit ScenarioFileList(QComboBox *picker);

    // Adds the file's item (or moves it to the front, refreshed; its tooltip in `language`);
    // returns its index. The caller selects what it wants afterwards: no signal on the way.
    int add(const QString &path, std::shared_ptr<const Scenario> scenario, const QString &language);
    int indexOf(const QString &path) const;
    // The file of the picker's current item; empty for a built-in scenario.
    QString current() const;
    // The files the picker holds, the most recent first.
    QStringList files() const;
    // The file's scenario as it was read; null when the picker does not hold it.
    std::shared_ptr<const Scenario> scenario(const QString &path) const;

    // Reads the recent files of the settings into the picker (those that cannot be read now stay
    // in the settings, for when they are mended); returns their errors.
    QStringList loadRecent(const QSettings &settings, const QString &language);
    // File > Open Scenario File's dialog: in the folder of the last file opened when
    // `persist` (and then it remembers the new one, scenarios/dir), else the current file's.
    // Empty when the person cancels.
    QString askForFile(QWidget *parent, bool persist) const;
    // Puts `path` first in the settings' recent list.
    static void remember(QSettings &settings, const QString &path);

private:
    QComboBox *m_picker;
    QHash<QString, std::shared_ptr<const Scenario>> m_scenarios; // by absolute path
};

} // namespace lockscope::ui
