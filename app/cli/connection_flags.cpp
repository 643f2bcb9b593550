#include "connection_flags.h"

#include "cli_common.h"
#include "password_prompt.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cstdio>
#include <utility>

namespace lockscope::cli {

namespace {

void warn(const QString &text)
{
    std::fprintf(stderr, "lockscope-cli: %s\n", text.toUtf8().constData());
}

// A file or folder option names something that exists and can be read: the same check for
// --cacert, --cacertdir, --cert and --key, each named in its message.
bool checkPath(const QCommandLineParser &p, const QString &option, bool folder, QString *error)
{
    if (!p.isSet(option))
        return true;
    const QString path = p.value(option);
    const QFileInfo info(path);
    QString why;
    if (path.isEmpty())
        why = QCoreApplication::translate("cli", "no path given");
    else if (!info.exists())
        why = QCoreApplication::translate("cli", "no such file or folder");
    else if (folder && !info.isDir())
        why = QCoreApplication::translate("cli", "not a folder");
    else if (!folder && info.isDir())
        why = QCoreApplication::translate("cli", "a folder, not a file");
    else if (!info.isReadable())
        why = QCoreApplication::translate("cli", "not readable (permissions)");
    if (why.isEmpty())
        return true;
    *error = QCoreApplication::translate("cli", "--%1 %2: %3").arg(option, path, why);
    return false;
}

} // namespace

void addConnectionFlags(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("user"),
         QCoreApplication::translate(
             "cli",
             "The ACL user to log in as (AUTH user password); replaces the user of --redis."),
         QStringLiteral("NAME")},
        {QStringLiteral("askpass"),
         QCoreApplication::translate(
             "cli",
             "Read the password from the terminal without echo (or one line of stdin when it is "
             "not a terminal). Without it: the password of --redis, else the environment "
             "variable LOCKSCOPE_AUTH.")},
        {QStringLiteral("tls"),
         QCoreApplication::translate("cli", "Connect with TLS (as a rediss:// address does).")},
        {QStringLiteral("cacert"),
         QCoreApplication::translate(
             "cli", "Trust the CA certificates in this PEM file instead of the system's."),
         QStringLiteral("FILE")},
        {QStringLiteral("cacertdir"),
         QCoreApplication::translate(
             "cli", "Trust the CA certificates (PEM) in this folder instead of the system's."),
         QStringLiteral("DIR")},
        {QStringLiteral("cert"),
         QCoreApplication::translate(
             "cli", "Client certificate (PEM), for a server that checks its clients "
                    "(tls-auth-clients); needs --key."),
         QStringLiteral("FILE")},
        {QStringLiteral("key"),
         QCoreApplication::translate("cli", "The client certificate's private key (PEM)."),
         QStringLiteral("FILE")},
        {QStringLiteral("sni"),
         QCoreApplication::translate(
             "cli",
             "Server name sent with SNI and checked in the certificate (default: the host)."),
         QStringLiteral("NAME")},
        {QStringLiteral("insecure"),
         QCoreApplication::translate(
             "cli",
             "Do not verify the server's certificate (never the default; prints a warning).")},
    });
}

