#include "playback.h"

#include <algorithm>

namespace lockscope::ui {

Playback::Playback(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(16); // ~60 frames a second
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &Playback::tick);
}

QList<double> Playback::speeds()
{
    return {0.01, 0.1, 0.25, 0.5, 1, 2, 5, 10, 100, 1000};
}

void Playback::setEnd(qint64 endUs)
{
    m_endUs = qMax<qint64>(0, endUs);
    if (m_timeUs > m_endUs)
        seek(m_endUs);
}

void Playback::play()
{
    if (isPlaying())
        return;
    if (m_timeUs >= m_endUs)
        seek(0); // play again from the start
    m_wall.start();
    m_lastWallNs = 0;
    m_carryUs = 0;
    m_timer.start();
    Q_EMIT playingChanged(true);
}

void Playback::pause()
{
    if (!isPlaying())
        return;
    m_timer.stop();
    Q_EMIT playingChanged(false);
}

void Playback::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void Playback::seek(qint64 timeUs)
{
    timeUs = std::clamp<qint64>(timeUs, 0, m_endUs);
    if (timeUs == m_timeUs)
        return;
    m_timeUs = timeUs;
    Q_EMIT timeChanged(m_timeUs);
}

void Playback::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.01, 1000.0);
    if (qFuzzyCompare(speed, m_speed))
        return;
    m_speed = speed;
    Q_EMIT speedChanged(m_speed);
}

void Playback::faster()
{
    const auto all = speeds();
    for (double s : all) {
        if (s > m_speed * 1.001) {
            setSpeed(s);
            return;
        }
    }
}

void Playback::slower()
{
    const auto all = speeds();
    for (auto it = all.rbegin(); it != all.rend(); ++it) {
        if (*it < m_speed * 0.999) {
            setSpeed(*it);
            return;
        }
    }
}

void Playback::tick()
{
    const qint64 now = m_wall.nsecsElapsed();
    const double advance = double(now - m_lastWallNs) / 1000.0 * m_speed + m_carryUs;
    m_lastWallNs = now;
    const auto whole = qint64(advance);
    m_carryUs = advance - double(whole);
    const qint64 next = qMin(m_timeUs + whole, m_endUs);
    if (next != m_timeUs) {
        m_timeUs = next;
        Q_EMIT timeChanged(m_timeUs);
    }
    if (m_timeUs >= m_endUs)
        pause();
}

} // namespace lockscope::ui
