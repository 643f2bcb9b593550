#include "info_field.h"

#include <QList>

namespace lockscope {

QByteArray infoField(const Reply &info, const QByteArray &name)
{
    if (!info.isBulk())
        return {};
    for (const QByteArray &line : info.text().split('\n')) {
        if (line.startsWith(name) && line.size() > name.size() && line.at(name.size()) == ':')
            return line.mid(name.size() + 1).trimmed();
    }
    return {};
}

} // namespace lockscope
