#include "engine_notify.h"

namespace lockscope::redis {

std::optional<int> parseNotifyFlags(const QByteArray &classes)
{
    int flags = 0;
    // Redis walks the value as a C string: an embedded NUL ends it.
    for (const char c : classes) {
        if (c == '\0')
            break;
        switch (c) {
        case 'A':
            flags |= NotifyAll;
            break;
        case 'g':
            flags |= NotifyGeneric;
            break;
        case '$':
            flags |= NotifyString;
            break;
        case 'l':
            flags |= NotifyList;
            break;
        case 's':
            flags |= NotifySet;
            break;
        case 'h':
            flags |= NotifyHash;
            break;
        case 'z':
            flags |= NotifyZset;
            break;
        case 'x':
            flags |= NotifyExpired;
            break;
        case 'e':
            flags |= NotifyEvicted;
            break;
        case 'K':
            flags |= NotifyKeyspace;
            break;
        case 'E':
            flags |= NotifyKeyevent;
            break;
        case 't':
            flags |= NotifyStream;
            break;
        case 'm':
            flags |= NotifyKeyMiss;
            break;
        case 'd':
            flags |= NotifyModule;
            break;
        case 'n':
            flags |= NotifyNew;
            break;
        default:
            return std::nullopt;
        }
    }
    return flags;
}

QByteArray formatNotifyFlags(int flags)
{
    QByteArray out;
    if ((flags & NotifyAll) == NotifyAll) {
        out += 'A';
    } else {
        if (flags & NotifyGeneric)
            out += 'g';
        if (flags & NotifyString)
            out += '$';
        if (flags & NotifyList)
            out += 'l';
        if (flags & NotifySet)
            out += 's';
        if (flags & NotifyHash)
            out += 'h';
        if (flags & NotifyZset)
            out += 'z';
        if (flags & NotifyExpired)
            out += 'x';
        if (flags & NotifyEvicted)
            out += 'e';
        if (flags & NotifyStream)
            out += 't';
        if (flags & NotifyModule)
            out += 'd';
        // Redis 7.0 prints 'n' only in this branch, so "An" reads back as "A" (verified
        // against redis-server 7.0.15).
        if (flags & NotifyNew)
            out += 'n';
    }
    if (flags & NotifyKeyspace)
        out += 'K';
    if (flags & NotifyKeyevent)
        out += 'E';
    if (flags & NotifyKeyMiss)
        out += 'm';
    return out;
}

} // namespace lockscope::redis
