// The banner over the monitor page's table when keyspace notifications are off or partly on:
// what that costs (changes are found by re-reading) and the exact CONFIG SET that would turn them
// on. Its button asks to send it (enableRequested), enabled only when the profile allows writes;
// a read-only profile's tooltip says who can run it instead.
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace lockscope {
class KeyMonitor;
} // namespace lockscope

namespace lockscope::ui {

class NotifyBanner final : public QFrame {
    Q_OBJECT
public:
    explicit NotifyBanner(QWidget *parent = nullptr);

    // Shown while `monitor` (nullptr: none live) lacks notifications; hidden otherwise.
    void showFor(const KeyMonitor *monitor);
    QString text() const; // "" when hidden
    void retranslate();

Q_SIGNALS:
    void enableRequested();

private:
    QLabel *m_text = nullptr;
    QPushButton *m_button = nullptr;
};

} // namespace lockscope::ui
