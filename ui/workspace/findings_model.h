// The checker's findings as sentences ("B entered lock:0 at 30.015 s while A was still inside"),
// in time order. Selecting one jumps the playback to its instant.
#pragma once

#include "common/theme.h"

#include <QAbstractListModel>

#include <memory>

namespace lockscope::ui {

class RunData;

class FindingsModel final : public QAbstractListModel {
    Q_OBJECT
public:
    enum Roles { TimeRole = Qt::UserRole, KindRole, ClientRole };

    explicit FindingsModel(QObject *parent = nullptr);
    void setRun(std::shared_ptr<const RunData> run);
    void setTheme(const Theme &theme);
    // After a language change: the sentences are made again in the new language.
    void retranslate();

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const RunData> m_run;
    QStringList m_sentences;
    Theme m_theme;
};

} // namespace lockscope::ui
