// EVAL of any script in the embedded engine (users write their own acquire and release
// scripts): the input is the script, then its arguments after \0 bytes (the first half keys,
// the rest ARGV). The keyspace holds a string, a hash and a key with a TTL for it to find. A
// script may loop: the instruction limit is small here so a loop ends as an error quickly.
#include "fuzz_target.h"

#include "redis/engine_core.h"

namespace {

lockscope::Command command(std::initializer_list<QByteArray> parts)
{
    return lockscope::Command(parts);
}

} // namespace

LOCKSCOPE_FUZZ_TARGET(eval)
{
    using namespace lockscope;
    const QList<QByteArray> pieces = fuzz::splitInput(fuzz::bytes(data, size), '\0');
    qint64 nowUs = 1'700'000'000'000'000;
    redis::EngineCore engine([&nowUs] { return nowUs; });
    // A runaway script costs the fuzzer a tenth of a second, not the engine's default 5 s; the
    // memory cap stays far under the fuzzer's RSS limit.
    ScriptLimits limits;
    limits.timeLimitMs = 100;
    limits.memoryCapBytes = qint64(64) << 20;
    engine.scripting().setLimits(limits);
    engine.execute(command({"SET", "lock:a", "token-1", "PX", "30000"}), 1);
    engine.execute(command({"HSET", "lock:h", "uuid-1:1", "2"}), 1);
    engine.execute(command({"SET", "counter", "41"}), 1);

    Command eval{QByteArrayLiteral("EVAL"), pieces.first()};
    const QList<QByteArray> args = pieces.mid(1);
    eval.append(QByteArray::number(args.size() / 2));
    eval.append(args);
    const Reply first = engine.execute(eval, 1);
    fuzz::require(!first.isNoReply());
    if (!first.isError()) {
        // The cached script again, after time passed (TTLs run out between the calls).
        nowUs += 31'000'000;
        Command evalSha = eval;
        evalSha[0] = QByteArrayLiteral("EVALSHA");
        evalSha[1] = redis::LuaScripting::sha1Hex(pieces.first());
        fuzz::require(!engine.execute(evalSha, 2).isNoReply());
    }
    engine.expireDue();
    (void)engine.keyspace.earliestDeadline();
    return 0;
}
