// The monitor page's connection profiles: kept in QSettings without their passwords; a password
// given this session is kept in memory for the session, one saved in the system keychain stays
// there (PasswordStore) until its profile is deleted.
#pragma once

#include "monitor/connection_profile.h"

#include <QHash>
#include <QList>

#include <memory>

class QSettings;

namespace lockscope::ui {

class PasswordStore;

class ProfileStore {
public:
    explicit ProfileStore(PasswordStore *keychain);

    // Where profiles are kept (nullptr: nowhere, none). Loads them.
    void setSettings(std::shared_ptr<QSettings> settings);
    const QList<ConnectionProfile> &profiles() const { return m_profiles; }
    // Adds or replaces (by name) a profile and saves the list; false with *error naming the
    // field when the profile is wrong. Its password is kept for the session only.
    bool save(const ConnectionProfile &profile, QString *error);
    // Forgets the profile, its password of this session and the one in the keychain.
    void remove(const QString &name);

    bool hasSessionPassword(const QString &name) const { return m_sessionPasswords.contains(name); }
    QString sessionPassword(const QString &name) const { return m_sessionPasswords.value(name); }
    void setSessionPassword(const QString &name, const QString &password)
    {
        m_sessionPasswords.insert(name, password);
    }

private:
    void write();

    PasswordStore *m_keychain;
    std::shared_ptr<QSettings> m_settings;
    QList<ConnectionProfile> m_profiles;
    QHash<QString, QString> m_sessionPasswords; // asked this session; in memory only
};

} // namespace lockscope::ui
