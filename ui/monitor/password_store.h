// Where monitor profiles keep their passwords: the system keychain (Secret Service, KWallet,
// macOS Keychain, Windows Credential Manager) through QtKeychain when the build has it and a
// keychain answers; nowhere otherwise (the page then asks each time). Never in QSettings, never
// in a file of ours.
#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace lockscope::ui {

class PasswordStore final : public QObject {
    Q_OBJECT
public:
    explicit PasswordStore(QObject *parent = nullptr);

    // Whether this build has QtKeychain at all (a keychain may still fail at run time).
    static bool compiledIn();
    // False once a keychain call failed for want of a backend (a headless machine): no further
    // calls are attempted in this session.
    bool usable() const { return m_usable; }
    void setUsable(bool usable) { m_usable = usable; }

    // The password saved for a profile; done(true, password) or done(false, why). Asynchronous.
    void read(const QString &profile, std::function<void(bool ok, const QString &)> done);
    void write(const QString &profile, const QString &password,
               std::function<void(bool ok, const QString &why)> done);
    void remove(const QString &profile);

private:
    bool m_usable = compiledIn();
};

} // namespace lockscope::ui
