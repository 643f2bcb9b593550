// PUBLISH, (P)SUBSCRIBE, (P)UNSUBSCRIBE and PUBSUB introspection, as redis-server 7.0 answers
// them.
//
// Redis answers SUBSCRIBE a b c with one push reply per channel. Engine::execute() returns one
// Reply, so a command that produces several returns them as an array of those replies; with a
// single channel it is exactly the one reply Redis sends (["subscribe", "a", 1]).
#include "engine_commands.h"

#include "glob_match.h"

namespace lockscope::redis {

namespace {

Reply confirmation(const char *kind, const Reply &name, int count)
{
    return Reply::array({Reply::bulk(QByteArray(kind)), name, Reply::integer(count)});
}

Reply oneOrMany(QList<Reply> replies)
{
    if (replies.size() == 1)
        return replies.takeFirst();
    return Reply::array(std::move(replies));
}

} // namespace

Reply cmdPublish(EngineCore &core, const Command &argv, ExecCtx &)
{
    return Reply::integer(core.publish(argv[1], argv[2]));
}

Reply cmdSubscribe(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    QList<Reply> replies;
    for (qsizetype i = 1; i < argv.size(); ++i) {
        core.pubsub.subscribe(ctx.session, argv[i]);
        replies.append(confirmation("subscribe", Reply::bulk(argv[i]),
                                    core.pubsub.subscriptionCount(ctx.session)));
    }
    return oneOrMany(std::move(replies));
}

Reply cmdPSubscribe(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    QList<Reply> replies;
    for (qsizetype i = 1; i < argv.size(); ++i) {
        core.pubsub.psubscribe(ctx.session, argv[i]);
        replies.append(confirmation("psubscribe", Reply::bulk(argv[i]),
                                    core.pubsub.subscriptionCount(ctx.session)));
    }
    return oneOrMany(std::move(replies));
}

Reply cmdUnsubscribe(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    std::vector<QByteArray> channels;
    if (argv.size() == 1)
        channels = core.pubsub.channelsOf(ctx.session);
    else
        channels.assign(argv.begin() + 1, argv.end());
    QList<Reply> replies;
    for (const QByteArray &channel : channels) {
        core.pubsub.unsubscribe(ctx.session, channel);
        replies.append(confirmation("unsubscribe", Reply::bulk(channel),
                                    core.pubsub.subscriptionCount(ctx.session)));
    }
    if (replies.isEmpty()) // UNSUBSCRIBE with nothing to drop still answers once
        replies.append(
            confirmation("unsubscribe", Reply::nil(), core.pubsub.subscriptionCount(ctx.session)));
    return oneOrMany(std::move(replies));
}

Reply cmdPUnsubscribe(EngineCore &core, const Command &argv, ExecCtx &ctx)
{
    std::vector<QByteArray> patterns;
    if (argv.size() == 1)
        patterns = core.pubsub.patternsOf(ctx.session);
    else
        patterns.assign(argv.begin() + 1, argv.end());
    QList<Reply> replies;
    for (const QByteArray &pattern : patterns) {
        core.pubsub.punsubscribe(ctx.session, pattern);
        replies.append(confirmation("punsubscribe", Reply::bulk(pattern),
                                    core.pubsub.subscriptionCount(ctx.session)));
    }
    if (replies.isEmpty())
        replies.append(
            confirmation("punsubscribe", Reply::nil(), core.pubsub.subscriptionCount(ctx.session)));
    return oneOrMany(std::move(replies));
}

Reply cmdPubSubChannels(EngineCore &core, const Command &argv, ExecCtx &)
{
    if (argv.size() > 3)
        return arityError("pubsub|channels");
    QList<Reply> out;
    for (const QByteArray &channel : core.pubsub.activeChannels()) {
        if (argv.size() == 2 || globMatch(argv[2], channel))
            out.append(Reply::bulk(channel));
    }
    return Reply::array(std::move(out));
}

Reply cmdPubSubNumSub(EngineCore &core, const Command &argv, ExecCtx &)
{
    QList<Reply> out;
    for (qsizetype i = 2; i < argv.size(); ++i) {
        out.append(Reply::bulk(argv[i]));
        out.append(Reply::integer(core.pubsub.subscriberCount(argv[i])));
    }
    return Reply::array(std::move(out));
}

Reply cmdPubSubNumPat(EngineCore &core, const Command &, ExecCtx &)
{
    return Reply::integer(core.pubsub.patternCount());
}

} // namespace lockscope::redis
