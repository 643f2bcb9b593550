// Does what a program printed agree with what a document shows? The document may elide lines
// with "...", and for a run against a real server (whose figures change from run to run) only
// the shape of each line counts: its words, not its numbers.
#pragma once

#include <QString>
#include <QStringList>

namespace lockscope::test {

enum class Figures { Exact, Vary };

// True when `shown` (a "..." line stands for any number of lines, and a transcript that does not
// start or end with one starts or ends where the output does) matches `printed`. With
// Figures::Vary, numbers, parenthesised remarks that hold a number, and runs of spaces are
// ignored.
bool outputMatches(const QStringList &shown, const QString &printed, Figures figures);

} // namespace lockscope::test
