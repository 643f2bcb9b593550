// A key table of keys counting down, for the key tables' benchmark and tests: `keys` keys
// "lock:0", "lock:1", ... on redis-1, held in turn by `clients` clients (c0, c1, ...), each key's
// TTL and whether it is held set by `shape`, then shown at time 0.
#pragma once

#include "common/key_table_model.h"

#include <functional>
#include <memory>

namespace lockscope::ui {

inline void fillCountdownKeys(KeyTableModel &model, int keys, int clients, qint64 leaseMs,
                              const std::function<void(int i, KeyState &state)> &shape)
{
    auto pool = std::make_shared<StringPool>();
    std::vector<KeyTableModel::Row> rows;
    std::vector<KeyState> states;
    for (int i = 0; i < keys; ++i) {
        const QByteArray name = "lock:" + QByteArray::number(i);
        KeyTableModel::Row r;
        r.key = pool->intern(name);
        r.node = 0;
        r.keyName = QString::fromLatin1(name);
        r.nodeName = QStringLiteral("redis-1");
        rows.push_back(r);
        KeyState s;
        s.key = r.key;
        s.node = 0;
        s.exists = true;
        s.owner = qint16(i % clients);
        s.value =
            pool->intern("c" + QByteArray::number(i % clients) + ":1:" + QByteArray::number(i));
        shape(i, s);
        states.push_back(s);
    }
    QStringList names;
    for (int c = 0; c < clients; ++c)
        names << QStringLiteral("c%1").arg(c);
    model.setRows(std::move(rows), names, pool, leaseMs);
    model.setStates(states, 0);
    model.setTime(0);
}

} // namespace lockscope::ui