bool applyConnectionFlags(const QCommandLineParser &p, const QList<ConnectionOptions *> &servers,
                          const QList<ConnectionOptions *> &tlsOnly, QString *error)
{
    QList<ConnectionOptions *> everyServer = servers;
    everyServer += tlsOnly;

    // --- TLS: which servers, with which files.
    if (p.isSet(QStringLiteral("tls"))) {
        for (ConnectionOptions *o : everyServer) {
            if (!o->unixSocket.isEmpty()) {
                *error = QCoreApplication::translate(
                             "cli", "--tls: %1 is a Unix socket; TLS is for TCP addresses")
                             .arg(o->displayName());
                return false;
            }
            o->tls = true;
        }
    }
    bool anyTls = false;
    for (const ConnectionOptions *o : std::as_const(everyServer))
        anyTls = anyTls || o->tls;
    for (const char *flag : {"cacert", "cacertdir", "cert", "key", "sni", "insecure"}) {
        const QString name = QString::fromLatin1(flag);
        if (p.isSet(name) && !anyTls) {
            *error = QCoreApplication::translate(
                         "cli", "--%1 is for TLS: add --tls (or use a rediss:// address)")
                         .arg(name);
            return false;
        }
    }
    if (p.isSet(QStringLiteral("cert")) && !p.isSet(QStringLiteral("key"))) {
        *error = QCoreApplication::translate(
            "cli", "--cert needs --key (the client certificate's private key)");
        return false;
    }
    if (p.isSet(QStringLiteral("key")) && !p.isSet(QStringLiteral("cert"))) {
        *error = QCoreApplication::translate(
            "cli", "--key needs --cert (the client certificate it belongs to)");
        return false;
    }
    if (!checkPath(p, QStringLiteral("cacert"), false, error) ||
        !checkPath(p, QStringLiteral("cacertdir"), true, error) ||
        !checkPath(p, QStringLiteral("cert"), false, error) ||
        !checkPath(p, QStringLiteral("key"), false, error))
        return false;
    if (p.isSet(QStringLiteral("sni")) && p.value(QStringLiteral("sni")).isEmpty()) {
        *error = QCoreApplication::translate("cli", "--sni must not be empty");
        return false;
    }
    const bool insecure = p.isSet(QStringLiteral("insecure"));
    for (ConnectionOptions *o : std::as_const(everyServer)) {
        if (!o->tls)
            continue;
        if (p.isSet(QStringLiteral("cacert")))
            o->caFile = p.value(QStringLiteral("cacert"));
        if (p.isSet(QStringLiteral("cacertdir")))
            o->caDir = p.value(QStringLiteral("cacertdir"));
        if (p.isSet(QStringLiteral("cert"))) {
            o->certFile = p.value(QStringLiteral("cert"));
            o->keyFile = p.value(QStringLiteral("key"));
        }
        o->verifyPeer = !insecure;
        // The name is the data server's; a sentinel has its own (and its own host).
        if (p.isSet(QStringLiteral("sni")) && servers.contains(o))
            o->serverName = p.value(QStringLiteral("sni"));
    }
    // The files are read now, so that a CA that is not PEM is one line before anything starts
    // (the same reading the connection does; every server has the same files).
    for (const ConnectionOptions *o : std::as_const(everyServer)) {
        if (o->tls && !o->checkTlsFiles(error))
            return false;
    }

    // --- Who logs in, with which password.
    if (p.isSet(QStringLiteral("user"))) {
        const QString user = p.value(QStringLiteral("user"));
        if (user.isEmpty()) {
            *error = QCoreApplication::translate("cli", "--user must not be empty");
            return false;
        }
        for (ConnectionOptions *o : servers)
            o->username = user;
    }
    bool passwordInAddress = false;
    for (const ConnectionOptions *o : std::as_const(everyServer))
        passwordInAddress = passwordInAddress || !o->password.isEmpty();
    if (passwordInAddress)
        warn(QCoreApplication::translate(
            "cli", "warning: a password in an address is visible to other users of this machine "
                   "(ps, /proc); give it with LOCKSCOPE_AUTH or --askpass instead"));
    if (p.isSet(QStringLiteral("askpass"))) {
        QString password;
        if (!readPassword(QCoreApplication::translate("cli", "Password: "), &password, error))
            return false;
        for (ConnectionOptions *o : servers)
            o->password = password;
    } else {
        // The environment is the fallback: an address that says its own password keeps it.
        const QString fromEnvironment = qEnvironmentVariable(kAuthEnvironmentVariable);
        for (ConnectionOptions *o : servers) {
            if (o->password.isEmpty())
                o->password = fromEnvironment;
        }
    }
    if (insecure)
        warn(QCoreApplication::translate(
            "cli", "warning: --insecure: the server's certificate is not verified, so anyone on "
                   "the network path can pose as the server"));
    return true;
}

} // namespace lockscope::cli
