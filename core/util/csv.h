// CSV the way RFC 4180 writes it, for every CSV LockScope produces (lockscope-cli compare --csv,
// the Compare page's matrix and cost exports): fields separated by commas; a field that holds a
// comma, a double quote, a CR or an LF is put in double quotes, with its own quotes doubled;
// every other field is written as it is, an empty field being CSV's null.
//
// Records end in LF, not RFC 4180's CRLF: the CLI's CSV goes to a terminal and to Unix tools that
// split on \n, and the files it has always written (and scripts reading them) end lines that way.
// Readers of RFC 4180 (spreadsheets, Python's csv, pandas) take either.
#pragma once

#include <QString>
#include <QStringList>

namespace lockscope {

// One field: as it is, or quoted when it holds a comma, a double quote, CR or LF.
QString csvField(const QString &value);
// One record: its fields, each through csvField(), separated by commas, ending in LF.
QString csvRecord(const QStringList &fields);

} // namespace lockscope
