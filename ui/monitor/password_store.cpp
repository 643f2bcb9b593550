#include "password_store.h"

#ifdef LOCKSCOPE_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

#include <QTimer>

namespace lockscope::ui {

namespace {
const auto kService = QStringLiteral("LockScope monitor");

QString keyOf(const QString &profile)
{
    return QStringLiteral("profile:") + profile;
}
} // namespace

PasswordStore::PasswordStore(QObject *parent)
    : QObject(parent)
{}

bool PasswordStore::compiledIn()
{
#ifdef LOCKSCOPE_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

void PasswordStore::read(const QString &profile, std::function<void(bool, const QString &)> done)
{
#ifdef LOCKSCOPE_HAVE_KEYCHAIN
    if (m_usable) {
        auto *job = new QKeychain::ReadPasswordJob(kService, this);
        job->setAutoDelete(true);
        job->setKey(keyOf(profile));
        connect(job, &QKeychain::Job::finished, this, [this, job, done](QKeychain::Job *) {
            if (job->error() == QKeychain::NoError) {
                done(true, job->textData());
                return;
            }
            if (job->error() == QKeychain::NoBackendAvailable ||
                job->error() == QKeychain::OtherError)
                m_usable = false; // no keychain answers here: ask for passwords instead
            done(false, job->errorString());
        });
        job->start();
        return;
    }
#else
    Q_UNUSED(profile)
#endif
    QTimer::singleShot(0, this, [done] { done(false, tr("no system keychain")); });
}

void PasswordStore::write(const QString &profile, const QString &password,
                          std::function<void(bool, const QString &)> done)
{
#ifdef LOCKSCOPE_HAVE_KEYCHAIN
    if (m_usable) {
        auto *job = new QKeychain::WritePasswordJob(kService, this);
        job->setAutoDelete(true);
        job->setKey(keyOf(profile));
        job->setTextData(password);
        connect(job, &QKeychain::Job::finished, this, [this, job, done](QKeychain::Job *) {
            if (job->error() != QKeychain::NoError &&
                (job->error() == QKeychain::NoBackendAvailable ||
                 job->error() == QKeychain::OtherError))
                m_usable = false;
            if (done)
                done(job->error() == QKeychain::NoError, job->errorString());
        });
        job->start();
        return;
    }
#else
    Q_UNUSED(profile)
    Q_UNUSED(password)
#endif
    QTimer::singleShot(0, this, [done] {
        if (done)
            done(false, tr("no system keychain"));
    });
}

void PasswordStore::remove(const QString &profile)
{
#ifdef LOCKSCOPE_HAVE_KEYCHAIN
    if (m_usable) {
        auto *job = new QKeychain::DeletePasswordJob(kService, this);
        job->setAutoDelete(true);
        job->setKey(keyOf(profile));
        job->start();
    }
#else
    Q_UNUSED(profile)
#endif
}

} // namespace lockscope::ui
