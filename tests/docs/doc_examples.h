// The shell examples of a Markdown document, as a reader would type them: the commands of its
// fenced code blocks, and for a transcript ("$ command" followed by what it printed) the output
// and exit code it shows.
#pragma once

#include <QString>
#include <QStringList>

namespace lockscope::test {

struct DocExample {
    QString file;            // as given to examplesOf()
    int line = 0;            // 1-based line of the command in the file
    QString command;         // one shell command; continuation lines ("\", a trailing "|") joined
    bool transcript = false; // written as "$ command" with its output under it
    QStringList output;      // the lines shown under a transcript's command ("..." elides lines)
    int exitCode = -1;       // the code a following "$ echo $?" shows; -1 when none is shown
};

// The examples of `markdown`: in fenced blocks, every "$ " line (its output follows until the
// next "$ " line) and, in blocks without any "$ " line, every line that runs `lockscope-cli`
// (also as build/app/lockscope-cli). "$ echo $?" sets the previous example's exit code.
QList<DocExample> examplesOf(const QString &file, const QString &markdown);

} // namespace lockscope::test
