// Editing a connection profile: where the server is (host and port, or a Unix socket; TLS with
// its files, server name and whether to verify it; Sentinel addresses and the master's name;
// Cluster), who we are (user, password), what to watch (pattern) and when to warn (thresholds), and
// whether writes are allowed (off by default). OK checks everything first: a wrong field gets one
// message naming it, the field gets the focus, and nothing typed is lost. The password goes to the
// keychain, never to the profile file (the page does that with password()).
#pragma once

#include "monitor/connection_profile.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace lockscope::ui {

class ProfileDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ProfileDialog(QWidget *parent = nullptr);

    void setProfile(const ConnectionProfile &profile);
    // The profile as typed (password included; the page keeps it out of the settings).
    ConnectionProfile profile() const;
    // Whether the typed password should go to the system keychain.
    bool savePasswordInKeychain() const;
    void setKeychainAvailable(bool available);
    // The message shown after a failed OK ("" when none).
    QString errorText() const;

    void accept() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    QWidget *fieldWidget(ConnectionProfile::Field field) const;
    // A line edit with a Browse… button for a file, or a folder.
    QLineEdit *fileRow(QLineEdit *edit, QWidget **row, bool folder = false);

    QList<QLabel *> m_labels; // in the order of kLabels
    QLineEdit *m_name, *m_host, *m_user, *m_password, *m_socket, *m_ca, *m_caDir, *m_cert, *m_key,
        *m_serverName, *m_sentinels, *m_master, *m_pattern, *m_redlockNodes;
    QSpinBox *m_port, *m_db, *m_maxTtl, *m_maxHeld, *m_churn, *m_queueStuck, *m_perOwner;
    QCheckBox *m_keychain, *m_cluster, *m_writes, *m_insecure;
    QGroupBox *m_tlsBox, *m_sentinelBox, *m_thresholdBox;
    QLabel *m_writesNote, *m_insecureNote, *m_error;
    QList<QWidget *> m_browseButtons;
    QDialogButtonBox *m_buttons;
    bool m_keychainAvailable = false;
    bool m_hadPassword = false; // the profile had one: an empty field keeps it
};

} // namespace lockscope::ui
