// QtRedis's use of hiredis, and nothing else of the connection: encoding a command for the wire
// (by hand, the bytes redisFormatCommandArgv writes) and parsing the server's bytes into Replies (a
// redisReader). Kept apart so the connection's other parts never see a hiredis type.
#pragma once

#include "reply.h"

#include <QString>

struct redisReader;
struct redisReply;

namespace lockscope::qtredis {

// The RESP bytes of one command (written here, as redisFormatCommandArgv would: the same bytes,
// without its sprintf). Binary safe: every argument goes with its length, so \0 and \r\n pass
// unchanged.
QByteArray encodeCommand(const Command &argv);

// A reply hiredis parsed, as a Reply (a null bulk string or array is Nil). The tests' blocking
// hiredis client uses it too.
Reply replyFromHiredis(const redisReply *reply);

// Replies out of a byte stream, in the order the server sent them. One per transport: after a
// parse error the stream cannot be trusted any more.
class RespParser {
public:
    enum class Next : quint8 {
        Reply,    // *out holds the next reply
        NeedMore, // no whole reply buffered yet
        Error,    // not RESP; errorString() says why
    };

    RespParser();
    ~RespParser();
    Q_DISABLE_COPY_MOVE(RespParser)

    // Appends bytes from the server; false if the reader refused them.
    bool feed(const QByteArray &data);
    Next next(Reply *out);
    QString errorString() const;

private:
    redisReader *m_reader;
    bool m_arrayTooLong = false; // the reader refused an array header beyond the bound
};

} // namespace lockscope::qtredis
