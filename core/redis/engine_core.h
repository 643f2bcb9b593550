// The engine's state and the rules every command shares: lazy expiry, keyspace notifications,
// KeyChange attribution, pub/sub delivery and the command dispatch. Engine (engine.h) is the
// public face; the command handlers (engine_commands_*.cpp) work on EngineCore directly.
#pragma once

#include "engine.h"
#include "engine_keyspace.h"
#include "engine_pubsub.h"
#include "lua_scripting.h"

#include <memory>
#include <vector>

namespace lockscope::redis {

// One command's execution context.
struct ExecCtx {
    int session = 0;  // attribution and pub/sub state; a script's commands run as its caller
    qint64 nowMs = 0; // frozen for the whole command, and for a whole script, as Redis does
    bool inScript = false;
};

class EngineCore : public ScriptHost {
public:
    explicit EngineCore(Engine::Clock clock);
    virtual ~EngineCore();

    // --- entry points used by Engine -------------------------------------------------------
    Reply execute(const Command &argv, int session);
    void expireDue();
    qint64 nowMs() const;

    // --- shared by the command handlers ----------------------------------------------------
    // The key's value, or null when absent; an expired key is deleted on the way (lazy expiry,
    // 'expired' event, KeyChange::Expired), as the server does on every access.
    // Inline: the command handlers (other files) call it for nearly every command.
    KeyValue *lookup(const QByteArray &key, ExecCtx &ctx)
    {
        KeyValue *value = keyspace.find(key);
        if (value && value->expireAt >= 0 && ctx.nowMs > value->expireAt) {
            expireKey(key);
            return nullptr;
        }
        return value;
    }
    // Stores a string, dropping the TTL unless `keepTtl`. `existing` is what lookup()
    // returned for the key.
    KeyValue &setString(const QByteArray &key, KeyValue *existing, const QByteArray &value,
                        bool keepTtl, ExecCtx &ctx);
    // Adds an empty hash (the caller fills it and reports the write).
    KeyValue &createHash(const QByteArray &key);
    // Removes the key and reports KeyChange::Deleted; the caller publishes the event it wants
    // ('del').
    void deleteKey(const QByteArray &key, ExecCtx &ctx);
    void setExpire(const QByteArray &key, KeyValue &value, qint64 whenMs, ExecCtx &ctx);

    // Publishes a keyspace notification when notify-keyspace-events enables its class; `event`
    // is a string literal.
    void notify(int notifyClass, const char *event, const QByteArray &key);
    // A KeyChange for the observer, delivered after the top-level command.
    void keyChanged(Engine::KeyChange::Kind kind, const QByteArray &key, int session,
                    const QByteArray &oldValue = QByteArray());
    bool observing() const { return static_cast<bool>(m_observer); }
    // PUBLISH: queues a delivery per receiver and returns their number.
    int publish(const QByteArray &channel, const QByteArray &message);

    LuaScripting &scripting();
    bool hasScripting() const { return static_cast<bool>(m_lua); }
    // The bounds of every script (kept across SCRIPT FLUSH and restarts), and the first stop.
    ScriptLimits scriptLimits;
    ScriptStop firstScriptStop = ScriptStop::None;
    // The running EVAL's context while its script executes (redis.call comes back through it).
    ExecCtx *scriptCtx = nullptr;

    // ScriptHost
    Reply callFromScript(const Command &argv, bool readOnly, const CommandSpec *spec) override;
    const CommandSpec *scriptCommand(const QByteArray &name) override;
    bool commandKnown(const Command &argv) override;

    Keyspace keyspace;
    PubSub pubsub;
    int notifyFlags = 0;
    quint64 commandCount = 0;

    void setObserver(std::function<void(const Engine::KeyChange &)> observer)
    {
        m_observer = std::move(observer);
    }
    void setSink(Engine::MessageSink sink) { m_sink = std::move(sink); }

private:
    Reply dispatch(const Command &argv, ExecCtx &ctx);
    void expireKey(const QByteArray &key);
    void flushPending();

    struct Message {
        int session;
        QByteArray channel;
        QByteArray message;
        QByteArray pattern;
    };

    Engine::Clock m_clock;
    std::function<void(const Engine::KeyChange &)> m_observer;
    Engine::MessageSink m_sink;
    std::unique_ptr<LuaScripting> m_lua;
    // Observer calls and deliveries wait until the top-level command is done, so callbacks
    // never see a half-executed command (or script) and may call back into the engine.
    std::vector<Engine::KeyChange> m_pendingChanges;
    std::vector<Message> m_pendingMessages;
    std::vector<Engine::KeyChange> m_changesInFlight;
    std::vector<Message> m_messagesInFlight;
    int m_depth = 0;
    bool m_flushing = false;
};

} // namespace lockscope::redis
