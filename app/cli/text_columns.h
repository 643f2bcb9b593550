// Plain-text tables in a terminal: a Chinese character takes two columns, so padding a
// translated header with QString::arg's field width (which counts characters) pushes it past
// the rows under it.
#pragma once

#include <QString>

namespace lockscope::cli {

// The columns `text` takes in a terminal: East Asian wide and full-width characters take two.
int terminalWidth(const QString &text);

// `text` padded with spaces to `width` terminal columns: on the left (right-aligned) when
// `width` is positive, on the right when it is negative, as QString::arg's field width.
QString padded(const QString &text, int width);

} // namespace lockscope::cli
