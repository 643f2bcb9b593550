// Where each value of a JSON text starts, by line, so that an error about a field can name the
// line a person will find it on. QJsonDocument keeps no positions (and gives only a byte offset
// for syntax errors), so this scans the text once more, the way the parser did.
//
// Paths name values the way error messages do: `ttl_ms`, `faults[0].trigger.step`,
// `client_list[2]`. An object member's line is the line of its key; an array element's, the line
// where the element starts. The text must be valid JSON (parse it with QJsonDocument first); on
// anything else the scan stops where it stopped understanding and keeps what it found.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace lockscope {

class JsonLines {
public:
    explicit JsonLines(const QByteArray &json);

    // The line (from 1) of the value at `path`; for a path that is not in the text (a missing
    // field), the line of its nearest enclosing value that is; 1 for the whole document.
    int lineOf(const QString &path) const;

    // The line (from 1) of a byte offset.
    static int lineAtOffset(const QByteArray &json, qsizetype offset);

private:
    QHash<QString, int> m_lines;
};

} // namespace lockscope
