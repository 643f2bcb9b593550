#include "resp_codec.h"

#include <hiredis/hiredis.h>
#include <hiredis/read.h>

#include <charconv>
#include <cstring>
#include <vector>

namespace lockscope::qtredis {

Reply replyFromHiredis(const redisReply *r)
{
    switch (r->type) {
    case REDIS_REPLY_STRING:
        return Reply::bulk(QByteArray(r->str, static_cast<qsizetype>(r->len)));
    case REDIS_REPLY_STATUS:
        return Reply::status(QByteArray(r->str, static_cast<qsizetype>(r->len)));
    case REDIS_REPLY_ERROR:
        return Reply::error(QByteArray(r->str, static_cast<qsizetype>(r->len)));
    case REDIS_REPLY_INTEGER:
        return Reply::integer(r->integer);
    case REDIS_REPLY_ARRAY: {
        QList<Reply> elements;
        elements.reserve(static_cast<qsizetype>(r->elements));
        for (size_t i = 0; i < r->elements; ++i)
            elements.append(replyFromHiredis(r->element[i]));
        return Reply::array(std::move(elements));
    }
    default: // REDIS_REPLY_NIL: a null bulk string or a null array
        return Reply::nil();
    }
}

namespace {

char *appendHeader(char *out, char kind, qsizetype n)
{
    *out++ = kind;
    out = std::to_chars(out, out + 20, static_cast<long long>(n)).ptr;
    *out++ = '\r';
    *out++ = '\n';
    return out;
}

} // namespace

// The RESP multi-bulk form (*<argc>, then $<len> and the bytes of every argument), written in one
// allocation: the monitor sends a few commands per key, a few hundred thousand per snapshot, and
// hiredis's redisFormatCommandArgv spent most of its time in sprintf and its own allocations.
QByteArray encodeCommand(const Command &argv)
{
    constexpr qsizetype kHeader = 1 + 20 + 2; // '*' or '$', the digits, CRLF
    qsizetype size = kHeader;
    for (const QByteArray &a : argv)
        size += kHeader + a.size() + 2;
    QByteArray wire(size, Qt::Uninitialized);
    char *const begin = wire.data();
    char *out = appendHeader(begin, '*', argv.size());
    for (const QByteArray &a : argv) {
        out = appendHeader(out, '$', a.size());
        if (!a.isEmpty())
            std::memcpy(out, a.constData(), static_cast<size_t>(a.size()));
        out += a.size();
        *out++ = '\r';
        *out++ = '\n';
    }
    wire.truncate(out - begin);
    return wire;
}

namespace {

// hiredis 0.14 allocates an array's element table as soon as the array's header arrives, before
// any element: "*2147483647\r\n" from a broken server reserved 16 GB, and when the stream then
// failed, freeing the table took 15 s (found by tests/fuzz). No reply LockScope asks for comes
// near this bound: its reads are bounded (SCAN pages, the monitor's value reads).
constexpr int kMaxArrayElements = 1 << 24;

const redisReplyObjectFunctions &hiredisFunctions()
{
    // A new reader points at hiredis's own (static) functions.
    static const redisReplyObjectFunctions functions = [] {
        redisReader *reader = redisReaderCreate();
        const redisReplyObjectFunctions copy = *reader->fn;
        redisReaderFree(reader);
        return copy;
    }();
    return functions;
}

void *createBoundedArray(const redisReadTask *task, int elements)
{
    if (elements > kMaxArrayElements) {
        if (task->privdata)
            *static_cast<bool *>(task->privdata) = true;
        return nullptr; // the reader stops with an error
    }
    return hiredisFunctions().createArray(task, elements);
}

redisReplyObjectFunctions *boundedFunctions()
{
    static redisReplyObjectFunctions functions = [] {
        redisReplyObjectFunctions f = hiredisFunctions();
        f.createArray = createBoundedArray;
        return f;
    }();
    return &functions;
}

} // namespace

RespParser::RespParser()
    : m_reader(redisReaderCreateWithFunctions(boundedFunctions()))
{
    m_reader->privdata = &m_arrayTooLong; // every read task carries it to createBoundedArray
}

RespParser::~RespParser()
{
    redisReaderFree(m_reader);
}

bool RespParser::feed(const QByteArray &data)
{
    return redisReaderFeed(m_reader, data.constData(), static_cast<size_t>(data.size())) ==
           REDIS_OK;
}

RespParser::Next RespParser::next(Reply *out)
{
    void *raw = nullptr;
    if (redisReaderGetReply(m_reader, &raw) != REDIS_OK)
        return Next::Error;
    if (!raw)
        return Next::NeedMore;
    *out = replyFromHiredis(static_cast<const redisReply *>(raw));
    freeReplyObject(raw);
    return Next::Reply;
}

QString RespParser::errorString() const
{
    if (m_arrayTooLong)
        return QStringLiteral("Protocol error: an array of more than %1 elements")
            .arg(kMaxArrayElements);
    return QString::fromUtf8(m_reader->errstr);
}

} // namespace lockscope::qtredis
