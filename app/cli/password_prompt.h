// --askpass: the password read from the terminal with echo off, or, when stdin is not a terminal
// (a pipe from a secret store), one line of stdin, as redis-cli --askpass does.
#pragma once

#include <QString>

namespace lockscope::cli {

// Prompts on stderr (stdout stays the command's output); false with *error when nothing could
// be read (end of input, an empty line).
bool readPassword(const QString &prompt, QString *password, QString *error);

} // namespace lockscope::cli
