#include "key_reader.h"

#include "monitor_clock.h"

#include <memory>
#include <vector>

namespace lockscope {

namespace {

using Handler = std::function<void(KeySnapshot &, const Reply &)>;

struct Step {
    Command argv;
    Handler apply;
};

struct KeyProgress {
    KeyType hint = KeyType::Unknown;
    KeyType valueReadFor = KeyType::Unknown; // the type whose value commands ran
    bool hashFieldsRead = false;
    qint64 hashLength = -1;
};

struct Job {
    Connection *connection = nullptr;
    ReadLimits limits;
    KeyReader::Done done;
    QList<KeySnapshot> snapshots;
    std::vector<KeyProgress> progress;
    int outstanding = 0;
    bool lost = false; // a reply never came: send nothing more
};
using JobPtr = std::shared_ptr<Job>;

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

// Turns the reply of a value command into the snapshot's fields.
// PTTL again with every later round: the key may have gone (or come back) since the first,
// and a string read with GETRANGE cannot tell a missing key from an empty value.
Step pttlStep(const QByteArray &key)
{
    return {{QByteArrayLiteral("PTTL"), key}, [](KeySnapshot &s, const Reply &r) {
                if (r.isError()) {
                    fail(s, "PTTL: " + r.text());
                    return;
                }
                s.pttlMs = r.integer();
                s.readAtUs = monitorNowUs();
            }};
}

Handler valueHandler(KeyType type, const QByteArray &name, bool speculative, KeyProgress *p)
{
    return [type, name, speculative, p](KeySnapshot &s, const Reply &r) {
        if (s.type != type)
            return; // a speculative read for a type the key does not have
        if (r.isError()) {
            if (speculative && r.errorCode() == "WRONGTYPE")
                return;
            fail(s, name + ": " + r.text());
            return;
        }
        if (name == "STRLEN" || name == "LLEN" || name == "ZCARD") {
            s.length = r.integer();
        } else if (name == "HLEN") {
            s.length = r.integer();
            p->hashLength = r.integer();
        } else if (name == "GETRANGE") {
            s.string = r.text();
        } else if (name == "LRANGE") {
            s.items.clear();
            for (const Reply &e : r.elements())
                s.items.append(e.text());
        } else if (name == "ZRANGE") {
            s.members.clear();
            const auto &e = r.elements();
            for (qsizetype i = 0; i + 1 < e.size(); i += 2)
                s.members.append({e[i].text(), e[i + 1].text().toDouble()});
        } else if (name == "HGETALL" || name == "HSCAN") {
            const QList<Reply> &flat =
                name == "HSCAN"
                    ? (r.elements().size() == 2 ? r.elements().at(1).elements() : QList<Reply>())
                    : r.elements();
            s.fields.clear();
            for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
                s.fields.append({flat[i].text(), flat[i + 1].text()});
            p->hashFieldsRead = true;
        }
    };
}

QList<Step> valueSteps(const QByteArray &key, KeyType type, const ReadLimits &limits,
                       KeyProgress *p, bool speculative)
{
    QList<Step> steps;
    const QList<Command> commands =
        KeyReader::valueCommands(key, type, limits, p->hashLength, speculative);
    for (const Command &argv : commands)
        steps.append({argv, valueHandler(type, argv.at(0), speculative, p)});
    return steps;
}

void finish(const JobPtr &job)
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
    auto done = std::move(job->done);
    job->done = nullptr;
    if (done)
        done(std::move(job->snapshots));
}

void sendRound(const JobPtr &job, const std::vector<std::pair<int, Step>> &round);

// What the next round needs, after a round completed.
void nextRound(const JobPtr &job)
{
    if (job->lost) {
        for (KeySnapshot &s : job->snapshots)
            fail(s, QByteArrayLiteral("no reply"));
        finish(job);
        return;
    }
    std::vector<std::pair<int, Step>> round;
    for (int i = 0; i < job->snapshots.size(); ++i) {
        KeySnapshot &s = job->snapshots[i];
        KeyProgress &p = job->progress[std::size_t(i)];
        const bool pttlRead = s.readAtUs != 0;
        if (s.failed || s.type == KeyType::None || (pttlRead && s.pttlMs == -2))
            continue;
        switch (s.type) {
        case KeyType::String:
        case KeyType::List:
        case KeyType::ZSet:
            if (p.valueReadFor != s.type) {
                p.valueReadFor = s.type;
                round.emplace_back(i, pttlStep(s.key));
                for (Step &step : valueSteps(s.key, s.type, job->limits, &p, false))
                    round.emplace_back(i, std::move(step));
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
            } else if (!p.hashFieldsRead) {
                round.emplace_back(i, pttlStep(s.key));
                for (Step &step : valueSteps(s.key, s.type, job->limits, &p, false))
                    round.emplace_back(i, std::move(step));
            }
            break;
        default:
            // A set, a stream: no value to read, but the TTL is still wanted.
            if (!pttlRead)
                round.emplace_back(i, pttlStep(s.key));
            break;
        }
    }
    if (round.empty()) {
        finish(job);
        return;
    }
    sendRound(job, round);
}

void sendRound(const JobPtr &job, const std::vector<std::pair<int, Step>> &round)
{
    job->outstanding = int(round.size());
    for (const auto &[index, step] : round) {
        const int i = index;
        Handler apply = step.apply;
        job->connection->send(step.argv, [job, i, apply](const Reply &reply) {
            KeySnapshot &s = job->snapshots[i];
            if (reply.isNoReply()) {
                job->lost = true;
                fail(s, reply.text());
                s.timedOut = s.timedOut || reply.noReplyKind() == NoReplyKind::Timeout;
            } else {
                apply(s, reply);
            }
            if (--job->outstanding == 0)
                nextRound(job);
        });
    }
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
            return {{QByteArrayLiteral("HLEN"), key}, hscan};
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
    auto job = std::make_shared<Job>();
    job->connection = &connection;
    job->limits = limits;
    job->done = std::move(done);
    job->snapshots.reserve(requests.size());
    job->progress.resize(std::size_t(requests.size()));
    std::vector<std::pair<int, Step>> round;
    round.reserve(std::size_t(requests.size()) * 5);
    for (int i = 0; i < requests.size(); ++i) {
        const ReadRequest &r = requests[i];
        KeySnapshot s;
        s.key = r.key;
        s.ticket = r.ticket;
        job->snapshots.append(s);
        KeyProgress &p = job->progress[std::size_t(i)];
        p.hint = r.hint;
        round.emplace_back(
            i, Step{{QByteArrayLiteral("TYPE"), r.key}, [](KeySnapshot &snap, const Reply &reply) {
                        if (reply.isError())
                            fail(snap, "TYPE: " + reply.text());
                        else
                            snap.type = keyTypeFromName(reply.text());
                    }});
        const bool hinted = r.hint == KeyType::String || r.hint == KeyType::Hash ||
                            r.hint == KeyType::List || r.hint == KeyType::ZSet;
        if (hinted) {
            // One round trip: PTTL and the value go with TYPE, whose reply (first) confirms the
            // type. Without a hint, PTTL waits for the value round, which re-reads it anyway.
            round.emplace_back(i, pttlStep(r.key));
            p.valueReadFor = r.hint;
            if (r.hint == KeyType::Hash)
                p.hashLength = -1;
            for (Step &step : valueSteps(r.key, r.hint, limits, &p, true))
                round.emplace_back(i, std::move(step));
        }
    }
    if (round.empty()) {
        // Nothing to read: still answer from the event loop, never from inside read().
        QMetaObject::invokeMethod(
            &connection, [job] { finish(job); }, Qt::QueuedConnection);
        return;
    }
    sendRound(job, round);
}

} // namespace lockscope
