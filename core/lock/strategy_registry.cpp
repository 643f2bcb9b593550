#include "strategy_registry.h"

#include "strategies/builtin_strategies.h"

#include <QCoreApplication>

namespace lockscope {

namespace {

struct Entry {
    const char *id;
    std::unique_ptr<Strategy> (*create)();
};

// docs/lock-catalogue.md order.
constexpr Entry kStrategies[] = {
    {"setnx-expire", strategies::createSetnxExpire},
    {"setnx-getset", strategies::createSetnxGetset},
    {"set-nx-px-del", strategies::createSetNxPxDel},
    {"set-nx-px-get-del", strategies::createSetNxPxGetDel},
    {"set-nx-px-lua", strategies::createSetNxPxLua},
    {"lua-setnx-pexpire", strategies::createLuaSetnxPexpire},
    {"reentrant-hash", strategies::createReentrantHash},
    {"watchdog", strategies::createWatchdog},
    {"redlock", strategies::createRedlock},
    {"fenced", strategies::createFenced},
};

} // namespace

QStringList strategyIds()
{
    QStringList ids;
    for (const Entry &entry : kStrategies)
        ids << QLatin1StringView(entry.id);
    return ids;
}

std::unique_ptr<Strategy> createStrategy(const QString &id)
{
    for (const Entry &entry : kStrategies) {
        if (id == QLatin1StringView(entry.id))
            return entry.create();
    }
    return nullptr;
}

QString strategyText(const QString &english)
{
    if (english.isEmpty())
        return english;
    return QCoreApplication::translate("Strategy", english.toUtf8().constData());
}

} // namespace lockscope
