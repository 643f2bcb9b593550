#include "command_log_model.h"

#include "common/run_data.h"
#include "sim/explain.h"

#include <QFont>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace lockscope::ui {

namespace {
// The key a command touches: argv[1], or the first key of a script (EVAL/EVALSHA sha n key...).
QString keyOfCommand(const QByteArray &command)
{
    const QList<QByteArray> parts = command.split(' ');
    if (parts.size() < 2)
        return {};
    const QByteArray verb = parts[0].toUpper();
    if (verb == "EVALSHA" || verb == "EVAL") {
        if (parts.size() >= 4 && parts[2].toInt() > 0)
            return QString::fromUtf8(parts[3]);
        return {};
    }
    if (verb == "PING" || verb == "SCRIPT" || verb == "INFO" || verb == "WAIT")
        return {};
    return QString::fromUtf8(parts[1]);
}
} // namespace

CommandLogModel::CommandLogModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    refreshFont();
}

void CommandLogModel::refreshFont()
{
    m_mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_mono.setPointSizeF(QGuiApplication::font().pointSizeF());
    if (m_visible > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_visible - 1, ColumnCount - 1), {Qt::FontRole});
}

void CommandLogModel::setRun(std::shared_ptr<const RunData> run)
{
    beginResetModel();
    m_run = std::move(run);
    m_rows.clear();
    m_visible = 0;
    m_timeUs = 0;
    if (m_run) {
        const auto &events = m_run->log().events();
        QHash<quint64, std::size_t> pending; // (client, request id) -> row
        for (std::size_t i = 0; i < events.size(); ++i) {
            const Event &e = events[i];
            const quint64 id = (quint64(quint16(e.client)) << 48) ^ quint64(e.value);
            if (e.kind == EventKind::CommandSent) {
                Row r;
                r.sent = quint32(i);
                r.sentUs = e.timeUs;
                r.key = keyOfCommand(m_run->log().strings().at(e.text));
                pending.insert(id, m_rows.size());
                m_rows.push_back(std::move(r));
            } else if (e.kind == EventKind::ReplyReceived || e.kind == EventKind::ReplyMissing) {
                const auto it = pending.find(id);
                if (it == pending.end())
                    continue;
                Row &r = m_rows[*it];
                r.reply = qint64(i);
                r.replyUs = e.timeUs;
                pending.erase(it);
            }
        }
    }
    m_visible = m_showAll ? int(m_rows.size()) : 0;
    endResetModel();
}

int CommandLogModel::visibleFor(qint64 timeUs) const
{
    if (m_showAll)
        return int(m_rows.size());
    return int(std::upper_bound(m_rows.begin(), m_rows.end(), timeUs,
                                [](qint64 t, const Row &r) { return t < r.sentUs; }) -
               m_rows.begin());
}

void CommandLogModel::setTime(qint64 timeUs)
{
    const qint64 before = m_timeUs;
    m_timeUs = timeUs;
    const int visible = visibleFor(timeUs);
    // Replies that arrived or were taken back between the two instants, among the rows that
    // stay visible.
    const qint64 lo = qMin(before, timeUs), hi = qMax(before, timeUs);
    int first = -1, last = -1;
    const int keep = qMin(visible, m_visible);
    for (int i = keep - 1; i >= 0; --i) {
        const Row &r = m_rows[std::size_t(i)];
        if (r.replyUs > lo && r.replyUs <= hi) {
            first = i;
            if (last < 0)
                last = i;
        }
        // Requests time out after a few seconds at most: stop looking far before `lo`.
        if (r.sentUs < lo - 60'000'000)
            break;
    }
    if (visible < m_visible) {
        beginRemoveRows({}, visible, m_visible - 1);
        m_visible = visible;
        endRemoveRows();
    } else if (visible > m_visible) {
        beginInsertRows({}, m_visible, visible - 1);
        m_visible = visible;
        endInsertRows();
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, ReplyColumn), index(last, LatencyColumn));
}

void CommandLogModel::setShowAll(bool all)
{
    if (all == m_showAll)
        return;
    m_showAll = all;
    setTime(m_timeUs);
    if (!m_rows.empty() && m_visible > 0)
        Q_EMIT dataChanged(index(0, ReplyColumn), index(m_visible - 1, LatencyColumn));
}

void CommandLogModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    if (m_visible > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_visible - 1, ColumnCount - 1));
}

int CommandLogModel::rowForEvent(quint32 event) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.begin() + m_visible, event,
                                     [](const Row &r, quint32 e) { return r.sent < e; });
    if (it == m_rows.begin() + m_visible || it->sent != event)
        return -1;
    return int(it - m_rows.begin());
}

int CommandLogModel::rowAtOrBefore(qint64 timeUs, int client) const
{
    int i = int(std::upper_bound(m_rows.begin(), m_rows.begin() + m_visible, timeUs,
                                 [](qint64 t, const Row &r) { return t < r.sentUs; }) -
                m_rows.begin()) -
            1;
    for (int guard = 0; i >= 0 && guard < 100000; --i, ++guard) {
        if (client < 0 || m_run->event(m_rows[std::size_t(i)].sent).client == client)
            return i;
    }
    return -1;
}

QStringList CommandLogModel::keys() const
{
    QSet<QString> set;
    for (const Row &r : m_rows) {
        if (!r.key.isEmpty())
            set.insert(r.key);
    }
    QStringList list(set.begin(), set.end());
    list.sort();
    return list;
}

int CommandLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_visible;
}

int CommandLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommandLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    const Event &sent = m_run->event(r.sent);
    switch (role) {
    case ClientRole:
        return int(sent.client);
    case KeyRole:
        return r.key;
    case EventRole:
        return int(r.sent);
    case TimeRole:
        return sent.timeUs;
    case Qt::DecorationRole:
        if (index.column() == ClientColumn)
            return m_theme.client(sent.client);
        return {};
    case Qt::FontRole:
        if (index.column() == CommandColumn || index.column() == ReplyColumn)
            return m_mono;
        return {};
    case Qt::ForegroundRole:
        if (index.column() == ReplyColumn && replyVisible(r) &&
            m_run->event(quint32(r.reply)).kind == EventKind::ReplyMissing)
            return m_theme.problem;
        if (index.column() == ReplyColumn && !replyVisible(r))
            return m_theme.mutedText;
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == TimeColumn || index.column() == LatencyColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TimeColumn:
        return formatTime(sent.timeUs);
    case ClientColumn:
        return m_run->clientName(sent.client);
    case NodeColumn:
        return m_run->nodeName(sent.node);
    case CommandColumn:
        return m_run->text(sent.text);
    case ReplyColumn: {
        if (!replyVisible(r))
            return r.reply >= 0 ? tr("… in flight") : tr("… no reply yet");
        const Event &reply = m_run->event(quint32(r.reply));
        if (reply.kind == EventKind::ReplyMissing)
            return role == Qt::ToolTipRole ? tr("No reply: %1").arg(m_run->text(reply.text))
                                           : tr("(no reply)");
        return m_run->text(reply.text);
    }
    case LatencyColumn:
        if (!replyVisible(r))
            return QString();
        return tr("%1 ms").arg(double(r.replyUs - r.sentUs) / 1000.0, 0, 'f', 1);
    default:
        return {};
    }
}

QVariant CommandLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case ClientColumn:
        return tr("Client");
    case NodeColumn:
        return tr("Node");
    case CommandColumn:
        return tr("Command");
    case ReplyColumn:
        return tr("Reply");
    case LatencyColumn:
        return tr("Round trip");
    default:
        return {};
    }
}

void CommandLogModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

CommandFilterProxy::CommandFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{}

void CommandFilterProxy::setClient(int client)
{
    if (client == m_client)
        return;
    m_client = client;
    invalidateFilter();
}

void CommandFilterProxy::setKey(const QString &key)
{
    if (key == m_key)
        return;
    m_key = key;
    invalidateFilter();
}

bool CommandFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_client >= 0 && i.data(CommandLogModel::ClientRole).toInt() != m_client)
        return false;
    if (!m_key.isEmpty() && i.data(CommandLogModel::KeyRole).toString() != m_key)
        return false;
    return true;
}

} // namespace lockscope::ui
