// Every built-in strategy by its stable id, and custom strategies made from a user's Lua files.
#pragma once

#include "strategy.h"

#include <QStringList>

namespace lockscope {

QStringList strategyIds(); // in docs/lock-catalogue.md order
// nullptr for an unknown id.
std::unique_ptr<Strategy> createStrategy(const QString &id);

// A strategy's title, summary, flaw or caveat in the current language. StrategyInfo keeps them
// in English (marked with QT_TRANSLATE_NOOP("Strategy", ...)) because it is built once; this
// translates at the point of display, so a language switch applies at once.
QString strategyText(const QString &english);

// A strategy from the user's own acquire and release scripts, with LockScope's convention:
//   KEYS[1] = lock key
//   ARGV[1] = token (unique per acquisition), ARGV[2] = TTL in ms, ARGV[3] = "<client>:<thread>"
//   acquire returns 1 (or OK) when acquired; 0 or nil when busy; a positive integer > 1 is taken
//   as the holder's remaining TTL in ms (Redisson's convention) and also means busy.
//   release returns 1 when it deleted the caller's lock, 0 otherwise.
// Returns nullptr and sets *error (naming the file and the Lua line) when a file is missing or
// does not compile.
std::unique_ptr<Strategy> createCustomStrategy(const QString &acquireFile,
                                               const QString &releaseFile, QString *error);

} // namespace lockscope
