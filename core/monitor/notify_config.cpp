#include "notify_config.h"

#include <QStringBuilder>

namespace lockscope {

NotifyConfig NotifyConfig::parse(const QByteArray &flags)
{
    NotifyConfig c;
    c.m_flags = flags.trimmed();
    return c;
}

bool NotifyConfig::has(char flag) const
{
    if (m_flags.contains(flag))
        return true;
    // A is the alias for "g$lshzxetd" (every class but key-miss and new).
    return m_flags.contains('A') && QByteArrayView("g$lshzxetd").contains(flag);
}

bool NotifyConfig::keyspaceOn() const
{
    return has('K');
}

QByteArray NotifyConfig::missingClasses() const
{
    QByteArray missing;
    for (const char *p = kNeeded; *p; ++p) {
        if (!has(*p))
            missing += *p;
    }
    return missing;
}

bool NotifyConfig::coversMonitor() const
{
    return keyspaceOn() && missingClasses().isEmpty();
}

bool NotifyConfig::coversSome() const
{
    return keyspaceOn() && missingClasses().size() < qsizetype(qstrlen(kNeeded));
}

QByteArray NotifyConfig::enablingValue() const
{
    if (coversMonitor())
        return m_flags;
    // Keep every flag that is on; put K (and E, when on) first, as Redis's documentation does.
    QByteArray value;
    value += 'K';
    if (has('E'))
        value += 'E';
    for (char c : m_flags) {
        if (c != 'K' && c != 'E' && !value.contains(c))
            value += c;
    }
    const QByteArray missing = missingClasses();
    for (char c : missing) {
        if (!value.contains(c))
            value += c;
    }
    return value;
}

QByteArray NotifyConfig::enablingCommand() const
{
    return QByteArrayLiteral("CONFIG SET notify-keyspace-events ") + enablingValue();
}

} // namespace lockscope
