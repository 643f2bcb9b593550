#include "findings_model.h"

#include "common/run_data.h"
#include "sim/explain.h"

namespace lockscope::ui {

FindingsModel::FindingsModel(QObject *parent)
    : QAbstractListModel(parent)
{}

void FindingsModel::setRun(std::shared_ptr<const RunData> run)
{
    beginResetModel();
    m_run = std::move(run);
    m_sentences.clear();
    if (m_run) {
        for (const Finding &f : m_run->report().findings)
            m_sentences.append(describeFinding(f, m_run->log()));
    }
    endResetModel();
}

void FindingsModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    if (!m_sentences.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_sentences.size()) - 1));
}

void FindingsModel::retranslate()
{
    if (!m_run || m_sentences.isEmpty())
        return;
    for (qsizetype i = 0; i < m_sentences.size(); ++i)
        m_sentences[i] = describeFinding(m_run->report().findings[std::size_t(i)], m_run->log());
    Q_EMIT dataChanged(index(0), index(int(m_sentences.size()) - 1));
}

int FindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_sentences.size());
}

QVariant FindingsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Finding &f = m_run->report().findings[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return m_sentences[index.row()];
    case TimeRole:
        return f.timeUs;
    case KindRole:
        return int(f.kind);
    case ClientRole:
        return int(f.client);
    case Qt::DecorationRole:
        return f.kind == Finding::Kind::Starvation ? m_theme.warning : m_theme.problem;
    default:
        return {};
    }
}

} // namespace lockscope::ui
