#include "password_prompt.h"

#include <QCoreApplication>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <termios.h>
#include <unistd.h>

namespace lockscope::cli {

namespace {

// The terminal's settings while echo is off, so that a Ctrl-C at the prompt gives the user back
// a terminal that shows what they type.
termios g_savedTerminal;

extern "C" void restoreTerminalAndStop(int signal)
{
    tcsetattr(STDIN_FILENO, TCSANOW, &g_savedTerminal);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

// One line of stdin without its line end; false at the end of input.
bool readLine(QByteArray *line)
{
    char *buffer = nullptr;
    size_t capacity = 0;
    const ssize_t n = getline(&buffer, &capacity, stdin);
    if (n >= 0) {
        *line = QByteArray(buffer, n);
        while (line->endsWith('\n') || line->endsWith('\r'))
            line->chop(1);
        // The copy in the C buffer is not left lying in freed memory.
        explicit_bzero(buffer, capacity);
    }
    std::free(buffer);
    return n >= 0;
}

} // namespace

bool readPassword(const QString &prompt, QString *password, QString *error)
{
    QByteArray line;
    bool read = false;
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &g_savedTerminal) == 0) {
        termios quiet = g_savedTerminal;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        const auto previousInt = std::signal(SIGINT, restoreTerminalAndStop);
        const auto previousTerm = std::signal(SIGTERM, restoreTerminalAndStop);
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
        std::fputs(prompt.toUtf8().constData(), stderr);
        std::fflush(stderr);
        read = readLine(&line);
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_savedTerminal);
        std::signal(SIGINT, previousInt);
        std::signal(SIGTERM, previousTerm);
        std::fputc('\n', stderr); // the Enter the user typed was not echoed
    } else {
        read = readLine(&line);
    }
    if (!read || line.isEmpty()) {
        *error = QCoreApplication::translate(
            "cli", "--askpass: no password was read (the input ended or the line was empty)");
        return false;
    }
    *password = QString::fromUtf8(line);
    line.fill('\0');
    return true;
}

} // namespace lockscope::cli
