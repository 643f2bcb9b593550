#include "caption_matcher.h"

namespace lockscope {

CaptionMatcher::CaptionMatcher(QList<Caption> captions, QList<QByteArray> clientNames,
                               std::shared_ptr<StringPool> strings)
    : m_captions(std::move(captions))
    , m_clientNames(std::move(clientNames))
    , m_strings(std::move(strings))
    , m_matches(std::size_t(m_captions.size()), 0)
    , m_shown(std::size_t(m_captions.size()), false)
    , m_left(m_captions.size())
{}

void CaptionMatcher::see(const Event &e, EventSink *out)
{
    if (m_left == 0 || e.kind == EventKind::Caption)
        return;
    const char *kind = eventKindId(e.kind);
    for (std::size_t i = 0; i < m_shown.size(); ++i) {
        if (m_shown[i])
            continue;
        const Caption &cap = m_captions[qsizetype(i)];
        if (cap.eventKind != QLatin1String(kind))
            continue;
        if (!cap.client.isEmpty()) {
            const qint16 who = e.client != kNoClient ? e.client : e.owner;
            if (who < 0 || who >= m_clientNames.size() || m_clientNames[who] != cap.client.toUtf8())
                continue;
        }
        if (++m_matches[i] < cap.occurrence)
            continue;
        m_shown[i] = true;
        --m_left;
        Event c;
        c.timeUs = e.timeUs;
        c.kind = EventKind::Caption;
        c.client = e.client;
        c.key = e.key;
        c.text = m_strings->intern(cap.text.value(QStringLiteral("en")).toUtf8());
        c.value = qint64(i);
        out->consume(c);
    }
}

} // namespace lockscope
