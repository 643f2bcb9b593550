#include "test_certificates.h"

#include <QFile>
#include <QProcess>

#include <string>

namespace lockscope::test {

bool TestCertificates::runOpenssl(const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("openssl"), args);
    if (!p.waitForFinished(20000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        m_error = QStringLiteral("openssl %1 failed: %2 %3")
                      .arg(args.join(u' '), p.errorString(), QString::fromLocal8Bit(p.readAll()));
        return false;
    }
    return true;
}

bool TestCertificates::make()
{
    if (m_made)
        return true;
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary directory");
        return false;
    }
    const auto write = [this](const char *name, const QByteArray &text) {
        QFile f(path(name));
        return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
    };
    const QStringList ec{QStringLiteral("-newkey"), QStringLiteral("ec"),
                         QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"),
                         QStringLiteral("-nodes")};
    const auto makeCa = [&](const char *name, const char *cn) {
        const QString n = QString::fromUtf8(name);
        return runOpenssl(QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + ec +
                          QStringList{QStringLiteral("-keyout"), n + QStringLiteral(".key"),
                                      QStringLiteral("-out"), n + QStringLiteral(".crt"),
                                      QStringLiteral("-days"), QStringLiteral("2"),
                                      QStringLiteral("-subj"),
                                      QStringLiteral("/CN=") + QString::fromUtf8(cn)});
    };
    const auto makeLeaf = [&](const char *name, const char *cn, const char *ext) {
        const QString n = QString::fromUtf8(name);
        if (!write((std::string(name) + ".ext").c_str(), QByteArray(ext)))
            return false;
        return runOpenssl(QStringList{QStringLiteral("req")} + ec +
                          QStringList{QStringLiteral("-keyout"), n + QStringLiteral(".key"),
                                      QStringLiteral("-out"), n + QStringLiteral(".csr"),
                                      QStringLiteral("-subj"),
                                      QStringLiteral("/CN=") + QString::fromUtf8(cn)}) &&
               runOpenssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
                           n + QStringLiteral(".csr"), QStringLiteral("-CA"),
                           QStringLiteral("ca.crt"), QStringLiteral("-CAkey"),
                           QStringLiteral("ca.key"), QStringLiteral("-CAcreateserial"),
                           QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-out"),
                           n + QStringLiteral(".crt"), QStringLiteral("-extfile"),
                           n + QStringLiteral(".ext")});
    };
    m_made = makeCa("ca", "LockScope Test CA") && makeCa("other-ca", "Somebody Else's CA") &&
             makeLeaf("server", "localhost",
                      "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n"
                      "extendedKeyUsage=serverAuth\n") &&
             makeLeaf("client", "lockscope-client",
                      "basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n");
    return m_made;
}

} // namespace lockscope::test
