// Reads CSV back the way RFC 4180 defines it (quoted fields may hold commas, doubled quotes, CR
// and LF; records end in CRLF or LF), so the tests check what a spreadsheet or Python's csv
// would see in LockScope's CSV output rather than splitting lines on '\n' and fields on ','.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace lockscope::test {

// The records of `text`, each a list of its fields. False with *error naming the offset where
// the text stops being CSV (a quote inside an unquoted field, text after a closing quote, a
// quoted field that never ends).
bool readCsv(const QString &text, QList<QStringList> *records, QString *error = nullptr);

} // namespace lockscope::test
