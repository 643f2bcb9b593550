// Replies from a server: any bytes through the connection's RESP reader, once whole and once cut
// into pieces (the first input byte seeds the cuts, as TCP may deliver a reply in any pieces).
// Both readings must give the same replies and the same verdict.
#include "fuzz_target.h"

#include "redis/resp_codec.h"

namespace {

struct Reading {
    QList<lockscope::Reply> replies;
    bool failed = false;
};

// Feeds `stream` in pieces of the lengths `cut` gives (0: all at once), taking every reply out
// after each piece, as the transport does.
template <typename Cut> Reading read(const QByteArray &stream, Cut cut)
{
    using lockscope::qtredis::RespParser;
    Reading reading;
    RespParser parser;
    qsizetype at = 0;
    while (at < stream.size() && !reading.failed) {
        const qsizetype length = qMin(stream.size() - at, cut());
        if (!parser.feed(stream.mid(at, length))) {
            reading.failed = true;
            break;
        }
        at += length;
        for (;;) {
            lockscope::Reply reply;
            const RespParser::Next next = parser.next(&reply);
            if (next == RespParser::Next::Reply) {
                reading.replies.append(reply);
                continue;
            }
            if (next == RespParser::Next::Error) {
                reading.failed = true;
                lockscope::fuzz::require(!parser.errorString().isEmpty());
            }
            break;
        }
    }
    return reading;
}

} // namespace

LOCKSCOPE_FUZZ_TARGET(resp)
{
    using namespace lockscope;
    if (size == 0)
        return 0;
    const QByteArray stream = fuzz::bytes(data + 1, size - 1);
    const Reading whole = read(stream, [&] { return stream.size(); });
    quint32 state = data[0] * 2654435761u + 1;
    const Reading pieces = read(stream, [&] {
        state = state * 1103515245u + 12345u;
        return qsizetype(1 + (state >> 16) % 16);
    });
    fuzz::require(whole.failed == pieces.failed);
    fuzz::require(whole.replies == pieces.replies);
    return 0;
}
