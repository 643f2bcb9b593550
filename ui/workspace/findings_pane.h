// The workspace's "What the Checker Found" pane: the verdict of the run (safe or not, and what
// it cost) above the checker's findings as sentences; a click on one goes there.
#pragma once

#include <QWidget>

class QLabel;
class QListView;

namespace lockscope::ui {

class FindingsModel;

class FindingsPane final : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPane(FindingsModel *model, QWidget *parent = nullptr);

    void setVerdict(const QString &richText);
    void retranslate();

signals:
    void findingChosen(int row);

private:
    QLabel *m_verdict = nullptr;
    QListView *m_view = nullptr;
};

} // namespace lockscope::ui
