// Runs a program (lockscope-cli, lockscope) to completion with a bound on its time, for tests
// that check what a person would see: exit code, stdout, stderr. A hang fails the test, it
// does not stall the suite.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace lockscope::test {

struct CliRun {
    bool started = false;
    bool finished = false;
    QProcess::ExitStatus status = QProcess::CrashExit;
    int exitCode = -1; // -1 when it crashed, was killed or never started
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;

    // For failure messages: exit code, then the start of stderr and stdout.
    QByteArray describe() const;
};

// Kills the program if it has not finished within timeoutMs (times the tests' time scale).
CliRun runProgram(const QString &program, const QStringList &args, int timeoutMs);
// The same with its own environment and working directory; a non-null `input` is written to
// its stdin, which is then closed (else stdin stays an open, empty pipe).
CliRun runProgram(const QString &program, const QStringList &args, int timeoutMs,
                  const QProcessEnvironment &environment, const QString &workingDirectory,
                  const QByteArray &input = QByteArray());

} // namespace lockscope::test
