#include "profile_store.h"

#include "password_store.h"

#include <QSettings>

namespace lockscope::ui {

ProfileStore::ProfileStore(PasswordStore *keychain)
    : m_keychain(keychain)
{}

void ProfileStore::setSettings(std::shared_ptr<QSettings> settings)
{
    m_settings = std::move(settings);
    m_profiles = m_settings ? loadProfiles(*m_settings) : QList<ConnectionProfile>{};
}

bool ProfileStore::save(const ConnectionProfile &profile, QString *error)
{
    QString why;
    if (!profile.validate(&why)) {
        if (error)
            *error = why;
        return false;
    }
    ConnectionProfile saved = profile;
    saved.hasPassword = profile.hasPassword || !profile.password.isEmpty();
    if (!profile.password.isEmpty())
        m_sessionPasswords.insert(profile.name, profile.password);
    saved.password.clear(); // never in the settings
    bool replaced = false;
    for (ConnectionProfile &p : m_profiles) {
        if (p.name == saved.name) {
            p = saved;
            replaced = true;
        }
    }
    if (!replaced)
        m_profiles.append(saved);
    write();
    return true;
}

void ProfileStore::remove(const QString &name)
{
    m_profiles.removeIf([&](const ConnectionProfile &p) { return p.name == name; });
    m_sessionPasswords.remove(name);
    m_keychain->remove(name);
    write();
}

void ProfileStore::write()
{
    if (m_settings) {
        saveProfiles(*m_settings, m_profiles);
        m_settings->sync();
    }
}

} // namespace lockscope::ui
