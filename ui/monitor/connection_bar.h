// The monitor page's top row: the connection profiles (choose, New, Edit, Delete), Connect and
// Stop, Record and Open recording, and the badge that says at all times whether the page may
// write to the server (Read-only / Writes allowed). The page decides what the buttons do; the
// bar asks with its signals.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace lockscope::ui {

struct Theme;

class ConnectionBar final : public QWidget {
    Q_OBJECT
public:
    explicit ConnectionBar(QWidget *parent = nullptr);

    QComboBox *profileCombo() const { return m_profileCombo; }
    QString badgeText() const;
    void setWritesAllowed(bool writes, const Theme &theme);
    // `running`: a monitor runs (Stop); `hasProfile`: one is chosen (Edit, Delete).
    void setButtonsEnabled(bool running, bool hasProfile);
    // What if… needs a history with something in it (a session's or a recording's).
    void setWhatIfEnabled(bool enabled);
    void retranslate(bool recording);

Q_SIGNALS:
    void newProfileRequested();
    void editProfileRequested();
    void deleteProfileRequested();
    void connectRequested();
    void stopRequested();
    void recordRequested(); // or stop recording
    void openRecordingRequested();
    void whatIfRequested();

private:
    QLabel *m_profileLabel = nullptr;
    QComboBox *m_profileCombo = nullptr;
    QPushButton *m_newButton = nullptr;
    QPushButton *m_editButton = nullptr;
    QPushButton *m_deleteButton = nullptr;
    QPushButton *m_connectButton = nullptr;
    QPushButton *m_stopButton = nullptr;
    QPushButton *m_recordButton = nullptr;
    QPushButton *m_openButton = nullptr;
    QPushButton *m_whatIfButton = nullptr;
    QLabel *m_badge = nullptr;
};

} // namespace lockscope::ui
