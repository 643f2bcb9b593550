// Certificates for TLS tests, made with the openssl command line in a temporary folder the
// first time make() is called (EC keys: quick to generate):
//   ca.crt/ca.key              a private CA
//   server.crt/server.key      signed by it, for localhost and 127.0.0.1
//   client.crt/client.key      signed by it, for client authentication
//   other-ca.crt/other-ca.key  an unrelated CA (a client trusting it must refuse the server)
//
//   TestCertificates certs;
//   QVERIFY2(certs.make(), qPrintable(certs.errorString()));
//   server.enableTls({certs.path("server.crt"), certs.path("server.key"),
//                     certs.path("ca.crt"), true});
#pragma once

#include <QStringList>
#include <QTemporaryDir>

namespace lockscope::test {

class TestCertificates {
public:
    // False with errorString() (openssl's own output) when a file could not be made.
    bool make();
    QString path(const char *name) const { return m_dir.filePath(QString::fromUtf8(name)); }
    QString directory() const { return m_dir.path(); }
    QString errorString() const { return m_error; }

private:
    bool runOpenssl(const QStringList &args);

    QTemporaryDir m_dir;
    bool m_made = false;
    QString m_error;
};

} // namespace lockscope::test
