// A figure that may not exist: the percentile of no latencies, commands per no acquisition,
// Jain's index over clients that never got the lock. "No data" is shown as such (— in text,
// null in JSON, an empty field in CSV) instead of a made-up 0 or 1.
#pragma once

#include <QJsonValue>
#include <QString>

#include <optional>

namespace lockscope {

using Figure = std::optional<double>;

// The text shown for a figure that does not exist.
inline QString noDataText()
{
    return QStringLiteral("\u2014");
}
// Fixed-point text with `decimals`, or noDataText().
inline QString figureText(const Figure &f, int decimals)
{
    return f ? QString::number(*f, 'f', decimals) : noDataText();
}
// The number, or null.
inline QJsonValue figureJson(const Figure &f)
{
    return f ? QJsonValue(*f) : QJsonValue(QJsonValue::Null);
}

} // namespace lockscope
