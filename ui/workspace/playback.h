// Plays a run back: the playback instant, play/pause, speed (1/100x to 1000x of simulated time),
// seeking. Every view shows the state at time(); they follow timeChanged().
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace lockscope::ui {

class Playback final : public QObject {
    Q_OBJECT
public:
    explicit Playback(QObject *parent = nullptr);

    qint64 time() const { return m_timeUs; }
    qint64 end() const { return m_endUs; }
    bool isPlaying() const { return m_timer.isActive(); }
    double speed() const { return m_speed; }

    void setEnd(qint64 endUs);     // keeps the time, clamped
    static QList<double> speeds(); // the offered speeds, slowest first

public Q_SLOTS:
    void play();
    void pause();
    void togglePlay();
    void seek(qint64 timeUs);
    void setSpeed(double speed);
    void faster();
    void slower();

Q_SIGNALS:
    void timeChanged(qint64 timeUs);
    void playingChanged(bool playing);
    void speedChanged(double speed);

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_wall;
    qint64 m_lastWallNs = 0;
    qint64 m_timeUs = 0;
    qint64 m_endUs = 0;
    double m_speed = 1.0;
    double m_carryUs = 0; // sub-microsecond progress at slow speeds
};

} // namespace lockscope::ui
