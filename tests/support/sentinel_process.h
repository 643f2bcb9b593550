// A real redis-sentinel for tests: a config file it can rewrite, in its own temporary directory,
// on a free loopback port, watching one master with small timeouts (down after 1 s, failover
// timeout 3 s). Stopped by the destructor, so it goes away also when a test fails half-way.
#pragma once

#include <QString>
#include <QTemporaryDir>

#include <memory>

class QProcess;

namespace lockscope::test {

class SentinelProcess {
public:
    SentinelProcess();
    ~SentinelProcess();
    SentinelProcess(const SentinelProcess &) = delete;
    SentinelProcess &operator=(const SentinelProcess &) = delete;

    // Starts it watching `masterName` at 127.0.0.1:masterPort and waits (bounded) until it
    // answers PING; false with *error (its own output included) otherwise.
    bool start(const QString &masterName, quint16 masterPort, QString *error);
    void stop();

    QString host() const { return QStringLiteral("127.0.0.1"); }
    quint16 port() const { return m_port; }
    // Everything it printed so far.
    QString output() const;

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
};

} // namespace lockscope::test
