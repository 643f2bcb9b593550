// The workspace's "Commands and Source" pane, two tabs:
//  - the command log up to the playback instant (or the whole run), filtered by client and key,
//    following the playback; a row chosen here selects its event on the timeline;
//  - the strategy's source with the step the client in focus executes now (the command filter's
//    client, else the selected event's, else whoever sent the last command).
#pragma once

#include <QTabWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableView;

namespace lockscope::ui {

class CommandFilterProxy;
class CommandLogModel;
class RunData;
class StateCursor;
class StrategySourceView;
struct StrategySource;
struct Theme;

class DetailsPane final : public QTabWidget {
    Q_OBJECT
public:
    DetailsPane(CommandLogModel *model, CommandFilterProxy *proxy, QWidget *parent = nullptr);

    QTableView *commandView() const { return m_commandView; }
    StrategySourceView *sourceView() const { return m_sourceView; }
    // Follow playback is on and only the commands sent so far show: the log scrolls to its end.
    bool followsPlayback() const;

    void retranslate();
    void adaptToFont(const QFont &font);
    void showStrategy(const QString &strategyId);
    void showSource(const StrategySource &source); // e.g. the user's own scripts
    // A new run's clients and keys in the filters, keeping the choice when it is still there.
    void setFilterChoices(const QStringList &clients);
    void sizeCommandColumns();
    // Selects the command log's row (of the source model) and scrolls to it; -1 clears.
    void selectCommandRow(int row);
    // The source tab at timeUs; null run: nothing highlighted.
    void highlightSource(const RunData *run, const StateCursor &cursor, qint64 timeUs,
                         qint64 selectedEvent, const Theme &theme);

signals:
    void clientFilterChanged();
    void showAllChanged();
    // A row of the command log was chosen (by a person or by selectCommandRow).
    void commandChosen(qint64 event);

private:
    CommandLogModel *m_model;
    CommandFilterProxy *m_proxy;
    QTableView *m_commandView = nullptr;
    QComboBox *m_clientBox = nullptr;
    QComboBox *m_keyBox = nullptr;
    QCheckBox *m_followBox = nullptr;
    QCheckBox *m_showAllBox = nullptr;
    QLabel *m_clientLabel = nullptr;
    QLabel *m_keyLabel = nullptr;
    QLabel *m_sourceLabel = nullptr;
    StrategySourceView *m_sourceView = nullptr;
};

} // namespace lockscope::ui
