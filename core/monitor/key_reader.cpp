#include "key_reader.h"

#include "monitor_clock.h"

#include <vector>

namespace lockscope {

namespace {

// What a reply is for. A value command's reply applies only while the key has the type it was
// sent for (a speculative read for a type the key does not have is ignored).
enum class Op : quint8 {
    Probe, // GETRANGE key 0 max: one byte past the limit, to tell a cut value without STRLEN
    Type,
    Pttl,
    Strlen,
    Getrange,
    Hlen,
    Hgetall,
    Hscan,
    Llen,
    Lrange,
    Zcard,
    Zrange
};

struct Step {
    Command argv;
    Op op;
    KeyType type = KeyType::Unknown; // for value commands: the type they read
    bool speculative = false;
};

struct KeyProgress {
    KeyType hint = KeyType::Unknown;
    bool probed = false;                     // the first round was the string probe
    bool probeWrongType = false;             // ... and the key is not a string
    KeyType valueReadFor = KeyType::Unknown; // the type whose value commands ran
    bool hashFieldsRead = false;
    qint64 hashLength = -1;
};

// The arguments every key's commands share, made once per read instead of once per key (a
// snapshot sends a few hundred thousand commands; each QByteArray::number is an allocation).
struct Args {
    explicit Args(const ReadLimits &limits)
        : zero(QByteArrayLiteral("0"))
        , stringEnd(QByteArray::number(qMax(1, limits.maxStringBytes) - 1))
        , probeEnd(QByteArray::number(qMax(1, limits.maxStringBytes)))
        , hashCount(QByteArray::number(qMax(1, limits.maxHashFields)))
        , listEnd(QByteArray::number(qMax(1, limits.maxListItems) - 1))
        , zsetEnd(QByteArray::number(qMax(1, limits.maxZsetItems) - 1))
    {}
    QByteArray zero, stringEnd, probeEnd, hashCount, listEnd, zsetEnd;
};

// One read. Owned by its replies: every command's callback runs exactly once (Connection's
// contract, also when the connection goes away), and the last one of the last round deletes
// it. The callbacks carry a plain pointer and two small numbers, which std::function keeps
// without allocating.
struct Job {
    Job(Connection *c, const ReadLimits &l, KeyReader::Done d)
        : connection(c)
        , limits(l)
        , args(l)
        , done(std::move(d))
    {}
    Connection *connection;
    ReadLimits limits;
    Args args;
    KeyReader::Done done;
    QList<KeySnapshot> snapshots;
    std::vector<KeyProgress> progress;
    int outstanding = 0;
    bool lost = false; // a reply never came: send nothing more
};

QByteArray num(qint64 n)
{
    return QByteArray::number(n);
}

void fail(KeySnapshot &s, const QByteArray &why)
{
    if (!s.failed) {
        s.failed = true;
        s.error = why;
    }
}

QByteArray opName(Op op)
{
    switch (op) {
    case Op::Probe:
    case Op::Getrange:
        return QByteArrayLiteral("GETRANGE");
    case Op::Type:
        return QByteArrayLiteral("TYPE");
    case Op::Pttl:
        return QByteArrayLiteral("PTTL");
    case Op::Strlen:
        return QByteArrayLiteral("STRLEN");
    case Op::Hlen:
        return QByteArrayLiteral("HLEN");
    case Op::Hgetall:
        return QByteArrayLiteral("HGETALL");
    case Op::Hscan:
        return QByteArrayLiteral("HSCAN");
    case Op::Llen:
        return QByteArrayLiteral("LLEN");
    case Op::Lrange:
        return QByteArrayLiteral("LRANGE");
    case Op::Zcard:
        return QByteArrayLiteral("ZCARD");
    case Op::Zrange:
        return QByteArrayLiteral("ZRANGE");
    }
    return {};
}

// Turns one reply into the snapshot's fields.
// PTTL again with every later round: the key may have gone (or come back) since the first,
// and a string read with GETRANGE cannot tell a missing key from an empty value.
void apply(KeySnapshot &s, KeyProgress &p, Op op, KeyType type, bool speculative, const Reply &r,
           const ReadLimits &limits)
{
    if (op == Op::Probe) {
        if (r.isError()) {
            if (r.errorCode() == "WRONGTYPE")
                p.probeWrongType = true;
            else
                fail(s, "GETRANGE: " + r.text());
            return;
        }
        // A reply within the limit is the whole value; one byte more says it was cut, and the
        // next round reads its length. (An empty reply may be a missing key: see nextRound.)
        s.type = KeyType::String;
        s.string = r.text();
        s.length = s.string.size();
        if (s.length > limits.maxStringBytes)
            s.string.truncate(limits.maxStringBytes);
        return;
    }
    if (op == Op::Type) {
        if (r.isError())
            fail(s, "TYPE: " + r.text());
        else
            s.type = keyTypeFromName(r.text());
        return;
    }
    if (op == Op::Pttl) {
        if (r.isError()) {
            fail(s, "PTTL: " + r.text());
            return;
        }
        s.pttlMs = r.integer();
        s.readAtUs = monitorNowUs();
        return;
    }
    if (s.type != type)
        return; // a speculative read for a type the key does not have
    if (r.isError()) {
        if (speculative && r.errorCode() == "WRONGTYPE")
            return;
        fail(s, opName(op) + ": " + r.text());
        return;
    }
    switch (op) {
    case Op::Strlen:
    case Op::Llen:
    case Op::Zcard:
        s.length = r.integer();
        break;
    case Op::Hlen:
        s.length = r.integer();
        p.hashLength = r.integer();
        break;
    case Op::Getrange:
        s.string = r.text();
        break;
    case Op::Lrange:
        s.items.clear();
        s.items.reserve(r.elements().size());
        for (const Reply &e : r.elements())
            s.items.append(e.text());
        break;
    case Op::Zrange: {
        s.members.clear();
        const auto &e = r.elements();
        for (qsizetype i = 0; i + 1 < e.size(); i += 2)
            s.members.append({e[i].text(), e[i + 1].text().toDouble()});
        break;
    }
    case Op::Hgetall:
    case Op::Hscan: {
        static const QList<Reply> none;
        const QList<Reply> &flat =
            op == Op::Hscan ? (r.elements().size() == 2 ? r.elements().at(1).elements() : none)
                            : r.elements();
        s.fields.clear();
        s.fields.reserve(flat.size() / 2);
        for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
            s.fields.append({flat[i].text(), flat[i + 1].text()});
        p.hashFieldsRead = true;
        // A first HSCAN page whose cursor is back at 0 is the whole hash: its length needs no
        // HLEN (sent only for the bigger ones, next round).
        if (speculative && op == Op::Hscan && r.elements().size() == 2 &&
            r.elements().at(0).text() == "0") {
            s.length = s.fields.size();
            p.hashLength = s.length;
        }
        break;
    }
    default:
        break;
    }
}

using Round = std::vector<std::pair<int, Step>>;

void addPttl(Round &round, int i, const QByteArray &key)
{
    round.emplace_back(i, Step{{QByteArrayLiteral("PTTL"), key}, Op::Pttl});
}

// KeyReader::valueCommands, with the shared arguments.
void addValueSteps(Round &round, int i, const QByteArray &key, KeyType type, const Args &a,
                   const ReadLimits &limits, qint64 hashLength, bool speculative)
{
    auto add = [&](Command argv, Op op) {
        round.emplace_back(i, Step{std::move(argv), op, type, speculative});
    };
    switch (type) {
    case KeyType::String:
        add({QByteArrayLiteral("STRLEN"), key}, Op::Strlen);
        add({QByteArrayLiteral("GETRANGE"), key, a.zero, a.stringEnd}, Op::Getrange);
        break;
    case KeyType::Hash:
        if (speculative) {
            add({QByteArrayLiteral("HSCAN"), key, a.zero, QByteArrayLiteral("COUNT"), a.hashCount},
                Op::Hscan);
        } else if (hashLength < 0) {
            add({QByteArrayLiteral("HLEN"), key}, Op::Hlen);
        } else if (hashLength <= limits.maxHashFields) {
            add({QByteArrayLiteral("HGETALL"), key}, Op::Hgetall);
        } else {
            add({QByteArrayLiteral("HSCAN"), key, a.zero, QByteArrayLiteral("COUNT"), a.hashCount},
                Op::Hscan);
        }
        break;
    case KeyType::List:
        add({QByteArrayLiteral("LLEN"), key}, Op::Llen);
        add({QByteArrayLiteral("LRANGE"), key, a.zero, a.listEnd}, Op::Lrange);
        break;
    case KeyType::ZSet:
        add({QByteArrayLiteral("ZCARD"), key}, Op::Zcard);
        add({QByteArrayLiteral("ZRANGE"), key, a.zero, a.zsetEnd, QByteArrayLiteral("WITHSCORES")},
            Op::Zrange);
        break;
    default:
        break;
    }
}

// TYPE, and with a guess of the type (a hint, or what the probe suggested) PTTL and the value
// commands in the same round: TYPE's reply, first, confirms the guess; a wrong one costs one more
// round. Without a guess PTTL waits for the value round, which re-reads it anyway.
void addTypedRound(Round &round, int i, const QByteArray &key, KeyType guess, const Args &a,
                   const ReadLimits &limits, KeyProgress &p)
{
    round.emplace_back(i, Step{{QByteArrayLiteral("TYPE"), key}, Op::Type});
    if (guess != KeyType::String && guess != KeyType::Hash && guess != KeyType::List &&
        guess != KeyType::ZSet)
        return;
    p.hint = guess;
    addPttl(round, i, key);
    p.valueReadFor = guess;
    if (guess == KeyType::Hash)
        p.hashLength = -1;
    addValueSteps(round, i, key, guess, a, limits, p.hashLength, true);
}

void finish(Job *job)
{
    for (KeySnapshot &s : job->snapshots) {
        if (s.failed)
            continue;
        if (s.readAtUs == 0)
            s.readAtUs = monitorNowUs(); // gone at TYPE: no PTTL was needed
        // A container Redis answers with length 0 does not exist any more (Redis deletes empty
        // hashes, lists and sorted sets): it went away between TYPE and the value read.
        const bool emptied =
            (s.type == KeyType::Hash || s.type == KeyType::List || s.type == KeyType::ZSet) &&
            s.length == 0;
        if (s.type == KeyType::None || s.pttlMs == -2 || emptied) {
            s.type = KeyType::None;
            s.pttlMs = -2;
            s.length = 0;
            s.string.clear();
            s.fields.clear();
            s.items.clear();
            s.members.clear();
        }
    }
    KeyReader::Done done = std::move(job->done);
    QList<KeySnapshot> snapshots = std::move(job->snapshots);
    delete job;
    if (done)
        done(std::move(snapshots));
}

void sendRound(Job *job, Round &round);

// What the next round needs, after a round completed.
void nextRound(Job *job)
{
    if (job->lost) {
        for (KeySnapshot &s : job->snapshots)
            fail(s, QByteArrayLiteral("no reply"));
        finish(job);
        return;
    }
    Round round;
    for (int i = 0; i < job->snapshots.size(); ++i) {
        KeySnapshot &s = job->snapshots[i];
        KeyProgress &p = job->progress[std::size_t(i)];
        const bool pttlRead = s.readAtUs != 0;
        if (s.failed || s.type == KeyType::None || (pttlRead && s.pttlMs == -2))
            continue;
        if (p.probed) {
            p.probed = false;
            const bool cut = s.type == KeyType::String && s.length > job->limits.maxStringBytes;
            const bool ambiguous = s.type == KeyType::String && s.length == 0;
            if (s.type == KeyType::String && !cut && !ambiguous) {
                p.valueReadFor = KeyType::String; // the probe read it whole
                continue;
            }
            // Not a string, cut, or empty (an empty string, or a key that appeared between
            // GETRANGE and PTTL): read it as a first read with a type guess would, TYPE first.
            const KeyType guess = p.probeWrongType ? KeyType::Hash : KeyType::String;
            KeySnapshot fresh;
            fresh.key = s.key;
            fresh.ticket = s.ticket;
            s = std::move(fresh);
            p = KeyProgress{};
            addTypedRound(round, i, s.key, guess, job->args, job->limits, p);
            continue;
        }
        switch (s.type) {
        case KeyType::String:
        case KeyType::List:
        case KeyType::ZSet:
            if (p.valueReadFor != s.type) {
                p.valueReadFor = s.type;
                addPttl(round, i, s.key);
                addValueSteps(round, i, s.key, s.type, job->args, job->limits, p.hashLength, false);
            }
            break;
        case KeyType::Hash:
            if (p.valueReadFor != KeyType::Hash) {
                p.valueReadFor = KeyType::Hash;
                p.hashLength = -1;
                p.hashFieldsRead = false;
            }
            if (!p.hashFieldsRead && p.hashLength == 0) {
                break; // emptied: finish() calls it gone
            } else if (p.hashFieldsRead && p.hashLength < 0) {
                // A speculative first page of a big hash: only its length is missing.
                round.emplace_back(
                    i, Step{{QByteArrayLiteral("HLEN"), s.key}, Op::Hlen, KeyType::Hash, false});
            } else if (!p.hashFieldsRead) {
                addPttl(round, i, s.key);
                addValueSteps(round, i, s.key, s.type, job->args, job->limits, p.hashLength, false);
            }
            break;
        default:
            // A set, a stream: no value to read, but the TTL is still wanted.
            if (!pttlRead)
                addPttl(round, i, s.key);
            break;
        }
    }
    if (round.empty()) {
        finish(job);
        return;
    }
    sendRound(job, round);
}

void sendRound(Job *job, Round &round)
{
    job->outstanding = int(round.size());
    for (auto &[index, step] : round) {
        const int i = index;
        const Op op = step.op;
        const KeyType type = step.type;
        const bool speculative = step.speculative;
        if (op == Op::Pttl)
            job->snapshots[i].sentAtUs = monitorNowUs();
        job->connection->send(step.argv, [job, i, op, type, speculative](const Reply &reply) {
            KeySnapshot &s = job->snapshots[i];
            if (reply.isNoReply()) {
                job->lost = true;
                fail(s, reply.text());
                s.timedOut = s.timedOut || reply.noReplyKind() == NoReplyKind::Timeout;
            } else {
                apply(s, job->progress[std::size_t(i)], op, type, speculative, reply, job->limits);
            }
            if (--job->outstanding == 0)
                nextRound(job);
        });
    }
    // Out now, not when the event loop next polls the socket: the caller may have a page of
    // replies to work through first, and the server can answer these meanwhile.
    job->connection->flush();
}

} // namespace

QList<Command> KeyReader::valueCommands(const QByteArray &key, KeyType type,
                                        const ReadLimits &limits, qint64 hashLength,
                                        bool speculative)
{
    switch (type) {
    case KeyType::String:
        return {
            {QByteArrayLiteral("STRLEN"), key},
            {QByteArrayLiteral("GETRANGE"), key, num(0), num(qMax(1, limits.maxStringBytes) - 1)}};
    case KeyType::Hash: {
        const QByteArray count = num(qMax(1, limits.maxHashFields));
        const Command hscan{QByteArrayLiteral("HSCAN"), key, num(0), QByteArrayLiteral("COUNT"),
                            count};
        if (speculative)
            return {hscan};
        if (hashLength < 0)
            return {{QByteArrayLiteral("HLEN"), key}};
        if (hashLength <= limits.maxHashFields)
            return {{QByteArrayLiteral("HGETALL"), key}};
        return {hscan};
    }
    case KeyType::List:
        return {{QByteArrayLiteral("LLEN"), key},
                {QByteArrayLiteral("LRANGE"), key, num(0), num(qMax(1, limits.maxListItems) - 1)}};
    case KeyType::ZSet:
        return {{QByteArrayLiteral("ZCARD"), key},
                {QByteArrayLiteral("ZRANGE"), key, num(0), num(qMax(1, limits.maxZsetItems) - 1),
                 QByteArrayLiteral("WITHSCORES")}};
    default:
        return {};
    }
}

void KeyReader::read(Connection &connection, const QList<ReadRequest> &requests,
                     const ReadLimits &limits, Done done)
{
    if (requests.isEmpty()) {
        // Nothing to read: still answer from the event loop, never from inside read().
        QMetaObject::invokeMethod(
            &connection,
            [done = std::move(done)] {
                if (done)
                    done({});
            },
            Qt::QueuedConnection);
        return;
    }
    auto *job = new Job(&connection, limits, std::move(done));
    job->snapshots.reserve(requests.size());
    job->progress.resize(std::size_t(requests.size()));
    Round round;
    round.reserve(std::size_t(requests.size()) * 5);
    for (int i = 0; i < requests.size(); ++i) {
        const ReadRequest &r = requests[i];
        KeySnapshot s;
        s.key = r.key;
        s.ticket = r.ticket;
        job->snapshots.append(std::move(s));
        KeyProgress &p = job->progress[std::size_t(i)];
        p.hint = r.hint;
        if (r.hint == KeyType::Unknown || r.hint == KeyType::String) {
            // Most lock keys are strings: GETRANGE tells the type by answering (WRONGTYPE
            // otherwise) and reads the value, PTTL the rest: two commands, no TYPE.
            p.probed = true;
            round.emplace_back(
                i, Step{{QByteArrayLiteral("GETRANGE"), r.key, job->args.zero, job->args.probeEnd},
                        Op::Probe});
            addPttl(round, i, r.key);
        } else {
            addTypedRound(round, i, r.key, r.hint, job->args, limits, p);
        }
    }
    sendRound(job, round);
}

} // namespace lockscope
