// The Redis commands of a run as the clients saw them, one row per command: when it was sent, by
// whom, to which node, the command, its reply (or that none came) and the round trip. The log
// grows with the playback: rows appear when their command is sent, replies when they arrive.
// CommandFilterProxy filters it by client and by key.
#pragma once

#include "common/theme.h"

#include <QAbstractTableModel>
#include <QFont>
#include <QSortFilterProxyModel>

#include <memory>
#include <vector>

namespace lockscope::ui {

class RunData;

class CommandLogModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        TimeColumn,
        ClientColumn,
        NodeColumn,
        CommandColumn,
        ReplyColumn,
        LatencyColumn,
        ColumnCount
    };
    enum Roles {
        ClientRole = Qt::UserRole, // int client index
        KeyRole,                   // QString: the key the command touches
        EventRole,                 // int: the CommandSent event's index in the log
        TimeRole,                  // qint64 us
    };

    explicit CommandLogModel(QObject *parent = nullptr);

    void setRun(std::shared_ptr<const RunData> run);
    // Shows the commands sent up to timeUs and the replies received up to it.
    void setTime(qint64 timeUs);
    // Shows every command regardless of the playback time.
    void setShowAll(bool all);
    void setTheme(const Theme &theme);
    // After a language change: the headers and every cell are read again.
    void retranslate();
    void refreshFont(); // after the application font changed

    int totalCommands() const { return int(m_rows.size()); }
    // The row of the command sent by `event`, or of the last command `client` sent at or before
    // `timeUs` (client -1: any); -1 if none is visible.
    int rowForEvent(quint32 event) const;
    int rowAtOrBefore(qint64 timeUs, int client) const;
    QStringList keys() const; // every key commands touch, sorted

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        quint32 sent = 0;
        qint64 reply = -1; // ReplyReceived or ReplyMissing event index
        qint64 sentUs = 0;
        qint64 replyUs = -1;
        QString key;
    };
    bool replyVisible(const Row &r) const { return r.reply >= 0 && r.replyUs <= m_timeUs; }
    int visibleFor(qint64 timeUs) const;

    std::shared_ptr<const RunData> m_run;
    std::vector<Row> m_rows;
    int m_visible = 0;
    qint64 m_timeUs = 0;
    bool m_showAll = false;
    Theme m_theme;
    QFont m_mono;
};

class CommandFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit CommandFilterProxy(QObject *parent = nullptr);
    void setClient(int client);      // -1: every client
    void setKey(const QString &key); // empty: every key
    int client() const { return m_client; }
    QString key() const { return m_key; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    int m_client = -1;
    QString m_key;
};

} // namespace lockscope::ui
