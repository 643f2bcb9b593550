#include "cli_process.h"

#include "time_scale.h"

#include <QElapsedTimer>

namespace lockscope::test {

QByteArray CliRun::describe() const
{
    return "exit " + QByteArray::number(exitCode) + ", stderr: " + err.left(2000) +
           "\nstdout: " + out.left(2000);
}

CliRun runProgram(const QString &program, const QStringList &args, int timeoutMs)
{
    return runProgram(program, args, timeoutMs, QProcessEnvironment::systemEnvironment(), {});
}

CliRun runProgram(const QString &program, const QStringList &args, int timeoutMs,
                  const QProcessEnvironment &environment, const QString &workingDirectory,
                  const QByteArray &input)
{
    CliRun r;
    QProcess p;
    p.setProgram(program);
    p.setArguments(args);
    p.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        p.setWorkingDirectory(workingDirectory);
    QElapsedTimer timer;
    timer.start();
    p.start();
    r.started = p.waitForStarted(scaledMs(10000));
    if (!r.started)
        return r;
    if (!input.isNull()) {
        p.write(input);
        p.closeWriteChannel();
    }
    r.finished = p.waitForFinished(scaledMs(timeoutMs));
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.elapsedMs = timer.elapsed();
    r.status = p.exitStatus();
    r.exitCode = r.status == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace lockscope::test
