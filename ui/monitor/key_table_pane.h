// The monitor page's key table with what sits above it: a find box (the first key containing the
// text is selected) and Force release, also on the Delete key in the table. The table uses the
// workspace's KeyTableModel and TTL delegate, so TTLs count down locally between reads.
#pragma once

#include <QWidget>

#include <functional>

class QLineEdit;
class QPushButton;
class QTableView;

namespace lockscope::ui {

class KeyTableModel;

class KeyTablePane final : public QWidget {
    Q_OBJECT
public:
    explicit KeyTablePane(KeyTableModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    void focusFind();
    // Selects the row of `key` and scrolls to it (nothing when no row has it).
    bool selectKey(const QByteArray &key); // false when no row has it
    // Force release is enabled with writes allowed and a key selected.
    void setReleaseEnabled(bool writesAllowed, bool keySelected);
    void retranslate();

Q_SIGNALS:
    void releaseRequested();

private:
    void findKey(const QString &text);
    // Selects the first row whose key `matches`, and scrolls to it.
    bool selectFirst(const std::function<bool(const QString &keyName)> &matches);

    KeyTableModel *m_model;
    QLineEdit *m_find = nullptr;
    QPushButton *m_releaseButton = nullptr;
    QTableView *m_table = nullptr;
};

} // namespace lockscope::ui
